/**
 * @module The Sessions and CDRs modules as e-mobility provider (mod_sessions.asciidoc and mod_cdrs.asciidoc,
 * "Receiver Interface"): a partner's CPO pushes our drivers' roaming sessions at
 * `/emsp/sessions/{country_code}/{party_id}/{session_id}` (GET, PUT, PATCH; idempotent by `last_updated`)
 * and POSTs their CDRs to `/emsp/cdrs` (answered with the CDR's URL in `Location`, readable by GET). Only
 * for the calling peering's own CPO parties: another party is answered HTTP 404 + 2001 (transport_and_format
 * "Errors": a URL naming a party the client did not register may be answered 404). A CDR closes the
 * session and prices it for our driver by our EMSP tariff; a CDR id already received is ignored.
 */
import { Cdr } from '@domain/ocpi/cdrs';
import { ownsParty } from '@domain/ocpi/partner-data';
import { countryCode, partyId } from '@domain/ocpi/schemas';
import { Session, SessionPatch } from '@domain/ocpi/sessions';
import { OcpiStatus } from '@domain/ocpi/status';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  applyCdr,
  type EmspSessionKey,
  emspSessionByCdr,
  emspSessionByKey,
  upsertEmspSession,
} from './ocpi.emsp-sessions.store';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';

const Party = z.object({ country_code: countryCode, party_id: partyId });
const SessionId = z.string().min(1).max(36);
const CdrId = z.string().min(1).max(39);

/** The calling peering's CPO party (country code, party id), or the answer refusing the call. */
function partyOf(
  c: OcpiContext,
  country: string | undefined,
  party: string | undefined,
): { key: EmspSessionKey } | { refusal: Response } {
  const peering = callerFor(c, 'module');
  if (!peering) return { refusal: unauthorized(c) };
  const parsed = Party.safeParse({ country_code: country, party_id: party });
  if (!parsed.success)
    return {
      refusal: failure(c, 400, OcpiStatus.invalidParameters, `Invalid ${parsed.error.issues[0]?.path.join('.')}`),
    };
  const { country_code: cc, party_id: pid } = parsed.data;
  if (!ownsParty(peering.partnerRolesJson, 'CPO', cc, pid))
    return {
      refusal: failure(c, 404, OcpiStatus.invalidParameters, `${cc}/${pid} is not a CPO party of this peering`),
    };
  const key: EmspSessionKey = {
    peeringId: peering.id,
    companyId: peering.companyId,
    countryCode: cc.toUpperCase(),
    partyId: pid.toUpperCase(),
  };
  return { key };
}

async function bodyOf(c: OcpiContext): Promise<{ json: unknown } | { refusal: Response }> {
  try {
    return { json: await c.req.json() };
  } catch {
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON') };
  }
}

const invalid = (c: OcpiContext, what: string, error: z.ZodError) =>
  failure(
    c,
    200,
    OcpiStatus.invalidParameters,
    `Invalid ${what} object: ${error.issues[0]?.path.join('.') || '(body)'}`,
  );

/** The object names the URL's party and id (transport_and_format: 2001 when it does not). */
const samePlace = (key: EmspSessionKey, id: string, o: { country_code?: string; party_id?: string; id?: string }) =>
  (o.country_code === undefined || o.country_code.toUpperCase() === key.countryCode) &&
  (o.party_id === undefined || o.party_id.toUpperCase() === key.partyId) &&
  (o.id === undefined || o.id === id);
const MISPLACED = 'The Session object does not match the country_code, party_id or session_id of the URL';

/** The session addressed by the path. */
function addressed(c: OcpiContext): { key: EmspSessionKey; id: string } | { refusal: Response } {
  const p = partyOf(c, c.req.param('country_code'), c.req.param('party_id'));
  if ('refusal' in p) return p;
  const id = SessionId.safeParse(c.req.param('session_id'));
  if (!id.success) return { refusal: failure(c, 400, OcpiStatus.invalidParameters, 'Invalid session_id') };
  return { key: p.key, id: id.data };
}

const unknownSession = (c: OcpiContext) => failure(c, 404, OcpiStatus.clientError, 'Unknown session');

export const emspSessions = new Hono<OcpiEnv>()
  .get('/:country_code/:party_id/:session_id', async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const row = await emspSessionByKey(c.var.db, a.key, a.id);
    return row ? answer(c, JSON.parse(row.sessionJson)) : unknownSession(c);
  })
  .put('/:country_code/:party_id/:session_id', async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const body = await bodyOf(c);
    if ('refusal' in body) return body.refusal;
    const parsed = Session.safeParse(body.json);
    if (!parsed.success) return invalid(c, 'Session', parsed.error);
    if (!samePlace(a.key, a.id, parsed.data)) return failure(c, 200, OcpiStatus.invalidParameters, MISPLACED);
    await upsertEmspSession(c.var.db, a.key, parsed.data);
    return answer(c, undefined);
  })
  .patch('/:country_code/:party_id/:session_id', async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const body = await bodyOf(c);
    if ('refusal' in body) return body.refusal;
    const parsed = SessionPatch.safeParse(body.json);
    if (!parsed.success) return invalid(c, 'Session', parsed.error);
    if (!samePlace(a.key, a.id, parsed.data)) return failure(c, 200, OcpiStatus.invalidParameters, MISPLACED);
    const row = await emspSessionByKey(c.var.db, a.key, a.id);
    if (!row) return unknownSession(c);
    // The PATCH applies to the whole object; a late or duplicated one changes nothing (the write is conditional).
    const merged = Session.safeParse({ ...(JSON.parse(row.sessionJson) as object), ...parsed.data });
    if (!merged.success) return invalid(c, 'Session', merged.error);
    await upsertEmspSession(c.var.db, a.key, merged.data);
    return answer(c, undefined);
  });

export const emspCdrs = new Hono<OcpiEnv>()
  .post('/', async (c) => {
    const peering = callerFor(c, 'module');
    if (!peering) return unauthorized(c);
    const body = await bodyOf(c);
    if ('refusal' in body) return body.refusal;
    const parsed = Cdr.safeParse(body.json);
    if (!parsed.success) return invalid(c, 'CDR', parsed.error);
    const cdr = parsed.data;
    const p = partyOf(c, cdr.country_code, cdr.party_id);
    if ('refusal' in p) return p.refusal;
    await applyCdr(c.var.db, p.key, cdr);
    const url = `${new URL(c.req.url).origin}${new URL(c.req.url).pathname.replace(/\/$/, '')}/${p.key.countryCode}/${p.key.partyId}/${encodeURIComponent(cdr.id)}`;
    return answer(c, undefined, { headers: { Location: url } });
  })
  .get('/:country_code/:party_id/:cdr_id', async (c) => {
    const p = partyOf(c, c.req.param('country_code'), c.req.param('party_id'));
    if ('refusal' in p) return p.refusal;
    const id = CdrId.safeParse(c.req.param('cdr_id'));
    if (!id.success) return failure(c, 400, OcpiStatus.invalidParameters, 'Invalid cdr_id');
    const row = await emspSessionByCdr(c.var.db, p.key, id.data);
    if (!row?.cdrJson) return failure(c, 404, OcpiStatus.clientError, 'Unknown CDR');
    return answer(c, JSON.parse(row.cdrJson));
  });
