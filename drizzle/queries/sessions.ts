/**
 * @module Charging sessions (CDRs) written by the ocpp worker: opened once per start key, closed
 * once. Both writes are idempotent so replays and retries never make a second row or a second close.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { chargingSessions, connectors, customerGroupMembers, customerGroups, rfids, stations, users } from '../schema';

export type SessionRow = typeof chargingSessions.$inferSelect;

export interface OpenSession {
  stationId: number;
  connectorNumber: number;
  idTag: string;
  startKey: string;
  startAt: Date;
  meterStartWh: number;
  userId?: number | undefined;
  rfidId?: number | undefined;
  startMethod?: string;
}

/** Inserts the in-progress session unless one with the same start key exists; returns the row either way. */
export async function openSession(db: Db, input: OpenSession): Promise<SessionRow> {
  const existing = await findByStartKey(db, input.stationId, input.startKey);
  if (existing) return existing;
  const station = await db.query.stations.findFirst({ where: eq(stations.id, input.stationId) });
  if (!station) throw new Error(`station ${input.stationId} not found`);
  const connector = await db.query.connectors.findFirst({
    where: and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, input.connectorNumber)),
  });
  const user = input.userId ? await db.query.users.findFirst({ where: eq(users.id, input.userId) }) : undefined;
  const rfid = input.rfidId ? await db.query.rfids.findFirst({ where: eq(rfids.id, input.rfidId) }) : undefined;
  // The driver's customer group at start, kept on the session: pricing selects tariffs by it.
  const group = input.userId
    ? await db
        .select({ id: customerGroups.id })
        .from(customerGroupMembers)
        .innerJoin(customerGroups, eq(customerGroups.id, customerGroupMembers.customerGroupId))
        .where(and(eq(customerGroupMembers.userId, input.userId), isNull(customerGroups.deletedAt)))
        .get()
    : undefined;
  await db
    .insert(chargingSessions)
    .values({
      cdrId: crypto.randomUUID(),
      status: 'in_progress',
      stationId: station.id,
      connectorId: connector?.id ?? null,
      connectorNumber: input.connectorNumber,
      companyId: station.companyId,
      ownerCompanyId: station.ownerCompanyId,
      userId: input.userId ?? null,
      rfidId: input.rfidId ?? null,
      authId: input.idTag,
      startMethod: input.startMethod ?? 'RFID',
      customerGroupId: group?.id ?? null,
      startKey: input.startKey,
      startAt: input.startAt,
      meterStartWh: input.meterStartWh,
      connectorEvseId: connector?.evseId ?? null,
      userEmail: user?.email ?? null,
      userKeyHangerCode: rfid?.keyHangerCode ?? null,
      stationName: station.name,
      stationCity: station.city,
      stationStreet: [station.address, station.streetNumber].filter(Boolean).join(' ') || null,
      plugType: connector?.plugType ?? station.plugType,
      plugMaxElectricPowerW: connector?.maxPowerW ?? null,
      pricingStatus: 'unpriced',
      pricingNote: 'Pricing not run yet',
    })
    .onConflictDoNothing({ target: [chargingSessions.stationId, chargingSessions.startKey] });
  const row = await findByStartKey(db, input.stationId, input.startKey);
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

export async function findByStartKey(db: Db, stationId: number, startKey: string): Promise<SessionRow | undefined> {
  return db.query.chargingSessions.findFirst({
    where: and(eq(chargingSessions.stationId, stationId), eq(chargingSessions.startKey, startKey)),
  });
}

export async function findSession(db: Db, stationId: number, id: number): Promise<SessionRow | undefined> {
  return db.query.chargingSessions.findFirst({
    where: and(eq(chargingSessions.id, id), eq(chargingSessions.stationId, stationId)),
  });
}

export interface CloseSession {
  endAt: Date;
  meterStopWh: number;
  energyWh: number | null;
  durationS: number | null;
  chargingMinutes: number | null;
  parkingS: number | null;
  stopChargingAt: Date | null;
  stopReason: string;
  needsRevision: boolean;
  remark: string | null;
  curve: unknown[];
}

/** Closes an in-progress session; a second close changes nothing. Returns whether this call closed it. */
export async function closeSession(db: Db, stationId: number, id: number, c: CloseSession): Promise<boolean> {
  const res = await db
    .update(chargingSessions)
    .set({
      status: 'closed',
      endAt: c.endAt,
      meterStopWh: c.meterStopWh,
      energyWh: c.energyWh,
      durationS: c.durationS,
      chargingMinutes: c.chargingMinutes,
      parkingS: c.parkingS,
      stopChargingAt: c.stopChargingAt,
      chargingEndAt: c.stopChargingAt,
      stopReason: c.stopReason,
      needsRevision: c.needsRevision ? 1 : 0,
      remark: c.remark,
      meterCurveJson: JSON.stringify(c.curve),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(chargingSessions.id, id),
        eq(chargingSessions.stationId, stationId),
        eq(chargingSessions.status, 'in_progress'),
      ),
    )
    .returning({ id: chargingSessions.id });
  return res.length > 0;
}
