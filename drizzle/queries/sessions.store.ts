/**
 * @module Charging sessions (CDRs) written by the ocpp worker: opened once per start key, closed
 * once. Both writes are idempotent so replays and retries never make a second row or a second close.
 */
import { and, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { ENDED_WITHOUT_STOP } from '../../domain/ocpp/session-end';
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
  /** A start the back office answered other than Accepted (ADR 040): recorded closed and refused. */
  refused?: { status: string; remark: string; pricingNote: string };
  /** Started by a roaming partner's token (OCPI, ADR 057 addendum "Tokens and commands"). */
  ocpi?:
    | { peeringId: number; tokenUid: string; authorizationReference: string | null; authMethod?: string | undefined }
    | undefined;
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
      status: input.refused ? 'closed' : 'in_progress',
      ...(input.refused
        ? {
            refusedStatus: input.refused.status,
            remark: input.refused.remark,
            endAt: input.startAt,
            durationS: 0,
          }
        : {}),
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
      pricingNote: input.refused?.pricingNote ?? 'Pricing not run yet',
      ...(input.ocpi
        ? {
            ocpiPeeringId: input.ocpi.peeringId,
            ocpiTokenUid: input.ocpi.tokenUid,
            ocpiAuthorizationReference: input.ocpi.authorizationReference,
            ocpiAuthMethod: input.ocpi.authMethod ?? null,
          }
        : {}),
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

/**
 * The start of a session learnt after a later event of it (an OCPP 2.0.1 Started arriving late, ADR
 * 058): an open session takes it; a closed one takes it too, its energy and duration recomputed, and is
 * marked for revision (the rest of its summary came from the wrong start).
 */
export async function correctSessionStart(
  db: Db,
  stationId: number,
  id: number,
  start: { startAt: Date; meterStartWh: number },
): Promise<'corrected' | 'needs-revision'> {
  const scope = and(eq(chargingSessions.id, id), eq(chargingSessions.stationId, stationId));
  const open = await db
    .update(chargingSessions)
    .set({ startAt: start.startAt, meterStartWh: start.meterStartWh, updatedAt: new Date() })
    .where(and(scope, eq(chargingSessions.status, 'in_progress')))
    .returning({ id: chargingSessions.id });
  if (open.length > 0) return 'corrected';
  // Energy and duration follow the start; the rest of the summary (curve, parking) is for a person to check.
  const startMs = start.startAt.getTime();
  await db
    .update(chargingSessions)
    .set({
      startAt: start.startAt,
      meterStartWh: start.meterStartWh,
      energyWh: sql`coalesce(${chargingSessions.meterStopWh} - ${start.meterStartWh}, ${chargingSessions.energyWh})`,
      durationS: sql`coalesce((${chargingSessions.endAt} - ${startMs}) / 1000, ${chargingSessions.durationS})`,
      needsRevision: 1,
      updatedAt: new Date(),
    })
    .where(scope);
  return 'needs-revision';
}

/**
 * Closes a session with its StopTransaction; a second close changes nothing. Besides an in-progress
 * session it fills in (ADR 040) a session closed without its stop (which this corrects: it is no
 * longer marked ended without stop) and a refused one not stopped yet (which stays refused).
 * Returns whether this call wrote.
 */
export async function closeSession(db: Db, stationId: number, id: number, c: CloseSession): Promise<boolean> {
  const res = await db
    .update(chargingSessions)
    .set({ ...closeFields(c), endedWithoutStop: 0 })
    .where(and(eq(chargingSessions.id, id), eq(chargingSessions.stationId, stationId), STOPPABLE))
    .returning({ id: chargingSessions.id });
  return res.length > 0;
}

/** What every close writes: the end, energy, times, stop reason, revision flag, remark and power curve. */
function closeFields(c: CloseSession) {
  return {
    status: 'closed' as const,
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
  };
}

/** Sessions a StopTransaction may still write: in progress, closed without their stop, refused and not stopped yet. */
const STOPPABLE = or(
  eq(chargingSessions.status, 'in_progress'),
  eq(chargingSessions.endedWithoutStop, 1),
  and(isNotNull(chargingSessions.refusedStatus), isNull(chargingSessions.meterStopWh)),
);

/** The close of an in-progress session whose StopTransaction never came (ADR 040); false when it was not in progress. */
export async function closeWithoutStop(
  db: Db,
  stationId: number,
  id: number,
  c: Omit<CloseSession, 'stopReason' | 'needsRevision'>,
): Promise<boolean> {
  const res = await db
    .update(chargingSessions)
    .set({ ...closeFields({ ...c, stopReason: ENDED_WITHOUT_STOP, needsRevision: true }), endedWithoutStop: 1 })
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

/**
 * Closes, as ended without stop, the in-progress sessions of a station (of one connector when
 * given) that started before `before` and that the ChargePoint object does not hold (it closes its
 * own with their meter values first): seeded ones, or ones whose object storage was lost. With no
 * meter values they end at their start, with the energy last written while they ran. `keepStartKey`
 * spares a replayed start's own session. Returns the ids closed, to be priced.
 */
export async function closeStaleSessions(
  db: Db,
  stationId: number,
  q: { connectorNumber?: number; before: Date; keepStartKey?: string; remark: string },
): Promise<number[]> {
  const rows = await db
    .update(chargingSessions)
    .set({
      status: 'closed',
      endAt: sql`${chargingSessions.startAt}`,
      energyWh: sql`coalesce(${chargingSessions.energyWh}, 0)`,
      meterStopWh: sql`${chargingSessions.meterStartWh} + coalesce(${chargingSessions.energyWh}, 0)`,
      durationS: 0,
      stopReason: ENDED_WITHOUT_STOP,
      needsRevision: 1,
      endedWithoutStop: 1,
      remark: q.remark,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(chargingSessions.stationId, stationId),
        eq(chargingSessions.status, 'in_progress'),
        q.connectorNumber !== undefined ? eq(chargingSessions.connectorNumber, q.connectorNumber) : undefined,
        lte(chargingSessions.startAt, q.before),
        q.keepStartKey !== undefined ? ne(chargingSessions.startKey, q.keepStartKey) : undefined,
      ),
    )
    .returning({ id: chargingSessions.id });
  return rows.map((r) => r.id);
}
