/**
 * @module The partners' Locations, EVSEs and Tariffs we hold as e-mobility provider (migration 0065,
 * ADR 057 addendum "EMSP: locations and tariffs"). Every write is one conditional upsert per object
 * (`ON CONFLICT … DO UPDATE … WHERE excluded.last_updated > last_updated`): a late or duplicated PUT or
 * PATCH never overwrites newer data, also when two race. A page of a pull is one D1 batch.
 */
import type { Db } from '@db/db';
import type { Evse, Location } from '@domain/ocpi/locations';
import { splitLocation, stampOf } from '@domain/ocpi/partner-data';
import type { Tariff } from '@domain/ocpi/tariffs';

export interface PartyKey {
  peeringId: number;
  companyId: number;
  countryCode: string;
  partyId: string;
}

const LOCATION_UPSERT = `INSERT INTO ocpi_partner_locations (company_id, peering_id, country_code, party_id, location_id,
    country, latitude, longitude, publish, last_updated, object_json, received_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
  ON CONFLICT (peering_id, country_code, party_id, location_id) DO UPDATE SET country = excluded.country,
    latitude = excluded.latitude, longitude = excluded.longitude, publish = excluded.publish,
    last_updated = excluded.last_updated, object_json = excluded.object_json, received_at = excluded.received_at
  WHERE excluded.last_updated > ocpi_partner_locations.last_updated`;

/** An EVSE upsert under its Location's row (found by identity), conditional on its own last_updated. */
const EVSE_UPSERT = `INSERT INTO ocpi_partner_evses (location_row_id, peering_id, evse_uid, status, last_updated, object_json)
  SELECT l.id, l.peering_id, ?5, ?6, ?7, ?8 FROM ocpi_partner_locations l
  WHERE l.peering_id = ?1 AND l.country_code = ?2 AND l.party_id = ?3 AND l.location_id = ?4
  ON CONFLICT (location_row_id, evse_uid) DO UPDATE SET status = excluded.status,
    last_updated = excluded.last_updated, object_json = excluded.object_json
  WHERE excluded.last_updated > ocpi_partner_evses.last_updated`;

/** The parent Location's last_updated follows a newer EVSE or Connector (mod_locations PUT/PATCH). */
const LOCATION_TOUCH = `UPDATE ocpi_partner_locations SET last_updated = max(last_updated, ?5)
  WHERE peering_id = ?1 AND country_code = ?2 AND party_id = ?3 AND location_id = ?4`;

const up = (s: string) => s.toUpperCase();

function locationStatements(db: Db, key: PartyKey, location: Location, now: number) {
  const { location: head, evses } = splitLocation(location);
  const id = [key.peeringId, up(key.countryCode), up(key.partyId), location.id] as const;
  return [
    db.$client
      .prepare(LOCATION_UPSERT)
      .bind(
        key.companyId,
        ...id,
        up(location.country),
        Number(location.coordinates.latitude),
        Number(location.coordinates.longitude),
        location.publish ? 1 : 0,
        stampOf(location.last_updated, now),
        JSON.stringify(head),
        now,
      ),
    ...evses.map((e) => evseStatement(db, id, e, now)),
  ];
}

function evseStatement(db: Db, id: readonly [number, string, string, string], e: Evse, now: number) {
  return db.$client.prepare(EVSE_UPSERT).bind(...id, e.uid, e.status, stampOf(e.last_updated, now), JSON.stringify(e));
}

/** Stores Locations with their EVSEs (one PUT, or one page of a pull) in one batch. */
export async function putLocations(db: Db, key: Omit<PartyKey, 'countryCode' | 'partyId'>, list: readonly Location[]) {
  if (list.length === 0) return;
  const now = Date.now();
  await db.$client.batch(
    list.flatMap((l) => locationStatements(db, { ...key, countryCode: l.country_code, partyId: l.party_id }, l, now)),
  );
}

/** Stores one EVSE of a known Location (PUT or merged PATCH); the Location's last_updated follows. True when written. */
export async function putEvse(db: Db, key: PartyKey, locationId: string, evse: Evse): Promise<boolean> {
  const now = Date.now();
  const id = [key.peeringId, up(key.countryCode), up(key.partyId), locationId] as const;
  const [written] = await db.$client.batch([
    evseStatement(db, id, evse, now),
    db.$client.prepare(LOCATION_TOUCH).bind(...id, stampOf(evse.last_updated, now)),
  ]);
  return (written?.meta.changes ?? 0) > 0;
}

/** Replaces the Location's own fields (a PATCH merged into it), if newer. */
export async function putLocationHead(db: Db, key: PartyKey, location: Location) {
  await putLocations(db, { peeringId: key.peeringId, companyId: key.companyId }, [{ ...location, evses: [] }]);
}

export interface StoredLocation {
  rowId: number;
  location: Omit<Location, 'evses'>;
  evses: Evse[];
}

/** A Location we hold of this party, with its EVSEs. */
export async function locationOf(db: Db, key: PartyKey, locationId: string): Promise<StoredLocation | null> {
  const row = await db.$client
    .prepare(
      `SELECT id, object_json, last_updated FROM ocpi_partner_locations
       WHERE peering_id = ?1 AND country_code = ?2 AND party_id = ?3 AND location_id = ?4`,
    )
    .bind(key.peeringId, up(key.countryCode), up(key.partyId), locationId)
    .first<{ id: number; object_json: string; last_updated: number }>();
  if (!row) return null;
  const evses = await db.$client
    .prepare('SELECT object_json FROM ocpi_partner_evses WHERE location_row_id = ?1 ORDER BY id')
    .bind(row.id)
    .all<{ object_json: string }>();
  const head = JSON.parse(row.object_json) as Omit<Location, 'evses'>;
  return {
    rowId: row.id,
    // The parent's last_updated follows its children's (mod_locations PUT/PATCH).
    location: {
      ...head,
      last_updated: stampText(Math.max(row.last_updated, Date.parse(`${head.last_updated.replace(/Z$/, '')}Z`))),
    },
    evses: evses.results.map((e) => JSON.parse(e.object_json) as Evse),
  };
}

const stampText = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

// ---------------------------------------------------------------------------------------------------
// Tariffs.

const TARIFF_UPSERT = `INSERT INTO ocpi_partner_tariffs (company_id, peering_id, country_code, party_id, tariff_id,
    currency, last_updated, object_json, received_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
  ON CONFLICT (peering_id, country_code, party_id, tariff_id) DO UPDATE SET currency = excluded.currency,
    last_updated = excluded.last_updated, object_json = excluded.object_json, received_at = excluded.received_at
  WHERE excluded.last_updated > ocpi_partner_tariffs.last_updated`;

/** Stores Tariffs (one PUT, or one page of a pull) in one batch, each only if newer than the one we hold. */
export async function putTariffs(db: Db, key: Omit<PartyKey, 'countryCode' | 'partyId'>, list: readonly Tariff[]) {
  if (list.length === 0) return;
  const now = Date.now();
  await db.$client.batch(
    list.map((t) =>
      db.$client
        .prepare(TARIFF_UPSERT)
        .bind(
          key.companyId,
          key.peeringId,
          up(t.country_code),
          up(t.party_id),
          t.id,
          up(t.currency),
          stampOf(t.last_updated, now),
          JSON.stringify(t),
          now,
        ),
    ),
  );
}

export async function tariffOf(db: Db, key: PartyKey, tariffId: string): Promise<Tariff | null> {
  const row = await db.$client
    .prepare(
      'SELECT object_json FROM ocpi_partner_tariffs WHERE peering_id = ?1 AND country_code = ?2 AND party_id = ?3 AND tariff_id = ?4',
    )
    .bind(key.peeringId, up(key.countryCode), up(key.partyId), tariffId)
    .first<{ object_json: string }>();
  return row ? (JSON.parse(row.object_json) as Tariff) : null;
}

/** Removes a Tariff the CPO no longer uses; false when we held none. */
export async function deleteTariff(db: Db, key: PartyKey, tariffId: string): Promise<boolean> {
  const res = await db.$client
    .prepare(
      'DELETE FROM ocpi_partner_tariffs WHERE peering_id = ?1 AND country_code = ?2 AND party_id = ?3 AND tariff_id = ?4',
    )
    .bind(key.peeringId, up(key.countryCode), up(key.partyId), tariffId)
    .run();
  return res.meta.changes > 0;
}
