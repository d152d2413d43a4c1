/** @module Station and connector writes made on behalf of a connected charge point (the ocpp worker). */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { ConnectorStatus } from '../../domain/stations/statuses';
import type { Db } from '../db';
import { connectorStatusHistory, connectors, stations } from '../schema';
import { inCompanies } from './companies';

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
 * created (the charge point reports its connectors). Returns whether anything changed.
 */
export async function applyConnectorStatus(
  db: Db,
  station: { id: number; uid: string },
  connectorNumber: number,
  change: ConnectorStatusChange,
): Promise<boolean> {
  let row = await db.query.connectors.findFirst({
    where: and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, connectorNumber)),
  });
  if (!row) {
    await db
      .insert(connectors)
      .values({ uid: `${station.uid}-${connectorNumber}`, stationId: station.id, connectorNumber })
      .onConflictDoNothing();
    row = await db.query.connectors.findFirst({
      where: and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, connectorNumber)),
    });
    if (!row) return false;
  }
  if (row.status === change.status && (row.errorCode ?? 'NoError') === change.errorCode) return false;
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
  ]);
  return true;
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
