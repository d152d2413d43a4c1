/** @module Fixtures of the bulk connector-group tests: many connectors at once, a group's members, a station's connectors. */
import { MAX_BULK_FILTER_MATCHES } from '../../domain/groups/bulk-limits';
import { createStation } from '../../drizzle/seed/factories';
import { call, db, type Session, sql } from './helpers';

/** `count` connectors on one station, written by one INSERT (the chunked paths need more than 1,000). */
export async function manyConnectors(stationId: number, prefix: string, count: number, status = 'available') {
  await sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO connectors (uid, station_id, connector_number, evse_id, status)
     SELECT ?2 || '-' || i, ?3, i, ?2 || '*' || i, ?4 FROM n`,
    count,
    prefix,
    stationId,
    status,
  );
}

/** The group's members as the API lists them. */
export const memberIds = async (who: Session, groupId: number) =>
  ((await (await call(`/tags/${groupId}`, who)).json()) as { connectorIds: number[] }).connectorIds;

/** The plain scan: every connector of the station(s), read straight from the table. */
export async function connectorsOf(...stationIds: number[]) {
  const { connectors } = await import('../../drizzle/schema');
  const { inArray } = await import('drizzle-orm');
  return db
    .select({ id: connectors.id, status: connectors.status })
    .from(connectors)
    .where(inArray(connectors.stationId, stationIds));
}

/** A station of the company with one connector more than a bulk change may cover; answers its city. */
export async function overTheCap(tag: string, companyId: number) {
  const city = `${tag}-big`;
  const big = await createStation(db, { uid: `${tag}-BIG`, name: `${tag} BIG`, companyId, city });
  await manyConnectors(big.id, `${tag}-BIG`, MAX_BULK_FILTER_MATCHES + 1);
  return city;
}
