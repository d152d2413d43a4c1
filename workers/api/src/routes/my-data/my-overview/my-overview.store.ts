/**
 * @module Reads of a private user's year overview: the caller's own sessions only (`user_id` = the caller), and
 * for CO2 avoided the energy groups and the company's baselines of the CO2 reports (routes/co2/co2.store.ts).
 */
import type { Db } from '@db/db';
import { chargingSessions } from '@db/schema';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';

export { baselinesOf, energyGroups } from '../../co2/co2.store';

/** Start, energy and driver's price of the caller's sessions that started in the period. */
export function sessionsIn(db: Db, userId: number, period: { from: Date; to: Date }) {
  return db
    .select({
      startAt: chargingSessions.startAt,
      energyWh: chargingSessions.energyWh,
      currency: chargingSessions.currency,
      empTotal: chargingSessions.empTotal,
      pricingStatus: chargingSessions.pricingStatus,
    })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        gte(chargingSessions.startAt, period.from),
        lt(chargingSessions.startAt, period.to),
      ),
    );
}

/** The UTC years of the caller's sessions, newest first. */
export async function sessionYears(db: Db, userId: number): Promise<number[]> {
  const year = sql<string>`strftime('%Y', ${chargingSessions.startAt} / 1000, 'unixepoch')`;
  const rows = await db
    .selectDistinct({ year })
    .from(chargingSessions)
    .where(eq(chargingSessions.userId, userId))
    .orderBy(desc(year));
  return rows.map((r) => Number(r.year));
}
