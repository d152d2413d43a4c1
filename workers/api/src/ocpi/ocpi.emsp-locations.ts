/**
 * @module The locations module as e-mobility provider (mod_locations.asciidoc, "Receiver Interface"):
 * a partner's CPO pushes its Locations, EVSEs and Connectors (PUT, PATCH) and reads back what we hold
 * (GET) at `/emsp/locations/{country_code}/{party_id}/{location_id}[/{evse_uid}[/{connector_id}]]`.
 * Only for the calling peering's own CPO parties (else 403 + 2000); validated with the module's schemas
 * (2001 with the field); a late or duplicated PUT/PATCH (not newer by `last_updated`) is answered
 * success and changes nothing. A PUT or PATCH of an EVSE or Connector moves its parents' `last_updated`.
 */
import { Connector, Evse, Location, LocationPatch } from '@domain/ocpi/locations';
import { ownsParty, patchConnector, patchEvse, putConnector } from '@domain/ocpi/partner-data';
import { countryCode, partyId } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { isNewer, ocpiTime } from '@domain/ocpi/tokens';
import { Hono } from 'hono';
import { z } from 'zod';
import { locationOf, type PartyKey, putEvse, putLocationHead, putLocations } from './ocpi.emsp-data.store';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';

const Params = z.object({
  country_code: countryCode,
  party_id: partyId,
  location_id: z.string().min(1).max(36),
  evse_uid: z.string().min(1).max(36).optional(),
  connector_id: z.string().min(1).max(36).optional(),
});
type Params = z.infer<typeof Params>;

/** The CPO party addressed by the path, or the answer refusing the call (unknown token, bad path, another party). */
export function addressedParty(
  c: OcpiContext,
  params: Record<string, string | undefined>,
  schema: z.ZodType<{ country_code: string; party_id: string }> = Params,
): { key: PartyKey } | { refusal: Response } {
  const peering = callerFor(c, 'module');
  if (!peering) return { refusal: unauthorized(c) };
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, `Invalid ${field}`) };
  }
  const { country_code: cc, party_id: pid } = parsed.data;
  if (!ownsParty(peering.partnerRolesJson, 'CPO', cc, pid))
    return { refusal: failure(c, 403, OcpiStatus.clientError, `${cc}/${pid} is not a CPO party of this peering`) };
  return {
    key: {
      peeringId: peering.id,
      companyId: peering.companyId,
      countryCode: cc.toUpperCase(),
      partyId: pid.toUpperCase(),
    },
  };
}

export async function jsonBody(c: OcpiContext): Promise<{ json: unknown } | { refusal: Response }> {
  try {
    return { json: await c.req.json() };
  } catch {
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON') };
  }
}

export const invalidObject = (c: OcpiContext, what: string, error: z.ZodError) =>
  failure(
    c,
    200,
    OcpiStatus.invalidParameters,
    `Invalid ${what} object: ${error.issues[0]?.path.join('.') || '(body)'}`,
  );

const unknownLocation = (c: OcpiContext, what = 'Location') =>
  failure(c, 404, OcpiStatus.unknownLocation, `Unknown ${what}`);
const misplaced = (c: OcpiContext, what: string) =>
  failure(c, 200, OcpiStatus.invalidParameters, `The ${what} object does not match the URL`);

function place(c: OcpiContext) {
  const params = c.req.param() as Record<string, string | undefined>;
  const a = addressedParty(c, params);
  return { a, p: params as unknown as Params };
}

async function get(c: OcpiContext) {
  const { a, p } = place(c);
  if ('refusal' in a) return a.refusal;
  const stored = await locationOf(c.var.db, a.key, p.location_id);
  if (!stored) return unknownLocation(c);
  if (!p.evse_uid) return answer(c, { ...stored.location, evses: stored.evses });
  const evse = stored.evses.find((e) => e.uid === p.evse_uid);
  if (!evse) return unknownLocation(c, 'EVSE');
  if (!p.connector_id) return answer(c, evse);
  const connector = evse.connectors.find((x) => x.id === p.connector_id);
  return connector ? answer(c, connector) : unknownLocation(c, 'Connector');
}

async function put(c: OcpiContext) {
  const { a, p } = place(c);
  if ('refusal' in a) return a.refusal;
  const body = await jsonBody(c);
  if ('refusal' in body) return body.refusal;
  const db = c.var.db;
  if (!p.evse_uid) {
    const parsed = Location.safeParse(body.json);
    if (!parsed.success) return invalidObject(c, 'Location', parsed.error);
    const l = parsed.data;
    if (
      l.id !== p.location_id ||
      l.country_code.toUpperCase() !== a.key.countryCode ||
      l.party_id.toUpperCase() !== a.key.partyId
    )
      return misplaced(c, 'Location');
    await putLocations(db, { peeringId: a.key.peeringId, companyId: a.key.companyId }, [l]);
    return answer(c, undefined);
  }
  const stored = await locationOf(db, a.key, p.location_id);
  if (!stored) return unknownLocation(c);
  if (!p.connector_id) {
    const parsed = Evse.safeParse(body.json);
    if (!parsed.success) return invalidObject(c, 'EVSE', parsed.error);
    if (parsed.data.uid !== p.evse_uid) return misplaced(c, 'EVSE');
    await putEvse(db, a.key, p.location_id, parsed.data);
    return answer(c, undefined);
  }
  const evse = stored.evses.find((e) => e.uid === p.evse_uid);
  if (!evse) return unknownLocation(c, 'EVSE');
  const parsed = Connector.safeParse(body.json);
  if (!parsed.success) return invalidObject(c, 'Connector', parsed.error);
  if (parsed.data.id !== p.connector_id) return misplaced(c, 'Connector');
  const merged = putConnector(evse, parsed.data);
  if (merged) await putEvse(db, a.key, p.location_id, merged);
  return answer(c, undefined);
}

async function patch(c: OcpiContext) {
  const { a, p } = place(c);
  if ('refusal' in a) return a.refusal;
  const body = await jsonBody(c);
  if ('refusal' in body) return body.refusal;
  const parsed = LocationPatch.safeParse(body.json);
  if (!parsed.success) return invalidObject(c, 'PATCH', parsed.error);
  const db = c.var.db;
  const stored = await locationOf(db, a.key, p.location_id);
  if (!stored) return unknownLocation(c);
  const changes = parsed.data;
  if (!p.evse_uid) {
    // Late or duplicated: what we hold is as new or newer.
    if (!isNewer(changes.last_updated, new Date(ocpiTime(stored.location.last_updated)))) return answer(c, undefined);
    const { evses: patchedEvses, ...fields } = changes;
    const merged = Location.safeParse({ ...stored.location, ...fields, id: stored.location.id, evses: [] });
    if (!merged.success) return invalidObject(c, 'Location', merged.error);
    await putLocationHead(db, a.key, merged.data);
    // EVSEs carried by a Location PATCH are applied one by one, each by its own last_updated.
    if (Array.isArray(patchedEvses))
      for (const e of patchedEvses) {
        const evse = Evse.safeParse(e);
        if (evse.success) await putEvse(db, a.key, p.location_id, evse.data);
      }
    return answer(c, undefined);
  }
  const evse = stored.evses.find((e) => e.uid === p.evse_uid);
  if (!evse) return unknownLocation(c, 'EVSE');
  const next = p.connector_id
    ? evse.connectors.some((x) => x.id === p.connector_id)
      ? patchConnector(evse, p.connector_id, changes)
      : undefined
    : patchEvse(evse, { ...changes, uid: evse.uid });
  if (next === undefined) return unknownLocation(c, 'Connector');
  if (next === null) return answer(c, undefined);
  const valid = Evse.safeParse(next);
  if (!valid.success) return invalidObject(c, p.connector_id ? 'Connector' : 'EVSE', valid.error);
  await putEvse(db, a.key, p.location_id, valid.data);
  return answer(c, undefined);
}

const PATHS = [
  '/:country_code/:party_id/:location_id',
  '/:country_code/:party_id/:location_id/:evse_uid',
  '/:country_code/:party_id/:location_id/:evse_uid/:connector_id',
] as const;

export const emspLocations = new Hono<OcpiEnv>();
for (const path of PATHS) {
  emspLocations.get(path, get);
  emspLocations.put(path, put);
  emspLocations.patch(path, patch);
}
