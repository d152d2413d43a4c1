/**
 * @module The HubClientInfo module as receiver (mod_hub_client_info.asciidoc): a hub pushes (PUT) the
 * parties connected behind it and their status, and may read back (GET) what we hold, at
 * `/hubclientinfo/{country_code}/{party_id}`. Only a hub peering (its partner registered the HUB role)
 * may call it; a late or duplicated PUT (not newer by `last_updated`) is answered success and not
 * applied. The parties behind the hub are what its calls may speak for (`ocpi.http.ts`).
 */
import { ClientInfo, type ClientInfo as ClientInfoType, hubParty } from '@domain/ocpi/hub';
import { countryCode, partyId } from '@domain/ocpi/schemas';
import { OcpiStatus, ocpiTimestamp } from '@domain/ocpi/status';
import { Hono } from 'hono';
import { z } from 'zod';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import { hubClientsOfParty, upsertHubClient } from './ocpi.hub.store';

const Params = z.object({ country_code: countryCode, party_id: partyId });

function hubCaller(c: OcpiContext) {
  const peering = callerFor(c, 'module');
  if (!peering) return { refusal: unauthorized(c) } as const;
  if (!hubParty(peering.partnerRolesJson))
    return {
      refusal: failure(c, 403, OcpiStatus.clientError, 'Only a hub may call the hubclientinfo module'),
    } as const;
  const params = Params.safeParse(c.req.param());
  if (!params.success)
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, 'Invalid country_code or party_id') } as const;
  const party = { countryCode: params.data.country_code.toUpperCase(), partyId: params.data.party_id.toUpperCase() };
  return { peering, party } as const;
}

export const hubClientInfo = new Hono<OcpiEnv>()
  .get('/:country_code/:party_id', async (c) => {
    const h = hubCaller(c);
    if ('refusal' in h) return h.refusal;
    const row = (await hubClientsOfParty(c.var.db, h.peering.id, h.party))[0];
    if (!row) return failure(c, 404, OcpiStatus.clientError, 'Unknown party');
    const info: ClientInfoType = {
      country_code: row.countryCode,
      party_id: row.partyId,
      role: row.role as ClientInfoType['role'],
      status: row.status as ClientInfoType['status'],
      last_updated: ocpiTimestamp(row.lastUpdated),
    };
    return answer(c, info);
  })
  .put('/:country_code/:party_id', async (c) => {
    const h = hubCaller(c);
    if ('refusal' in h) return h.refusal;
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON');
    }
    const parsed = ClientInfo.safeParse(json);
    if (!parsed.success)
      return failure(
        c,
        200,
        OcpiStatus.invalidParameters,
        `Invalid ClientInfo object: ${parsed.error.issues[0]?.path.join('.') || '(body)'}`,
      );
    const info = parsed.data;
    if (info.country_code.toUpperCase() !== h.party.countryCode || info.party_id.toUpperCase() !== h.party.partyId)
      return failure(c, 200, OcpiStatus.invalidParameters, 'The ClientInfo object does not match the URL');
    await upsertHubClient(c.var.db, h.peering.id, info);
    return answer(c, undefined);
  });
