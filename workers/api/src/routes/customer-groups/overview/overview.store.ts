/**
 * @module The customer group overview's reads: per month of a year, in CET as every session time on
 * screen, the group's sessions, energy and provider amounts, its members (from the membership history,
 * ADR 026 addendum), the members who charged and those who joined. Sums come from the session list's
 * footer machinery (the day sums of ADR 033 plus the partial days at the month edges read directly), so
 * a month here equals the group's session list filtered on that month. The group is one of the caller's tree.
 */
import { listSumsMany } from '@api/routes/sessions/list/list.sums.store';
import type { SessionQuery } from '@api/routes/sessions/sessions.store';
import type { Db } from '@db/db';
import { customerGroupMembers } from '@db/schema';
import { monthStarts } from '@domain/customer-groups/overview-months';
import { count, eq } from 'drizzle-orm';
import type { OverviewMonth } from './overview.schemas';

/** `CASE` mapping an epoch-ms column to its month 1–12 inside [starts[0], starts[12]). */
function monthCase(column: string, starts: number[]): string {
  const whens = starts.slice(1, 12).map((b, i) => `WHEN ${column} < ${Math.trunc(b)} THEN ${i + 1}`);
  return `CASE ${whens.join(' ')} ELSE 12 END`;
}

/**
 * Members per month: the stays in the group that overlap the month (joined before its end, left
 * after its start or not at all), counted once per user; months that begin after `now` have none.
 */
function membersStatement(d1: D1Database, groupId: number, starts: number[], now: number) {
  const months = starts
    .slice(0, 12)
    .map((from, m) => `(${m + 1}, ${Math.trunc(from)}, ${Math.trunc(starts[m + 1] as number)})`);
  return d1
    .prepare(
      `WITH months(m, a, b) AS (VALUES ${months.join(', ')})
       SELECT months.m AS m, count(DISTINCT h.user_id) AS n FROM months
       JOIN customer_group_membership h ON h.customer_group_id = ? AND h.valid_from < months.b
         AND (h.valid_to IS NULL OR h.valid_to > months.a)
       WHERE months.a <= ? GROUP BY months.m`,
    )
    .bind(groupId, now);
}

export async function groupOverview(
  d1: D1Database,
  groupId: number,
  year: number,
  now = Date.now(),
): Promise<OverviewMonth[]> {
  const starts = monthStarts(year);
  const queries: SessionQuery[] = starts.slice(0, 12).map((from, m) => ({
    variant: 'emp',
    from: new Date(from).toISOString(),
    to: new Date(starts[m + 1] as number).toISOString(),
    direction: 'desc',
  }));
  const first = starts[0] as number;
  const end = starts[12] as number;
  const [sums, members, drivers, joined] = await Promise.all([
    listSumsMany(d1, { companies: [], customerGroupId: groupId }, queries),
    membersStatement(d1, groupId, starts, now).all<{ m: number; n: number }>(),
    d1
      .prepare(
        `SELECT ${monthCase('s.cdr_start', starts)} AS m, count(DISTINCT s.user_id) AS n FROM charging_sessions s
         WHERE s.customer_group_id = ? AND s.cdr_start >= ? AND s.cdr_start < ? GROUP BY m`,
      )
      .bind(groupId, first, end)
      .all<{ m: number; n: number }>(),
    d1
      .prepare(
        `SELECT ${monthCase('g.created_at', starts)} AS m, count(*) AS n FROM customer_group_members g
         WHERE g.customer_group_id = ? AND g.created_at >= ? AND g.created_at < ? GROUP BY m`,
      )
      .bind(groupId, first, end)
      .all<{ m: number; n: number }>(),
  ]);
  const byMonth = (rows: { m: number; n: number }[], m: number) => rows.find((r) => r.m === m)?.n ?? 0;
  return sums.map((s, i) => ({
    month: i + 1,
    sessions: s.total,
    unpriced: s.unpriced,
    energy_wh: s.sums.cdr_consumed_energy ?? 0,
    amount_incl_vat: s.sums.emp_price_total ?? null,
    amount_excl_vat: s.sums.emp_price_net_total ?? null,
    members: byMonth(members.results, i + 1),
    drivers: byMonth(drivers.results, i + 1),
    new_members: byMonth(joined.results, i + 1),
  }));
}

/** How many users are members of the group now. */
export async function memberCount(db: Db, groupId: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(customerGroupMembers)
    .where(eq(customerGroupMembers.customerGroupId, groupId))
    .get();
  return row?.n ?? 0;
}
