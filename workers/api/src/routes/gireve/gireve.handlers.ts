/**
 * @module The hub (Gireve) API (issue 22 part 6, spec 001 7.22, ADR 057 addendum "Hub and charging
 * profiles"): a full token pull of an eMSP through the hub, our CPO party ids an eMSP reaches there, and
 * one cached roaming token with the peering it came from. All within the caller's company scope; a
 * clear error when no hub peering exists.
 */
import { hubParty, parsePartyCode, partyCode } from '@domain/ocpi/hub';
import type { PartyRef } from '@domain/ocpi/transport';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { hubClientsOf } from '../../ocpi/ocpi.hub.store';
import { partnerEndpoint } from '../../ocpi/ocpi.outbox';
import type { PeeringRow } from '../../ocpi/ocpi.store';
import { pullTokens } from './gireve.pull';
import { cachedToken, getCpoId, getFull } from './gireve.routes';
import { cpoParties, hubPeerings, tokenInScope } from './gireve.store';

type Ctx = Context<AppEnv>;
const same = (a: PartyRef, b: { countryCode: string; partyId: string }) =>
  a.countryCode === b.countryCode.toUpperCase() && a.partyId === b.partyId.toUpperCase();
const noHub = (c: Ctx) => apiError(c, 404, 'HUB_PEERING_MISSING', 'hubPeeringMissing');

/** The eMSP's status at the hub (HubClientInfo), null when the hub did not tell. */
async function emspStatus(c: Ctx, peering: PeeringRow, emsp: PartyRef) {
  const clients = await hubClientsOf(c.get('db'), peering.id);
  return clients.find((x) => x.role === 'EMSP' && same(emsp, x))?.status ?? null;
}

export const gireveRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getFull, async (c) => {
    const params = c.req.valid('param');
    const cpo = parsePartyCode(params.cpo_id);
    const emsp = parsePartyCode(params.emsp_id);
    if (!cpo || !emsp) return noHub(c);
    const db = c.get('db');
    const scope = await callerScope(c);
    const hubs = await hubPeerings(db, scope);
    if (hubs.length === 0) return noHub(c);
    const parties = (await cpoParties(db, scope)).filter((p) => same(cpo, p));
    const peering = hubs.find((h) => parties.some((p) => p.companyId === h.companyId));
    if (!peering) return apiError(c, 404, 'HUB_PARTY_UNKNOWN', 'hubPartyUnknown', { params: { id: partyCode(cpo) } });
    const status = await emspStatus(c, peering, emsp);
    if (status === 'SUSPENDED' || status === 'OFFLINE')
      return apiError(c, 409, 'HUB_PARTY_UNREACHABLE', 'hubPartyUnreachable', {
        params: { id: partyCode(emsp), status },
      });
    const endpoint = partnerEndpoint(peering, 'tokens', 'SENDER');
    if (!endpoint) return apiError(c, 409, 'HUB_NO_TOKENS_SENDER', 'hubNoTokensSender');
    const pulled = await pullTokens(db, c.env, peering, endpoint, { cpo, emsp }, c.req.valid('query').offset);
    if ('error' in pulled)
      return apiError(c, 502, 'HUB_PULL_FAILED', 'hubPullFailed', { params: { reason: pulled.error.slice(0, 300) } });
    return c.json(
      {
        cpo_id: partyCode(cpo),
        emsp_id: partyCode(emsp),
        peering_id: peering.id,
        pages: pulled.pages,
        received: pulled.received,
        stored: pulled.stored,
        rejected: pulled.rejected,
        total: pulled.total,
        complete: pulled.nextOffset === null,
        next_offset: pulled.nextOffset,
      },
      200,
    );
  })
  .openapi(getCpoId, async (c) => {
    const emsp = parsePartyCode(c.req.valid('param').emsp_id);
    const db = c.get('db');
    const scope = await callerScope(c);
    const hubs = await hubPeerings(db, scope);
    if (!emsp || hubs.length === 0) return noHub(c);
    const parties = await cpoParties(db, scope);
    const cpoIds: { cpo_id: string; peering_id: number; company_id: number }[] = [];
    let status: string | null = null;
    for (const hub of hubs) {
      const s = await emspStatus(c, hub, emsp);
      status ??= s;
      if (s === 'SUSPENDED' || !hubParty(hub.partnerRolesJson)) continue;
      for (const p of parties.filter((x) => x.companyId === hub.companyId))
        cpoIds.push({
          cpo_id: partyCode({ countryCode: p.countryCode, partyId: p.partyId }),
          peering_id: hub.id,
          company_id: p.companyId,
        });
    }
    return c.json({ emsp_id: partyCode(emsp), emsp_status: status, cpo_ids: cpoIds }, 200);
  })
  .openapi(cachedToken, async (c) => {
    const uid = c.req.valid('param').uuid;
    const found = await tokenInScope(c.get('db'), await callerScope(c), uid);
    if (!found) return apiError(c, 404, 'TOKEN_NOT_FOUND', 'roamingTokenNotFound', { params: { uuid: uid } });
    const t = found.token;
    return c.json(
      {
        uid: t.uid,
        type: t.type,
        contract_id: t.contractId,
        visual_number: t.visualNumber,
        issuer: t.issuer,
        valid: t.valid,
        whitelist: t.whitelist,
        credential_id: t.peeringId,
        scope: {
          emsp_id: partyCode({ countryCode: t.countryCode, partyId: t.partyId }),
          country_code: t.countryCode,
          party_id: t.partyId,
          via_hub: hubParty(found.rolesJson) !== null,
          company_id: found.companyId,
        },
        last_updated: t.lastUpdated.toISOString(),
      },
      200,
    );
  });
