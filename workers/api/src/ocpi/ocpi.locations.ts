/**
 * @module The OCPI locations module as CPO (mod_locations.asciidoc, ADR 057 addendum "Locations and
 * tariffs"): the Sender interface (`GET /ocpi/2.2.1/locations` paged with `date_from`/`date_to`, and one
 * Location, EVSE or Connector) listing only the stations bound to the caller's peering, and the pushes
 * to the partner's Receiver: the whole Location (PUT) when a station is published or edited, the EVSE
 * status (PATCH) when a connector's status changes, the Location with every EVSE REMOVED when a station
 * is unbound. Push kinds `location` and `evse_status`, both about the object `location:<station id>`,
 * so one station's pushes reach a partner in the order they were made.
 */
import type { Db } from '@db/db';
import {
  evseStatusPatch,
  type LocationProblem,
  locationId,
  locationOf,
  stationIsPublic,
} from '@domain/ocpi/location-mapping';
import type { Location } from '@domain/ocpi/locations';
import { ocpiDateTime } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { ocpiTariffId, type PeeringIdentity, tariffsForPeering } from '@domain/ocpi/tariffs';
import { pageHeaders, pageParams } from '@domain/ocpi/transport';
import type { ConnectorStatus } from '@domain/stations/statuses';
import { Hono } from 'hono';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import {
  approvedCpoTariffs,
  bindingOf,
  boundStationByLocationId,
  boundStationsPage,
  earlierQueued,
  failedLocationPush,
  recordPublish,
  registeredPeeringsOfStation,
  type StationRow,
  stationOfCompany,
  stationSources,
} from './ocpi.locations.store';
import {
  attemptPush,
  callPartner,
  type KeyEnv,
  partnerEndpoint,
  push,
  pushOutcome,
  registerPushKind,
} from './ocpi.outbox';
import { outboxRow, type PeeringRow, partiesOf, peeringById } from './ocpi.store';

/** The largest page we serve (X-Limit). */
export const LOCATIONS_MAX_LIMIT = 100;

/** Our CPO party at this peering's operator: the Location's country_code and party_id. */
export async function cpoParty(db: Db, companyId: number) {
  const parties = await partiesOf(db, companyId);
  const cpo = parties.find((p) => p.role === 'CPO');
  return cpo ? { countryCode: cpo.countryCode, partyId: cpo.partyId } : null;
}

export function peeringIdentity(peering: PeeringRow): PeeringIdentity {
  let roles: PeeringIdentity['roles'] = [];
  try {
    roles = JSON.parse(peering.partnerRolesJson) as PeeringIdentity['roles'];
  } catch {
    roles = [];
  }
  return { id: peering.id, name: peering.name, roles };
}

/** The OCPI ids of the tariffs this peering receives, per station country (alpha-2; a tariff without countries applies everywhere). */
async function tariffIdsFor(db: Db, peering: PeeringRow) {
  const sent = tariffsForPeering(await approvedCpoTariffs(db, peering.companyId), peeringIdentity(peering));
  return (country: string | null) =>
    sent
      .filter((t) => {
        const countries = JSON.parse(t.countriesJson) as string[];
        return countries.length === 0 || (country !== null && countries.includes(country.toUpperCase()));
      })
      .map(ocpiTariffId);
}

/** The stations as this peering's Locations; a station lacking a required field is left out (`problems`). */
export async function locationsFor(db: Db, peering: PeeringRow, list: readonly StationRow[]) {
  const party = await cpoParty(db, peering.companyId);
  const out: { stationId: number; location: Location }[] = [];
  const problems: { stationId: number; problem: LocationProblem | 'party' }[] = [];
  if (!party) return { locations: out, problems: list.map((s) => ({ stationId: s.id, problem: 'party' as const })) };
  const tariffIds = await tariffIdsFor(db, peering);
  for (const { station, connectors } of await stationSources(db, list)) {
    const built = locationOf(station, connectors, {
      ...party,
      publish: peering.public && stationIsPublic(station),
      tariffIds: tariffIds(station.country),
    });
    if ('location' in built) out.push({ stationId: station.id, location: built.location });
    else problems.push({ stationId: station.id, problem: built.problem });
  }
  return { locations: out, problems };
}

const PROBLEM_TEXT: Record<LocationProblem | 'party', string> = {
  address: 'The station has no address',
  city: 'The station has no city',
  country: 'The station has no ISO country code',
  coordinates: 'The station has no coordinates',
  party: 'The operator has no OCPI CPO party yet',
};
export const locationProblemText = (p: LocationProblem | 'party') => PROBLEM_TEXT[p];

function dateParam(value: string | undefined): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (!ocpiDateTime.safeParse(value).success) return null;
  return new Date(/Z$/.test(value) ? value : `${value}Z`);
}

export const locations = new Hono<OcpiEnv>();

locations.get('/', async (c) => {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const page = pageParams(c.req.query('offset'), c.req.query('limit'), LOCATIONS_MAX_LIMIT);
  const from = dateParam(c.req.query('date_from'));
  const to = dateParam(c.req.query('date_to'));
  if (!page || from === null || to === null)
    return failure(c, 400, OcpiStatus.invalidParameters, 'offset, limit, date_from or date_to is malformed');
  const db = c.var.db;
  const { rows, total } = await boundStationsPage(db, peering, { from, to }, page);
  const { locations: list } = await locationsFor(db, peering, rows);
  return answer(
    c,
    list.map((l) => l.location),
    { headers: pageHeaders(c.req.url, page, total, LOCATIONS_MAX_LIMIT) },
  );
});

async function oneLocation(c: OcpiContext) {
  const peering = callerFor(c, 'module');
  if (!peering) return { response: unauthorized(c) };
  const station = await boundStationByLocationId(c.var.db, peering, c.req.param('location_id') ?? '');
  const built = station ? (await locationsFor(c.var.db, peering, [station])).locations[0] : undefined;
  if (!built) return { response: failure(c, 404, OcpiStatus.unknownLocation, 'Unknown Location') };
  return { location: built.location };
}

locations.get('/:location_id', async (c) => {
  const found = await oneLocation(c);
  return found.response ?? answer(c, found.location);
});
locations.get('/:location_id/:evse_uid', async (c) => {
  const found = await oneLocation(c);
  if (found.response) return found.response;
  const evse = found.location.evses?.find((e) => e.uid === c.req.param('evse_uid'));
  return evse ? answer(c, evse) : failure(c, 404, OcpiStatus.unknownLocation, 'Unknown EVSE');
});
locations.get('/:location_id/:evse_uid/:connector_id', async (c) => {
  const found = await oneLocation(c);
  if (found.response) return found.response;
  const evse = found.location.evses?.find((e) => e.uid === c.req.param('evse_uid'));
  const connector = evse?.connectors.find((x) => x.id === c.req.param('connector_id'));
  return connector ? answer(c, connector) : failure(c, 404, OcpiStatus.unknownLocation, 'Unknown Connector');
});

// ---------------------------------------------------------------------------------------------------
// Pushes.

/** The partner's locations Receiver URL of one of our Locations (`…/{country_code}/{party_id}/{location_id}`). */
const locationUrl = (base: string, l: Location) => `${base.replace(/\/$/, '')}/${l.country_code}/${l.party_id}/${l.id}`;

const stationIdOf = (objectKey: string | null) => Number(/^location:(\d+)$/.exec(objectKey ?? '')?.[1] ?? Number.NaN);

registerPushKind('location', async ({ db, env, peering, row, at }) => {
  const url = partnerEndpoint(peering, 'locations', 'RECEIVER');
  if (!url) return null; // The partner takes no Location pushes (it may pull them): nothing to deliver.
  const stationId = stationIdOf(row.objectKey);
  const station = await stationOfCompany(db, peering.companyId, stationId);
  if (!station) return null; // Deleted: the partner already had its last state.
  const bound = await bindingOf(db, station.id, peering.id);
  const { locations: built, problems } = await locationsFor(db, peering, [station]);
  const location = built[0]?.location;
  if (!location) {
    const reason = locationProblemText(problems[0]?.problem ?? 'address');
    await recordPublish(db, station.id, peering.id, reason, at);
    return reason;
  }
  // Unbound: the partner keeps the Location with every EVSE removed (OCPI has no DELETE of a Location).
  const body = bound
    ? location
    : {
        ...location,
        publish: false,
        evses: location.evses?.map((e) => ({ ...e, status: 'REMOVED' as const, last_updated: location.last_updated })),
      };
  const sent = await callPartner(db, env, peering, { method: 'PUT', url: locationUrl(url, location), body });
  if (bound) await recordPublish(db, station.id, peering.id, sent.ok ? null : sent.error, at);
  return pushOutcome(sent);
});

/** Payload of an `evse_status` push: the connector and its status as it changed. */
export interface EvseStatusPayload {
  connector_uid: string;
  status: ConnectorStatus;
  at: number;
}

registerPushKind('evse_status', async ({ db, env, peering, row, payload }) => {
  const url = partnerEndpoint(peering, 'locations', 'RECEIVER');
  if (!url) return null;
  const p = payload as EvseStatusPayload;
  const station = await stationOfCompany(db, peering.companyId, stationIdOf(row.objectKey));
  if (!station || !(await bindingOf(db, station.id, peering.id))) return null;
  const party = await cpoParty(db, peering.companyId);
  if (!party) return locationProblemText('party');
  const evseUrl = `${url.replace(/\/$/, '')}/${party.countryCode}/${party.partyId}/${locationId(station)}/${p.connector_uid}`;
  const sent = await callPartner(db, env, peering, {
    method: 'PATCH',
    url: evseUrl,
    body: evseStatusPatch(p.status, new Date(p.at)),
  });
  return pushOutcome(sent);
});

/**
 * Pushes a station's Location to one peering now (the onboarding steps): null when the partner took it,
 * else its reason (the push stays queued and is retried; a user's retry sends again).
 */
export async function publishStation(db: Db, env: KeyEnv, peeringId: number, stationId: number, at = new Date()) {
  const peering = await peeringById(db, peeringId);
  if (!peering) return 'Unknown peering';
  // A partner without a locations receiver reads our locations itself: the binding publishes the station.
  if (!partnerEndpoint(peering, 'locations', 'RECEIVER')) return null;
  const objectKey = `location:${stationId}`;
  const failedBefore = await failedLocationPush(db, peeringId, objectKey);
  const id = await push(db, env, { peeringId, kind: 'location', objectKey }, { now: true, at });
  // A user's retry sends at once even when the queued push already failed (the cron keeps its backoff).
  const queued = failedBefore === id ? await outboxRow(db, id) : undefined;
  if (queued && queued.state === 'queued' && !(await earlierQueued(db, peeringId, objectKey, id)))
    await attemptPush(db, env, queued, at);
  const row = await outboxRow(db, id);
  if (row?.state === 'done') return null;
  return row?.lastError ?? 'The push waits behind an earlier one of this station; it is retried';
}

/**
 * Queues (and attempts at once) a Location push of a station to every registered peering it is bound
 * to whose partner lists a locations receiver: after an edit through the API. One D1 read when the
 * station is bound to none.
 */
export async function pushStationChange(db: Db, env: KeyEnv, stationId: number, at = new Date()) {
  for (const peeringId of await registeredPeeringsOfStation(db, stationId))
    await push(db, env, { peeringId, kind: 'location', objectKey: `location:${stationId}` }, { now: true, at });
}
