/**
 * @module The fleet settings' reads and the unit switch: the company's limit unit, how many drivers
 * have limits in it, and the one D1 batch that moves every driver's limits to the other unit.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { fleetCompanySettings, type LimitUnit, userCurrencyLimits, users } from '@db/schema';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

export async function unitOf(db: Db, companyId: number): Promise<LimitUnit> {
  const row = await db
    .select({ unit: fleetCompanySettings.limitUnit })
    .from(fleetCompanySettings)
    .where(eq(fleetCompanySettings.companyId, companyId))
    .get();
  return row?.unit ?? 'kwh';
}

const companyUsers = (companyId: number) =>
  sql`(select ${users.id} from ${users} where ${users.companyId} = ${companyId})`;

export async function usersWithLimits(db: Db, companyId: number, unit: LimitUnit): Promise<number> {
  if (unit === 'kwh') {
    const row = await db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          or(isNotNull(users.dailyLimit), isNotNull(users.weeklyLimit), isNotNull(users.monthlyLimit)),
        ),
      )
      .get();
    return row?.n ?? 0;
  }
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(userCurrencyLimits)
    .where(
      and(
        inArray(userCurrencyLimits.userId, companyUsers(companyId)),
        or(
          isNotNull(userCurrencyLimits.dailyMinor),
          isNotNull(userCurrencyLimits.weeklyMinor),
          isNotNull(userCurrencyLimits.monthlyMinor),
        ),
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** The statements that move the company's limits from `from` to `to` and record the unit. */
function moveLimits(db: Db, companyId: number, to: LimitUnit) {
  const hasKwh = or(isNotNull(users.dailyLimit), isNotNull(users.weeklyLimit), isNotNull(users.monthlyLimit));
  const ownCurrencyRows = inArray(userCurrencyLimits.userId, companyUsers(companyId));
  const minor = (column: AnySQLiteColumn) => sql<number | null>`${column} * 100`;
  // Whole kWh: integer division drops the cents; under 1 kWh (0 after division) removes the limit.
  const wholeKwh = (column: AnySQLiteColumn) =>
    sql<
      number | null
    >`(select nullif(l.${sql.raw(column.name)} / 100, 0) from ${userCurrencyLimits} l where l.user_id = ${users.id})`;
  const moves =
    to === 'currency'
      ? [
          db.delete(userCurrencyLimits).where(ownCurrencyRows),
          db.insert(userCurrencyLimits).select(
            db
              .select({
                userId: users.id,
                dailyMinor: minor(users.dailyLimit).as('daily_minor'),
                weeklyMinor: minor(users.weeklyLimit).as('weekly_minor'),
                monthlyMinor: minor(users.monthlyLimit).as('monthly_minor'),
              })
              .from(users)
              .where(and(eq(users.companyId, companyId), hasKwh)),
          ),
          db
            .update(users)
            .set({ dailyLimit: null, weeklyLimit: null, monthlyLimit: null })
            .where(and(eq(users.companyId, companyId), hasKwh)),
        ]
      : [
          db
            .update(users)
            .set({
              dailyLimit: wholeKwh(userCurrencyLimits.dailyMinor),
              weeklyLimit: wholeKwh(userCurrencyLimits.weeklyMinor),
              monthlyLimit: wholeKwh(userCurrencyLimits.monthlyMinor),
            })
            .where(eq(users.companyId, companyId)),
          db.delete(userCurrencyLimits).where(ownCurrencyRows),
        ];
  const record = db
    .insert(fleetCompanySettings)
    .values({ companyId, limitUnit: to, updatedAt: new Date() })
    .onConflictDoUpdate({ target: fleetCompanySettings.companyId, set: { limitUnit: to, updatedAt: new Date() } });
  return [...moves, record] as const;
}

/** Moves the limits, records the unit and writes the audit row, in one batch. */
export async function switchLimitUnit(db: Db, companyId: number, to: LimitUnit, audit: AuditEntry) {
  const [first, ...rest] = moveLimits(db, companyId, to);
  await db.batch([first, ...rest, auditInsert(db, audit)]);
}
