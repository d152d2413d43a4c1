/**
 * @module Reads of a customer group's members and of the users who may join it; the group has been
 * found in the caller's tree, candidates come only from the companies the caller passes.
 */
import type { Db } from '@db/db';
import { customerGroupMembers, users } from '@db/schema';
import { privateKeywordId } from '@domain/customer-groups/rules';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { GroupRow } from '../groups/groups.schemas';
import type { MemberRow, MemberSessionRow, MemberTotalsRow } from './members.schemas';

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyId: users.companyId,
  status: users.status,
  addedAt: customerGroupMembers.addedAt,
};

/** E-mail, first or last name contains the keyword (case-insensitive). */
function identityContains(keyword: string): SQL {
  const k = keyword.toLowerCase();
  return sql`(instr(lower(${users.email}), ${k}) > 0 OR instr(lower(coalesce(${users.firstName}, '')), ${k}) > 0 OR instr(lower(coalesce(${users.lastName}, '')), ${k}) > 0)`;
}

/** The keyword filter of the member list; under user privacy only the user id can be searched. */
function keywordOf(g: GroupRow, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  if (g.userPrivacy) return eq(users.id, privateKeywordId(keyword));
  return identityContains(keyword);
}

/** One page of the group's members (by e-mail, or by id under user privacy) and how many match. */
export async function memberPage(
  db: Db,
  g: GroupRow,
  q: { keyword?: string | undefined; page: number; items_per_page: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = and(eq(customerGroupMembers.customerGroupId, g.id), keywordOf(g, q.keyword));
  const [rows, total] = await Promise.all([
    db
      .select(memberColumns)
      .from(customerGroupMembers)
      .innerJoin(users, eq(users.id, customerGroupMembers.userId))
      .where(where)
      .orderBy(g.userPrivacy ? asc(users.id) : asc(users.email))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db
      .select({ n: count() })
      .from(customerGroupMembers)
      .innerJoin(users, eq(users.id, customerGroupMembers.userId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Active users of the `allowed` companies whose e-mail or name contains the keyword, with their group. */
export function joinCandidates(db: Db, allowed: number[], keyword: string, limit: number) {
  return db
    .select({
      user_id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      customer_group_id: customerGroupMembers.customerGroupId,
    })
    .from(users)
    .leftJoin(customerGroupMembers, eq(customerGroupMembers.userId, users.id))
    .where(and(inArray(users.companyId, allowed), eq(users.status, 'active'), identityContains(keyword)))
    .orderBy(asc(users.email))
    .limit(limit);
}

/** The member `userId` of the group with their telephone, or undefined when they are not a member. */
export function memberOf(db: Db, g: GroupRow, userId: number) {
  return db
    .select({ ...memberColumns, telephone: users.telephone })
    .from(customerGroupMembers)
    .innerJoin(users, eq(users.id, customerGroupMembers.userId))
    .where(and(eq(customerGroupMembers.customerGroupId, g.id), eq(customerGroupMembers.userId, userId)))
    .get();
}

/** A member's latest 50 sessions in the group and the totals of all of them. */
export async function memberSessions(d1: D1Database, g: GroupRow, userId: number) {
  const [sessions, totals] = await d1.batch<MemberSessionRow | MemberTotalsRow>([
    d1
      .prepare(
        `SELECT s.id, s.cdr_start, s.cdr_end, s.station_name, s.status, s.cdr_consumed_energy AS energy_wh,
           CASE WHEN s.pricing_status = 'priced' THEN s.emp_price_total END AS amount_incl_vat, s.pricing_status
         FROM charging_sessions s WHERE s.customer_group_id = ? AND s.user_id = ?
         ORDER BY s.cdr_start DESC, s.id DESC LIMIT 50`,
      )
      .bind(g.id, userId),
    d1
      .prepare(
        `SELECT count(*) AS n, sum(s.cdr_consumed_energy) AS energy,
           sum(CASE WHEN s.pricing_status = 'priced' THEN s.emp_price_total END) AS incl,
           sum(CASE WHEN s.pricing_status = 'priced' THEN s.emp_price_net_total END) AS excl,
           sum(s.pricing_status <> 'priced') AS unpriced
         FROM charging_sessions s WHERE s.customer_group_id = ? AND s.user_id = ?`,
      )
      .bind(g.id, userId),
  ]);
  return {
    sessions: (sessions?.results ?? []) as MemberSessionRow[],
    totals: totals?.results[0] as MemberTotalsRow | undefined,
  };
}
