/**
 * @module The tokens module as receiver (mod_tokens.asciidoc, "Receiver Interface"): a partner's eMSP
 * pushes its drivers' tokens (PUT, PATCH) and reads back what we hold (GET) at
 * `/tokens/{country_code}/{party_id}/{token_uid}[?type=]`. Only for the calling peering's own EMSP
 * parties; a late or duplicated PUT/PATCH (not newer by `last_updated`) is answered success and not
 * applied. The cache is what our stations authorize from (`ocpi.authorize.ts`).
 */
import { type CredentialsRole, countryCode, partyId } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { isNewer, Token, TokenPatch, TokenType } from '@domain/ocpi/tokens';
import { Hono } from 'hono';
import { z } from 'zod';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import type { PeeringRow } from './ocpi.store';
import { rowOfToken, type TokenKey, tokenByKey, tokenOfRow, upsertToken } from './ocpi.tokens.store';

const Params = z.object({
  country_code: countryCode,
  party_id: partyId,
  token_uid: z.string().min(1).max(36),
  type: TokenType.default('RFID'),
});

/** Whether the partner of this peering registered the EMSP party (country code, party id). */
export function ownsEmspParty(peering: PeeringRow, country: string, party: string): boolean {
  let roles: CredentialsRole[] = [];
  try {
    roles = JSON.parse(peering.partnerRolesJson) as CredentialsRole[];
  } catch {
    return false;
  }
  return roles.some(
    (r) =>
      r.role === 'EMSP' &&
      r.country_code.toUpperCase() === country.toUpperCase() &&
      r.party_id.toUpperCase() === party.toUpperCase(),
  );
}

/** The token addressed by the path, or the answer refusing the call. */
function addressed(c: OcpiContext): { key: TokenKey; peering: PeeringRow } | { refusal: Response } {
  const peering = callerFor(c, 'module');
  if (!peering) return { refusal: unauthorized(c) };
  const parsed = Params.safeParse({ ...c.req.param(), type: c.req.query('type') || undefined });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, `Invalid ${field}`) };
  }
  const p = parsed.data;
  if (!ownsEmspParty(peering, p.country_code, p.party_id))
    return {
      refusal: failure(
        c,
        403,
        OcpiStatus.clientError,
        `${p.country_code}/${p.party_id} is not an EMSP party of this peering`,
      ),
    };
  return {
    peering,
    key: {
      peeringId: peering.id,
      countryCode: p.country_code.toUpperCase(),
      partyId: p.party_id.toUpperCase(),
      uid: p.token_uid,
      type: p.type,
    },
  };
}

async function bodyOf(c: OcpiContext): Promise<{ json: unknown } | { refusal: Response }> {
  try {
    return { json: await c.req.json() };
  } catch {
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON') };
  }
}

const invalid = (c: OcpiContext, error: z.ZodError) =>
  failure(c, 200, OcpiStatus.invalidParameters, `Invalid Token object: ${error.issues[0]?.path.join('.') || '(body)'}`);

/** The object's identity must be the path's (transport_and_format: the URL names the object). */
function samePlace(key: TokenKey, t: Partial<Pick<Token, 'country_code' | 'party_id' | 'uid' | 'type'>>) {
  return (
    (t.country_code === undefined || t.country_code.toUpperCase() === key.countryCode) &&
    (t.party_id === undefined || t.party_id.toUpperCase() === key.partyId) &&
    (t.uid === undefined || t.uid === key.uid) &&
    (t.type === undefined || t.type === key.type)
  );
}
const MISPLACED = 'The Token object does not match the country_code, party_id, token_uid or type of the URL';

export const tokens = new Hono<OcpiEnv>()
  .get('/:country_code/:party_id/:token_uid', async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const row = await tokenByKey(c.var.db, a.key);
    if (!row) return failure(c, 404, OcpiStatus.unknownToken, 'Unknown token');
    return answer(c, tokenOfRow(row));
  })
  .put('/:country_code/:party_id/:token_uid', async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const body = await bodyOf(c);
    if ('refusal' in body) return body.refusal;
    const parsed = Token.safeParse(body.json);
    if (!parsed.success) return invalid(c, parsed.error);
    if (!samePlace(a.key, parsed.data)) return failure(c, 200, OcpiStatus.invalidParameters, MISPLACED);
    await upsertToken(c.var.db, rowOfToken(a.peering.id, parsed.data));
    return answer(c, undefined);
  })
  .patch('/:country_code/:party_id/:token_uid', async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const body = await bodyOf(c);
    if ('refusal' in body) return body.refusal;
    const parsed = TokenPatch.safeParse(body.json);
    if (!parsed.success) return invalid(c, parsed.error);
    if (!samePlace(a.key, parsed.data)) return failure(c, 200, OcpiStatus.invalidParameters, MISPLACED);
    const row = await tokenByKey(c.var.db, a.key);
    if (!row) return failure(c, 404, OcpiStatus.unknownToken, 'Unknown token');
    // A late or duplicated PATCH changes nothing (and neither does the conditional write below).
    if (!isNewer(parsed.data.last_updated, row.lastUpdated)) return answer(c, undefined);
    const merged = Token.safeParse({ ...tokenOfRow(row), ...parsed.data });
    if (!merged.success) return invalid(c, merged.error);
    await upsertToken(c.var.db, rowOfToken(a.peering.id, merged.data));
    return answer(c, undefined);
  });
