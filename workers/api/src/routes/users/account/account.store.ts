/** @module Reads and writes of one fleet user (the wizard, detail, limits), each change with its audit row in one batch. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { chargingSessions, corporateGroups, rfids, userCurrencyLimits, userRoles, users } from '@db/schema';
import { periodStarts } from '@domain/charging-authorization/periods';
import type { PeriodUse } from '@domain/fleet/usage';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { scopedUser } from '../users.store';

type User = typeof users.$inferSelect;
type CurrencyLimits = { dailyMinor?: number | null; weeklyMinor?: number | null; monthlyMinor?: number | null };

/** What the checked wizard data writes besides the users row. */
export interface UserLinks {
  /** Replaces the user's roles when sent. */
  roles?: number[];
  /** Cards handed to the user (active and free, or already its own). */
  rfidIds: number[];
  currencyLimits?: { dailyMinor: number | null; weeklyMinor: number | null; monthlyMinor: number | null };
}

/** Corporate groups and free active cards of the scope, for the wizard's pickers. */
export function wizardChoices(db: Db, scope: number[]) {
  return Promise.all([
    db
      .select({ id: corporateGroups.id, name: corporateGroups.name })
      .from(corporateGroups)
      .where(inArray(corporateGroups.companyId, scope))
      .orderBy(corporateGroups.name),
    db
      .select({ id: rfids.id, uuid: rfids.uuid, key_hanger_code: rfids.keyHangerCode })
      .from(rfids)
      .where(and(inArray(rfids.companyId, scope), eq(rfids.status, 'active'), isNull(rfids.userId)))
      .orderBy(rfids.keyHangerCode)
      .limit(200),
  ]);
}

function currencyLimitsUpsert(db: Db, userId: number, limits: CurrencyLimits) {
  return db
    .insert(userCurrencyLimits)
    .values({ userId, ...limits })
    .onConflictDoUpdate({ target: userCurrencyLimits.userId, set: limits });
}

/** The statements of the links: roles (replaced when sent), cards handed out, currency limits. */
function linkWrites(db: Db, userId: number, links: UserLinks) {
  const stmts = [];
  if (links.roles) {
    stmts.push(db.delete(userRoles).where(eq(userRoles.userId, userId)));
    if (links.roles.length > 0)
      stmts.push(db.insert(userRoles).values(links.roles.map((roleId) => ({ userId, roleId }))));
  }
  if (links.rfidIds.length > 0) {
    stmts.push(
      db
        .update(rfids)
        .set({ userId })
        .where(
          and(
            inArray(rfids.id, links.rfidIds),
            eq(rfids.status, 'active'),
            or(isNull(rfids.userId), eq(rfids.userId, userId)),
          ),
        ),
    );
  }
  if (links.currencyLimits) stmts.push(currencyLimitsUpsert(db, userId, links.currencyLimits));
  return stmts;
}

/** Inserts the user row; a taken e-mail throws the unique index's error. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** The new user's links with its audit row, in one batch. */
export async function writeCreated(db: Db, userId: number, links: UserLinks, audit: AuditEntry) {
  await db.batch([auditInsert(db, audit), ...linkWrites(db, userId, links)]);
}

/** Updates the user of the scope with its links and audit row in one batch; the row after, if still in the scope. */
export async function updateUser(
  db: Db,
  scope: number[],
  userId: number,
  values: Partial<typeof users.$inferInsert>,
  links: UserLinks,
  audit: AuditEntry,
) {
  await db.batch([
    db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(users.id, userId), inArray(users.companyId, scope))),
    auditInsert(db, audit),
    ...linkWrites(db, userId, links),
  ]);
  return scopedUser(db, scope, userId);
}

/** Writes the limits (kWh in the users row, currency apart) with the audit row; the row after. */
export async function writeLimits(
  db: Db,
  scope: number[],
  userId: number,
  limits: { kwh?: Partial<Pick<User, 'dailyLimit' | 'weeklyLimit' | 'monthlyLimit'>>; currency?: CurrencyLimits },
  audit: AuditEntry,
) {
  const stmts = [];
  if (limits.kwh && Object.keys(limits.kwh).length > 0) {
    stmts.push(
      db
        .update(users)
        .set({ ...limits.kwh, updatedAt: new Date() })
        .where(and(eq(users.id, userId), inArray(users.companyId, scope))),
    );
  }
  if (limits.currency && Object.keys(limits.currency).length > 0)
    stmts.push(currencyLimitsUpsert(db, userId, limits.currency));
  await db.batch([auditInsert(db, audit), ...stmts]);
  return scopedUser(db, scope, userId);
}

/** kWh used in the current day, ISO week and month of the company clock (in-progress sessions count). */
export async function usageOf(db: Db, userId: number, timeZone: string, now = new Date()): Promise<PeriodUse> {
  const p = periodStarts(now, timeZone);
  const since = Math.min(p.week.getTime(), p.month.getTime());
  const s = chargingSessions;
  const wh = (from: Date) =>
    sql<number>`coalesce(sum(CASE WHEN ${s.startAt} >= ${from.getTime()} THEN coalesce(${s.energyWh}, 0) END), 0)`;
  // Currency limits (ADR 028): the driver price of priced sessions, and the energy not priced yet.
  const priced = (from: Date) =>
    sql<number>`coalesce(sum(CASE WHEN ${s.startAt} >= ${from.getTime()} AND ${s.pricingStatus} = 'priced' THEN coalesce(${s.empTotal}, 0) END), 0)`;
  const unpriced = (from: Date) =>
    sql<number>`coalesce(sum(CASE WHEN ${s.startAt} >= ${from.getTime()} AND ${s.pricingStatus} <> 'priced' THEN coalesce(${s.energyWh}, 0) END), 0)`;
  const row = await db
    .select({
      day: wh(p.day),
      week: wh(p.week),
      month: wh(p.month),
      dayMinor: priced(p.day),
      weekMinor: priced(p.week),
      monthMinor: priced(p.month),
      dayUnpricedWh: unpriced(p.day),
      weekUnpricedWh: unpriced(p.week),
      monthUnpricedWh: unpriced(p.month),
    })
    .from(s)
    .where(and(eq(s.userId, userId), sql`${s.startAt} >= ${since}`))
    .get();
  return {
    dayWh: row?.day ?? 0,
    weekWh: row?.week ?? 0,
    monthWh: row?.month ?? 0,
    money: {
      day: { minor: row?.dayMinor ?? 0, unpricedWh: row?.dayUnpricedWh ?? 0 },
      week: { minor: row?.weekMinor ?? 0, unpricedWh: row?.weekUnpricedWh ?? 0 },
      month: { minor: row?.monthMinor ?? 0, unpricedWh: row?.monthUnpricedWh ?? 0 },
    },
  };
}
