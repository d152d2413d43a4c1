/**
 * @module Our drivers' roaming sessions (`ocpi_emsp_sessions`, migration 0066) as the Sessions and CDRs
 * receivers write them: the partner's token uid linked to our card, driver, company and customer group;
 * Session PUT/PATCH idempotent by `last_updated` (one conditional upsert); the CDR closes the session
 * (a CDR id is taken once) and the driver's price is decided by our EMSP tariff through the pricing
 * engine's own selection and perspectives (domain/sessions/price-at-close.ts).
 */
import type { Db } from '@db/db';
import { companyAncestorIds } from '@db/queries/companies.store';
import { customerGroupMembers, customerGroups, ocpiEmspSessions, rfids, tariffs, users } from '@db/schema';
import type { Cdr } from '@domain/ocpi/cdrs';
import { cdrColumns, driverPrice, meterCurveOf, operatorIdOf, sessionColumns } from '@domain/ocpi/emsp-sessions';
import { alpha2 } from '@domain/ocpi/location-values';
import type { Session } from '@domain/ocpi/sessions';
import { engineTariffsOf, priceWithTariffs, selectSessionTariffs } from '@domain/sessions/price-at-close';
import { paymentTypeOf } from '@domain/tariffs/select';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';

export type EmspSessionRow = typeof ocpiEmspSessions.$inferSelect;
export interface EmspSessionKey {
  peeringId: number;
  /** The e-mobility provider: the peering's company. */
  companyId: number;
  countryCode: string;
  partyId: string;
}

const identity = (key: EmspSessionKey, sessionId: string) =>
  and(
    eq(ocpiEmspSessions.peeringId, key.peeringId),
    eq(ocpiEmspSessions.countryCode, key.countryCode),
    eq(ocpiEmspSessions.partyId, key.partyId),
    eq(ocpiEmspSessions.partnerSessionId, sessionId),
  );

export const emspSessionByKey = (db: Db, key: EmspSessionKey, sessionId: string) =>
  db.select().from(ocpiEmspSessions).where(identity(key, sessionId)).get();

/** The session holding the partner's CDR `cdrId` (GET of the URL we answered in `Location`). */
export const emspSessionByCdr = (db: Db, key: EmspSessionKey, cdrId: string) =>
  db
    .select()
    .from(ocpiEmspSessions)
    .where(
      and(
        eq(ocpiEmspSessions.peeringId, key.peeringId),
        eq(ocpiEmspSessions.countryCode, key.countryCode),
        eq(ocpiEmspSessions.partyId, key.partyId),
        eq(ocpiEmspSessions.partnerCdrId, cdrId),
      ),
    )
    .get();

/**
 * Our card the token uid names (RFID uid, stored upper-case), if it belongs to the peering company's
 * tree (a partner can never attach a session to another operator's driver); its driver and the driver's
 * customer group (pricing selects the EMSP tariff by it).
 */
export async function driverOfToken(db: Db, companyId: number, uid: string) {
  const card = await db
    .select({ id: rfids.id, companyId: rfids.companyId, userId: rfids.userId, keyHangerCode: rfids.keyHangerCode })
    .from(rfids)
    .where(eq(rfids.uuid, uid.trim().toUpperCase()))
    .get();
  if (!card || !(await companyAncestorIds(db, card.companyId)).includes(companyId)) return null;
  const [user, group] = card.userId
    ? await Promise.all([
        db.select({ email: users.email }).from(users).where(eq(users.id, card.userId)).get(),
        db
          .select({ id: customerGroups.id })
          .from(customerGroupMembers)
          .innerJoin(customerGroups, eq(customerGroups.id, customerGroupMembers.customerGroupId))
          .where(and(eq(customerGroupMembers.userId, card.userId), isNull(customerGroups.deletedAt)))
          .get(),
      ])
    : [undefined, undefined];
  return {
    rfidId: card.id,
    userId: card.userId,
    userEmail: user?.email ?? null,
    userKeyHangerCode: card.keyHangerCode,
    customerGroupId: group?.id ?? null,
  };
}

type Driver = Awaited<ReturnType<typeof driverOfToken>>;

const driverColumns = (d: Driver) => ({
  rfidId: d?.rfidId ?? null,
  userId: d?.userId ?? null,
  userEmail: d?.userEmail ?? null,
  userKeyHangerCode: d?.userKeyHangerCode ?? null,
  customerGroupId: d?.customerGroupId ?? null,
});

/**
 * Stores the partner's Session unless we hold a newer or equal one (`last_updated`) or its CDR already
 * closed it (one statement: a late or duplicated PUT/PATCH changes nothing). True when written.
 */
export async function upsertEmspSession(db: Db, key: EmspSessionKey, s: Session, now = new Date()): Promise<boolean> {
  const cols = sessionColumns(s);
  const driver = await driverOfToken(db, key.companyId, s.cdr_token.uid);
  const set = { ...cols, ...driverColumns(driver), updatedAt: now };
  const written = await db
    .insert(ocpiEmspSessions)
    .values({
      ...set,
      cdrId: crypto.randomUUID(),
      companyId: key.companyId,
      peeringId: key.peeringId,
      countryCode: key.countryCode,
      partyId: key.partyId,
      partnerSessionId: s.id,
      operatorId: operatorIdOf(key.countryCode, key.partyId),
      currency: s.currency,
      pricingNote: 'Priced when the partner sends its CDR',
    })
    .onConflictDoUpdate({
      target: [
        ocpiEmspSessions.peeringId,
        ocpiEmspSessions.countryCode,
        ocpiEmspSessions.partyId,
        ocpiEmspSessions.partnerSessionId,
      ],
      set,
      setWhere: sql`excluded.ocpi_last_updated > ${ocpiEmspSessions.lastUpdated} AND ${ocpiEmspSessions.partnerCdrId} IS NULL`,
    })
    .returning({ id: ocpiEmspSessions.id })
    .all();
  return written.length === 1;
}

/** The Session a CDR stands for when the partner never sent the session itself (a CDR for an unknown session). */
export function sessionOfCdr(cdr: Cdr): Session {
  const l = cdr.cdr_location;
  return {
    country_code: cdr.country_code,
    party_id: cdr.party_id,
    id: cdr.session_id ?? cdr.id,
    start_date_time: cdr.start_date_time,
    end_date_time: cdr.end_date_time,
    kwh: cdr.total_energy,
    cdr_token: cdr.cdr_token,
    auth_method: cdr.auth_method,
    ...(cdr.authorization_reference ? { authorization_reference: cdr.authorization_reference } : {}),
    location_id: l.id,
    evse_uid: l.evse_uid,
    connector_id: l.connector_id,
    currency: cdr.currency,
    charging_periods: cdr.charging_periods,
    total_cost: cdr.total_cost,
    status: 'COMPLETED',
    last_updated: cdr.last_updated,
  };
}

/**
 * Applies the partner's CDR: a CDR id we already hold is a duplicate (ignored, its session returned);
 * otherwise the session it names (created from the CDR when unknown) is closed with the CDR's figures
 * and priced for our driver. Returns the session and whether this call applied the CDR.
 */
export async function applyCdr(db: Db, key: EmspSessionKey, cdr: Cdr, now = new Date()) {
  const duplicate = await emspSessionByCdr(db, key, cdr.id);
  if (duplicate) return { row: duplicate, applied: false };
  const sessionId = cdr.session_id ?? cdr.id;
  let row = await emspSessionByKey(db, key, sessionId);
  if (!row) {
    await upsertEmspSession(db, key, sessionOfCdr(cdr), now);
    row = await emspSessionByKey(db, key, sessionId);
  }
  if (!row) throw new Error('roaming session not stored');
  // A session that already holds another CDR keeps it: the partner sends a new session id for a new CDR.
  if (row.partnerCdrId !== null) return { row, applied: false };
  const driver = row.userId === null ? await driverOfToken(db, key.companyId, cdr.cdr_token.uid) : null;
  const cols = cdrColumns(cdr, now);
  const closed = await db
    .update(ocpiEmspSessions)
    .set({
      ...cols,
      ...(driver ? driverColumns(driver) : {}),
      refusedStatus: null,
      lastUpdated: new Date(Math.max(row.lastUpdated.getTime(), cols.cdrReceivedAt.getTime())),
      updatedAt: now,
    })
    .where(and(eq(ocpiEmspSessions.id, row.id), isNull(ocpiEmspSessions.partnerCdrId)))
    .returning({ id: ocpiEmspSessions.id })
    .all();
  if (closed.length === 0) return { row, applied: false };
  await priceEmspSession(db, row.id, cdr, now);
  const priced = await db.select().from(ocpiEmspSessions).where(eq(ocpiEmspSessions.id, row.id)).get();
  return { row: priced ?? row, applied: true };
}

/**
 * The driver's price of a closed roaming session by our EMSP tariff: the approved `emp` tariffs of the
 * provider's company chain (a customer group's own beating the general one, as at our stations), the
 * time line from the CDR's charging periods, the same engine; only the driver's perspective is kept
 * (the CPO cost is the partner's CDR).
 */
export async function priceEmspSession(db: Db, id: number, cdr: Cdr, now = new Date()) {
  const s = await db.select().from(ocpiEmspSessions).where(eq(ocpiEmspSessions.id, id)).get();
  if (!s?.endAt) return;
  const [chain, group] = await Promise.all([
    companyAncestorIds(db, s.companyId),
    s.customerGroupId
      ? db.query.customerGroups.findFirst({ where: eq(customerGroups.id, s.customerGroupId) })
      : Promise.resolve(undefined),
  ]);
  const rows = await db
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.status, 'approved'),
        eq(tariffs.type, 'emp'),
        inArray(tariffs.companyId, chain),
        s.customerGroupId
          ? or(isNull(tariffs.customerGroupId), eq(tariffs.customerGroupId, s.customerGroupId))
          : isNull(tariffs.customerGroupId),
      ),
    );
  const facts = {
    session: {
      id: s.id,
      status: s.status,
      endAt: s.endAt,
      refusedStatus: s.refusedStatus,
      pricingStatus: s.pricingStatus,
      pricingNote: s.pricingNote,
      startAt: s.startAt,
      meterStartWh: 0,
      meterStopWh: s.energyWh,
      meterCurveJson: meterCurveOf(cdr.charging_periods),
      stopChargingAt: s.stopChargingAt,
      currency: s.currency,
      needsRevision: s.needsRevision,
      remark: s.remark,
    },
    // The partner's Location time zone is not in the CDR: the engine's default zone (as for a session
    // whose station is unknown) places time-of-day restrictions.
    station: { country: alpha2(cdr.cdr_location.country), timeZone: 'Europe/Paris' },
    operatorChain: chain,
    ownerChain: [],
    group,
    paymentType: paymentTypeOf(s),
    mps: [],
    rows,
  };
  const selection = selectSessionTariffs(facts);
  const decision = priceWithTariffs(facts, selection, engineTariffsOf(selection));
  const price = driverPrice(decision.prices);
  await db
    .update(ocpiEmspSessions)
    .set({
      ...price,
      needsRevision: Math.max(s.needsRevision, price.needsRevision),
      currency: selection.emp.tariff?.row.currency ?? s.currency,
      empTariffId: selection.emp.tariff?.id ?? null,
      updatedAt: now,
    })
    .where(eq(ocpiEmspSessions.id, s.id));
}
