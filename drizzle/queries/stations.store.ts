/** @module Station and connector writes made on behalf of a connected charge point (the ocpp worker). */
import { type AnyColumn, and, count, eq, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  isAddableConnectorNumber,
  isStatusChange,
  mayAddReportedConnector,
} from '../../domain/stations/reported-connector';
import { CONNECTOR_STATUSES, type ConnectorStatus } from '../../domain/stations/statuses';
import type { Db } from '../db';
import { connectorStatusHistory, connectors, ocpiOutbox, stations } from '../schema';
import { inCompanies } from './companies.store';

/**
 * Connectors per (operator, owner, hidden, status), kept exact by SQL triggers on `connectors` and
 * `stations` (migration stations-perf, ADR 032): no application code writes it, so it is
 * not part of the drizzle schema. `ownerCompanyId` 0 stands for a station without owner.
 */
export const connectorStatusCounts = sqliteTable('connector_status_counts', {
  companyId: integer('company_id').notNull(),
  ownerCompanyId: integer('owner_company_id').notNull(),
  hidden: integer('hidden', { mode: 'boolean' }).notNull(),
  status: text('status', { enum: CONNECTOR_STATUSES }).notNull(),
  n: integer('n').notNull(),
});

/**
 * Connector counts by status of the listed (not hidden) stations the scope operates or owns, read from
 * the maintained counters: the same answer as counting connectors joined to `listedStationInScope`.
 */
export function listedConnectorCounts(
  db: Db,
  scope: number[],
  only: { statuses?: readonly ConnectorStatus[]; operatorId?: number; ownerId?: number } = {},
) {
  const t = connectorStatusCounts;
  return db
    .select({ status: t.status, n: sql<number>`sum(${t.n})`.mapWith(Number) })
    .from(t)
    .where(
      and(
        eq(t.hidden, false),
        or(inCompanies(t.companyId, scope), inCompanies(t.ownerCompanyId, scope)),
        only.statuses ? inArray(t.status, [...only.statuses]) : undefined,
        only.operatorId ? eq(t.companyId, only.operatorId) : undefined,
        only.ownerId ? eq(t.ownerCompanyId, only.ownerId) : undefined,
      ),
    )
    .groupBy(t.status);
}

/** `column` contains `keyword` literally (%, _ and backslash escaped), ASCII case-insensitive, as SQL LIKE does. */
export function likeLiteral(column: AnyColumn, keyword: string): SQL {
  const pattern = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * Trigram full-text indexes answer only keywords of three characters or more; shorter ones fall back
 * to scanning with LIKE.
 */
const TRIGRAM = 3;
const ftsPhrase = (keyword: string) => `"${keyword.replaceAll('"', '""')}"`;

/**
 * Connectors whose EVSE id or uid, or whose station's name, uid, city or address may contain
 * `keyword`, from the trigram indexes (case-folded, so a superset of the LIKE matches); undefined
 * when the keyword is too short for them. Callers keep the exact LIKE conditions beside it.
 */
export function connectorKeywordCandidates(keyword: string): SQL | undefined {
  if ([...keyword].length < TRIGRAM) return undefined;
  const phrase = ftsPhrase(keyword);
  return sql`${connectors.id} IN (SELECT rowid FROM connectors_fts WHERE connectors_fts MATCH ${phrase}
    UNION SELECT k.id FROM connectors k WHERE k.station_id IN (SELECT rowid FROM stations_fts WHERE stations_fts MATCH ${phrase}))`;
}

/** Stations whose name, uid, city or address may contain `keyword` (see connectorKeywordCandidates). */
export function stationKeywordCandidates(keyword: string): SQL | undefined {
  if ([...keyword].length < TRIGRAM) return undefined;
  return sql`${stations.id} IN (SELECT rowid FROM stations_fts WHERE stations_fts MATCH ${ftsPhrase(keyword)})`;
}

export type StationRow = typeof stations.$inferSelect;

export async function findStationByUid(db: Db, uid: string): Promise<StationRow | undefined> {
  return db.query.stations.findFirst({ where: eq(stations.uid, uid) });
}

export async function findStationById(db: Db, id: number): Promise<StationRow | undefined> {
  return db.query.stations.findFirst({ where: eq(stations.id, id) });
}

export interface BootRecord {
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmware: string | null;
  /** The SIM (OCPP 1.6 `iccid`, `imsi`): kept as last reported when a boot leaves them out. */
  iccid?: string | null;
  imsi?: string | null;
  ip: string | null;
  at: Date;
}

/** A station the company tree `scope` may see: it operates it or owns it. */
export function stationInScope(scope: number[]) {
  return or(inCompanies(stations.companyId, scope), inCompanies(stations.ownerCompanyId, scope));
}

/** A station the lists and the map show: in scope and not hidden (onboarding, ADR 025). */
export function listedStationInScope(scope: number[]) {
  return and(stationInScope(scope), eq(stations.hidden, false));
}

/** What the charge point says about itself replaces what was typed in: the hardware is the truth. */
export async function recordBoot(db: Db, stationId: number, boot: BootRecord): Promise<void> {
  await db
    .update(stations)
    .set({
      brand: boot.vendor,
      model: boot.model,
      ...(boot.serialNumber ? { serialNumber: boot.serialNumber } : {}),
      ...(boot.firmware ? { firmware: boot.firmware } : {}),
      ...(boot.iccid?.trim() ? { iccid: boot.iccid.trim() } : {}),
      ...(boot.imsi?.trim() ? { imsi: boot.imsi.trim() } : {}),
      ...(boot.ip ? { lastIp: boot.ip } : {}),
      lastBootAt: boot.at,
      lastSeenAt: boot.at,
      updatedAt: boot.at,
    })
    .where(eq(stations.id, stationId));
}

export async function recordSeen(db: Db, stationId: number, at: Date, heartbeat: boolean): Promise<void> {
  await db
    .update(stations)
    .set(heartbeat ? { lastSeenAt: at, lastHeartbeatAt: at } : { lastSeenAt: at })
    .where(eq(stations.id, stationId));
}

/**
 * The station came online or went offline (socket opened, closed, or heartbeats stopped). A write
 * older than the last one recorded is ignored, so racing deliveries cannot leave a stale state.
 */
export async function recordConnection(db: Db, stationId: number, connected: boolean, at: Date): Promise<void> {
  await db
    .update(stations)
    .set({ connected, connectionChangedAt: at })
    .where(
      and(eq(stations.id, stationId), or(isNull(stations.connectionChangedAt), lte(stations.connectionChangedAt, at))),
    );
}

export async function recordAuthorization(db: Db, stationId: number, at: Date): Promise<void> {
  await db.update(stations).set({ lastAuthorizationAt: at }).where(eq(stations.id, stationId));
}

export interface ConnectorStatusChange {
  status: ConnectorStatus;
  errorCode: string;
  info: string | null;
  at: Date;
}

/**
 * Writes a connector's status and a history row, but only when status or error code changed: charge
 * points repeat StatusNotification after every boot. A connector the back office did not know yet is
 * created only when `mayAddReportedConnector` allows it: any other number is 'unknown', written nowhere.
 * Returns what happened.
 */
export async function applyConnectorStatus(
  db: Db,
  station: { id: number; uid: string },
  connectorNumber: number,
  change: ConnectorStatusChange,
): Promise<'changed' | 'unchanged' | 'unknown'> {
  let row = await db.query.connectors.findFirst({
    where: and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, connectorNumber)),
  });
  if (!row) {
    if (!isAddableConnectorNumber(connectorNumber)) return 'unknown';
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(connectors)
      .where(eq(connectors.stationId, station.id));
    if (!mayAddReportedConnector(connectorNumber, n)) return 'unknown';
    await db
      .insert(connectors)
      .values({ uid: `${station.uid}-${connectorNumber}`, stationId: station.id, connectorNumber })
      .onConflictDoNothing();
    row = await db.query.connectors.findFirst({
      where: and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, connectorNumber)),
    });
    if (!row) return 'unknown';
  }
  if (!isStatusChange(row, change)) return 'unchanged';
  await db.batch([
    db
      .update(connectors)
      .set({ status: change.status, errorCode: change.errorCode, statusInfo: change.info, statusChangedAt: change.at })
      .where(eq(connectors.id, row.id)),
    db.insert(connectorStatusHistory).values({
      connectorId: row.id,
      status: change.status,
      errorCode: change.errorCode,
      info: change.info,
      at: change.at,
    }),
    evseStatusPushes(db, station.id, row.uid, change),
  ]);
  return 'changed';
}

/**
 * After a boot the connectors' statuses are unknown until the charge point reports them again
 * (issue 24, section 1): a connector it never reports does not keep a status from before.
 */
export async function markConnectorsUnknown(db: Db, stationId: number, at: Date): Promise<void> {
  const stale = await db
    .update(connectors)
    .set({ status: 'unknown', errorCode: null, statusInfo: null, statusChangedAt: at })
    .where(and(eq(connectors.stationId, stationId), ne(connectors.status, 'unknown')))
    .returning({ id: connectors.id });
  if (stale.length === 0) return;
  await db.insert(connectorStatusHistory).values(
    stale.map((c) => ({
      connectorId: c.id,
      status: 'unknown' as const,
      errorCode: null,
      info: 'BootNotification',
      at,
    })),
  );
}

/** Companies whose live feed hears of this station: its operator's and its owner's chains up to the roots. */
export async function liveFeedCompanies(db: Db, stationId: number): Promise<number[]> {
  const rows = await db.$client
    .prepare(
      `WITH RECURSIVE up(id, parent) AS (
         SELECT c.id, c.parent_company_id FROM companies c JOIN stations s
           ON c.id = s.company_id OR c.id = s.owner_company_id WHERE s.id = ?1
         UNION SELECT c.id, c.parent_company_id FROM companies c JOIN up ON c.id = up.parent
       ) SELECT DISTINCT id FROM up`,
    )
    .bind(stationId)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

/**
 * The OCPI pushes of a connector's status change (ADR 057 addendum "Locations and tariffs"): one
 * `evse_status` outbox row per registered peering the station is bound to (migration 0056), in the
 * status change's own batch, so a station bound to no peering costs no extra D1 round trip. The API
 * worker delivers them (its five-minute cron drains the outbox: the OCPP worker has no partner key). The
 * select lists every `ocpi_outbox` column in table order, as drizzle's insert-select requires.
 */
function evseStatusPushes(db: Db, stationId: number, connectorUid: string, change: ConnectorStatusChange) {
  const now = Date.now();
  return db.insert(ocpiOutbox).select(
    sql`SELECT NULL, sp.peering_id, 'evse_status', ${`location:${stationId}`},
      json_object('connector_uid', ${connectorUid}, 'status', ${change.status}, 'at', ${change.at.getTime()}),
      'queued', 0, ${now}, 0, NULL, ${now}
      FROM station_peerings sp JOIN ocpi_peerings p ON p.id = sp.peering_id
      WHERE sp.station_id = ${stationId} AND p.state = 'registered'`,
  );
}
