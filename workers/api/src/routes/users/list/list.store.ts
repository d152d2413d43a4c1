/** @module Reads of the fleet user list, its export and the overview counts, always limited to the caller's company scope. */

import type { Db } from '@db/db';
import { users } from '@db/schema';
import { periodStarts } from '@domain/charging-authorization/periods';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { sessionFacts, userIdColumn } from '../users.store';
import type { ListFilters } from './list.schemas';

/**
 * The users with a session in progress, from the partial index charging_sessions_user_open_idx: the
 * "charging" and "idle" filters read these few entries once instead of probing every user's sessions.
 */
const chargingUsers = sql`(SELECT s.user_id FROM charging_sessions s WHERE s.status = 'in_progress' AND s.user_id IS NOT NULL)`;

/** The trigram index cannot look up fewer characters than this; shorter keywords scan the scope. */
export const TRIGRAM_MIN_CHARS = 3;

/**
 * Users whose searched text or card may contain the keyword, from the trigram indexes of migration
 * fleet-perf (ADR 030), for the keyword as the exact match lowers it: a superset of the
 * exact matches (the index folds the case of every character, lower() only of ASCII ones, and it
 * searches the fields joined), which the exact condition then filters.
 */
function keywordCandidates(lowered: string): SQL {
  const phrase = `"${lowered.replaceAll('"', '""')}"`;
  return sql`${userIdColumn} IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase}
    UNION SELECT r.user_id FROM rfids r WHERE r.id IN (SELECT rowid FROM rfids_search WHERE rfids_search MATCH ${phrase}))`;
}

const contains = (column: SQL | typeof users.email, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

const PERMISSION_COLUMN = {
  public: users.canChargePublic,
  work: users.canChargeWork,
  home: users.canChargeHome,
  only_private: users.onlyPrivate,
  rfid_only: users.chargeOnlyWithRfid,
} as const;

/** The WHERE of the fleet user list; deleted users are hidden when service setting 42 is on. */
/**
 * The list's filter. `personal` false (a caller who may not see plates, employee numbers and cost
 * centres, domain/fleet/personal-data.ts) leaves those columns out of the keyword match too, so a
 * search cannot reveal what the list hides.
 */
export function listConditions(
  scope: number[],
  f: Partial<ListFilters>,
  hideDeleted: boolean,
  personal = true,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(users.companyId, scope)];
  if (hideDeleted) conditions.push(eq(users.status, 'active'));
  else if (f.state) conditions.push(eq(users.status, f.state));
  if (f.corporate_group_id) conditions.push(eq(users.corporateGroupId, f.corporate_group_id));
  if (f.group1_id) conditions.push(eq(users.group1Id, f.group1_id));
  if (f.group2_id) conditions.push(eq(users.group2Id, f.group2_id));
  if (f.group3_id) conditions.push(eq(users.group3Id, f.group3_id));
  if (f.group4_id) conditions.push(eq(users.group4Id, f.group4_id));
  if (f.status === 'charging') conditions.push(sql`${userIdColumn} IN ${chargingUsers}`);
  if (f.status === 'idle') conditions.push(sql`${userIdColumn} NOT IN ${chargingUsers}`);
  if (f.permission) conditions.push(eq(PERMISSION_COLUMN[f.permission], true));
  if (f.keyword) {
    const k = f.keyword;
    const lowered = k.toLowerCase();
    if ([...lowered].length >= TRIGRAM_MIN_CHARS) conditions.push(keywordCandidates(lowered));
    const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(
        contains(users.email, k),
        contains(name, k),
        ...(personal
          ? [
              contains(sql`${users.licensePlate}`, k),
              contains(sql`${users.employeeNumber}`, k),
              contains(sql`${users.costCenter}`, k),
            ]
          : []),
        sql`EXISTS (SELECT 1 FROM rfids r WHERE r.user_id = ${userIdColumn} AND (instr(lower(r.uuid), ${k.toLowerCase()}) > 0 OR instr(lower(r.key_hanger_code), ${k.toLowerCase()}) > 0))`,
      ),
    );
  }
  return and(...conditions);
}

/**
 * One page of matching users, newest first, with the derived session count and status. The ids of the
 * page are chosen first: SQLite computes a sorted query's columns before sorting, so the per-user
 * session subqueries would otherwise run for every matching user, not only the page's.
 */
function pageOf(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const ids = db.select({ id: users.id }).from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset);
  return db
    .select({ user: users, ...sessionFacts })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(desc(users.id));
}

/** The two statements of a list call (also for `npm run bench:fleet`'s query plans). */
export function listQueries(db: Db, scope: number[], f: ListFilters, hideDeleted: boolean, personal = true) {
  const where = listConditions(scope, f, hideDeleted, personal);
  return {
    page: pageOf(db, where, f.items_per_page, f.page * f.items_per_page),
    count: db.select({ n: count() }).from(users).where(where),
  };
}

export async function listUsers(db: Db, scope: number[], f: ListFilters, hideDeleted: boolean, personal = true) {
  const q = listQueries(db, scope, f, hideDeleted, personal);
  const [rows, total] = await Promise.all([q.page, q.count.get()]);
  return { rows, total: total?.n ?? 0 };
}

/** Every matching user, for the export (capped so one request stays within the worker's limits). */
export async function exportUsers(db: Db, scope: number[], f: Partial<ListFilters>, hideDeleted: boolean) {
  return pageOf(db, listConditions(scope, f, hideDeleted), 10_000, 0);
}

/** Users of the scope, deleted ones, and active ones charging now. */
export function userCounts(db: Db, scope: number[]) {
  return db
    .select({
      total: count(),
      deleted: sql<number>`coalesce(sum(${users.status} = 'deleted'), 0)`,
      charging: sql<number>`coalesce(sum(${users.status} = 'active' AND ${sessionFacts.charging}), 0)`,
    })
    .from(users)
    .where(inArray(users.companyId, scope))
    .get();
}

/** How many active users of the scope hold each charging permission. */
export function permissionCounts(db: Db, scope: number[]) {
  const sum = (col: typeof users.canChargePublic) => sql<number>`coalesce(sum(${col}), 0)`;
  return db
    .select({
      total: count(),
      public: sum(users.canChargePublic),
      work: sum(users.canChargeWork),
      home: sum(users.canChargeHome),
      only_private: sum(users.onlyPrivate),
      rfid_only: sum(users.chargeOnlyWithRfid),
    })
    .from(users)
    .where(and(inArray(users.companyId, scope), eq(users.status, 'active')))
    .get();
}

/** Active users of the scope with a kWh limit, and their kWh (CDR) of the current day, ISO week and month. */
export async function usersWithKwhLimits(db: Db, scope: number[], timeZone: string, now = new Date()) {
  const p = periodStarts(now, timeZone);
  const used = (from: Date) =>
    sql<number>`(SELECT coalesce(sum(coalesce(s.cdr_consumed_energy, 0)), 0) FROM charging_sessions s WHERE s.user_id = ${userIdColumn} AND s.cdr_start >= ${from.getTime()})`;
  return db
    .select({ user: users, dayWh: used(p.day), weekWh: used(p.week), monthWh: used(p.month) })
    .from(users)
    .where(
      and(
        inArray(users.companyId, scope),
        eq(users.status, 'active'),
        or(sql`${users.dailyLimit} > 0`, sql`${users.weeklyLimit} > 0`, sql`${users.monthlyLimit} > 0`),
      ),
    )
    .limit(2000);
}
