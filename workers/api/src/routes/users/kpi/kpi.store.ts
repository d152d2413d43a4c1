/**
 * @module The sessions a fleet user's statistics count (issue 21 part 8): start, energy and the
 * driver's price within a window, read from the report source (the warehouse when the deployment has
 * one, D1 otherwise; ADR 052) with the same semantics: every session of the user started in the
 * window. CO2 avoided needs the stations' renewable supply and the user's vehicle class, which the
 * warehouse does not hold: it is summed on D1 by the CO2 store (ADR 053).
 */
import type { Db } from '@db/db';
import { overridesFrom, summarizeCo2 } from '@domain/co2/aggregate';
import type { ReportMonth } from '@domain/co2/periods';
import { baselinesOf, energyGroups } from '../../co2/co2.store';
import type { ReportSource } from '../../reporting/reporting.store';

export interface UserSession {
  start: Date;
  wh: number | null;
  /** The driver's price (e-mobility provider total, minor units of `currency`). */
  emp: number | null;
  currency: string;
}

const QUERY: Record<ReportSource['name'], string> = {
  d1: `SELECT cdr_start AS start, cdr_consumed_energy AS wh, emp_price_total AS emp, currency
         FROM charging_sessions WHERE user_id = ?1 AND cdr_start >= ?2 AND cdr_start < ?3`,
  warehouse: `SELECT (extract(epoch FROM start_at) * 1000)::bigint AS start, energy_wh AS wh, emp_total AS emp, currency
                FROM fact_sessions
               WHERE user_id = $1 AND start_at >= to_timestamp($2 / 1000.0) AND start_at < to_timestamp($3 / 1000.0)`,
};

type Raw = Record<'start' | 'wh' | 'emp', number | string | null> & { currency: string };
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Sessions of a user (already found in the caller's scope) started in [from, to). */
export async function sessionsStarted(
  source: ReportSource,
  userId: number,
  window: { from: Date; to: Date },
): Promise<UserSession[]> {
  const rows = await source.rows<Raw>(QUERY[source.name], [userId, window.from.getTime(), window.to.getTime()]);
  return rows.map((r) => ({ start: new Date(Number(r.start)), wh: num(r.wh), emp: num(r.emp), currency: r.currency }));
}

/** CO2 avoided (kg) per month by the user's delivered sessions, with the baselines of the user's company. */
export async function co2ByMonth(
  db: Db,
  user: { id: number; companyId: number },
  months: readonly ReportMonth[],
): Promise<Map<string, number>> {
  const overrides = overridesFrom(await baselinesOf(db, user.companyId));
  const groups = await energyGroups(db, { perspective: 'fleet', companyId: user.companyId, months, userId: user.id });
  const { byKey } = summarizeCo2(groups, overrides);
  return new Map([...byKey].map(([month, sum]) => [month, sum.avoidedKg]));
}
