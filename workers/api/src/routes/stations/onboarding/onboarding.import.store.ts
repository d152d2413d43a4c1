/**
 * @module Reads and writes of the station import: which OCPP ids are taken, and the whole file's
 * stations, connectors, create steps and audit rows in one D1 batch (a transaction), or nothing.
 */

/** Of these OCPP ids, those a station of any company already has (compared case-insensitively), lower-cased. */
export async function takenUids(d1: D1Database, given: string[]): Promise<Set<string>> {
  if (given.length === 0) return new Set();
  const taken = await d1
    .prepare('SELECT uid FROM stations WHERE lower(uid) IN (SELECT lower(value) FROM json_each(?))')
    .bind(JSON.stringify(given))
    .all<{ uid: string }>();
  return new Set(taken.results.map((t) => t.uid.toLowerCase()));
}

const j = (field: string) => `json_extract(j.value, '$.${field}')`;

/** One imported station as the batch inserts it (snake_case: read with json_extract). */
export type ImportedStationRow = Record<string, unknown> & { uid: string };
export type ImportedConnectorRow = Record<string, unknown> & { station_uid: string };

/**
 * Every station, its connectors, its create step (done) and its audit row, in one batch: a unique
 * index failing (an OCPP id taken meanwhile) leaves nothing behind. Answers each uid's new id.
 */
export async function insertImportedStations(
  d1: D1Database,
  rows: ImportedStationRow[],
  plugs: ImportedConnectorRow[],
  by: { companyId: number; userId: number; ip: string | null },
): Promise<Map<string, number>> {
  const uids = JSON.stringify(rows.map((r) => r.uid));
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO stations (uid, name, template, company_id, address, street_number, postal_code, city, country,
           latitude, longitude, time_zone, type, power_type, voltage, amperage, plug_type, plug_format, url_type, brand,
           model, profile, serial_number, installation_date, visible_in_app, open_to_public, offline, registration,
           ocpp_password_hash, commissioning_status)
         SELECT ${j('uid')}, ${j('name')}, ${j('template')}, ?1, ${j('address')}, ${j('street_number')},
           ${j('postal_code')}, ${j('city')}, ${j('country')}, ${j('latitude')}, ${j('longitude')}, ${j('time_zone')},
           ${j('type')}, ${j('power_type')}, ${j('voltage')}, ${j('amperage')}, ${j('plug_type')}, ${j('plug_format')},
           ${j('url_type')}, ${j('brand')}, ${j('model')}, ${j('profile')}, ${j('serial_number')},
           ${j('installation_date')}, 1, ${j('open_to_public')}, 0, 'accepted', ${j('hash')}, 'to_commission'
         FROM json_each(?2) j`,
      )
      .bind(by.companyId, JSON.stringify(rows)),
    d1
      .prepare(
        `INSERT INTO connectors (uid, station_id, connector_number, evse_id, plug_type, plug_format, power_type, voltage,
           amperage, max_power_w, capabilities_json, status)
         SELECT ${j('uid')}, s.id, ${j('number')}, ${j('evse_id')}, ${j('plug_type')}, ${j('plug_format')},
           ${j('power_type')}, ${j('voltage')}, ${j('amperage')}, ${j('max_power_w')}, ${j('capabilities')}, 'unknown'
         FROM json_each(?1) j JOIN stations s ON s.uid = ${j('station_uid')}`,
      )
      .bind(JSON.stringify(plugs)),
    d1
      .prepare(
        `INSERT INTO station_onboarding_steps (station_id, step, status, message_key, attempts, user_id, updated_at)
         SELECT s.id, 'create', 'done', NULL, 1, ?1, ?2 FROM stations s WHERE s.uid IN (SELECT value FROM json_each(?3))`,
      )
      .bind(by.userId, Date.now(), uids),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, company_id, action, entity, entity_id, detail_json, ip)
         SELECT ?1, ?2, 'station.import', 'station', value, json_object('import', 1, 'credentialsIssued', 1), ?3
         FROM json_each(?4)`,
      )
      .bind(by.userId, by.companyId, by.ip, uids),
  ]);
  const ids = await d1
    .prepare('SELECT id, uid FROM stations WHERE uid IN (SELECT value FROM json_each(?))')
    .bind(uids)
    .all<{ id: number; uid: string }>();
  return new Map(ids.results.map((r) => [r.uid, r.id]));
}
