/** @module Fleet user reads, always limited to the caller's company scope. */

import type { Db } from '@db/db';
import {
  chargingSessions,
  companies,
  corporateGroups,
  fleetCompanySettings,
  type LimitUnit,
  rfids,
  userCurrencyLimits,
  userRoles,
  users,
} from '@db/schema';
import { periodStarts } from '@domain/charging-authorization/periods';
import type { z } from '@hono/zod-openapi';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { LimitsSchema, ListBody, UsageSchema, UserSchema } from './users.schemas';

type User = typeof users.$inferSelect;
type Limits = z.infer<typeof LimitsSchema>;

/** A user is near a limit from this share of it. */
export const NEAR_LIMIT_RATIO = 0.8;

export const CURRENCY_NOTE =
  'Currency limits are enforced at the charger: priced sessions count at the driver price, sessions not priced yet at the tariff of the station.';

/** Qualified on purpose: drizzle leaves a single-table select's columns unqualified, which a subquery would rebind. */
const userIdColumn = sql.raw('"users"."id"');
const sessionCount = sql<number>`(SELECT count(*) FROM charging_sessions s WHERE s.user_id = ${userIdColumn})`;
const charging = sql<number>`EXISTS (SELECT 1 FROM charging_sessions s WHERE s.user_id = ${userIdColumn} AND s.status = 'in_progress')`;
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

export function scopedUser(db: Db, scope: number[], id: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.companyId, scope)))
    .get();
}

export async function limitUnitOf(db: Db, companyId: number): Promise<LimitUnit> {
  const row = await db
    .select({ unit: fleetCompanySettings.limitUnit })
    .from(fleetCompanySettings)
    .where(eq(fleetCompanySettings.companyId, companyId))
    .get();
  return row?.unit ?? 'kwh';
}

const contains = (column: SQL | typeof users.email, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

export type ListFilters = z.infer<typeof ListBody>;

/** The WHERE of the fleet user list; deleted users are hidden when service setting 42 is on. */
export function listConditions(scope: number[], f: Partial<ListFilters>, hideDeleted: boolean): SQL | undefined {
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
  switch (f.permission) {
    case 'public':
      conditions.push(eq(users.canChargePublic, true));
      break;
    case 'work':
      conditions.push(eq(users.canChargeWork, true));
      break;
    case 'home':
      conditions.push(eq(users.canChargeHome, true));
      break;
    case 'only_private':
      conditions.push(eq(users.onlyPrivate, true));
      break;
    case 'rfid_only':
      conditions.push(eq(users.chargeOnlyWithRfid, true));
      break;
  }
  if (f.keyword) {
    const k = f.keyword;
    const lowered = k.toLowerCase();
    if ([...lowered].length >= TRIGRAM_MIN_CHARS) conditions.push(keywordCandidates(lowered));
    const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(
        contains(users.email, k),
        contains(name, k),
        contains(sql`${users.licensePlate}`, k),
        contains(sql`${users.employeeNumber}`, k),
        contains(sql`${users.costCenter}`, k),
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
    .select({ user: users, sessionCount, charging })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(desc(users.id));
}

/** The two statements of a list call (also for `npm run bench:fleet`'s query plans). */
export function listQueries(db: Db, scope: number[], f: ListFilters, hideDeleted: boolean) {
  const where = listConditions(scope, f, hideDeleted);
  return {
    page: pageOf(db, where, f.items_per_page, f.page * f.items_per_page),
    count: db.select({ n: count() }).from(users).where(where),
  };
}

export async function listUsers(db: Db, scope: number[], f: ListFilters, hideDeleted: boolean) {
  const q = listQueries(db, scope, f, hideDeleted);
  const [rows, total] = await Promise.all([q.page, q.count.get()]);
  return { rows, total: total?.n ?? 0 };
}

/** Every matching user, for the export (capped so one request stays within the worker's limits). */
export async function exportUsers(db: Db, scope: number[], f: Partial<ListFilters>, hideDeleted: boolean) {
  return pageOf(db, listConditions(scope, f, hideDeleted), 10_000, 0);
}

export interface Decorations {
  roles: Map<number, number[]>;
  rfids: Map<number, { id: number; uuid: string; key_hanger_code: string; status: string }[]>;
  groups: Map<number, string>;
  companies: Map<number, { name: string; currency: string; unit: LimitUnit }>;
  currency: Map<number, typeof userCurrencyLimits.$inferSelect>;
}

/** Roles, cards, group and company names of a page of users: five queries, whatever the page size. */
export async function decorate(db: Db, list: User[]): Promise<Decorations> {
  const ids = list.map((u) => u.id);
  const groupIds = [...new Set(list.map((u) => u.corporateGroupId).filter((g): g is number => g !== null))];
  const companyIds = [...new Set(list.map((u) => u.companyId))];
  const empty = ids.length === 0;
  const [roleRows, cardRows, groupRows, companyRows, currencyRows] = await Promise.all([
    empty ? [] : db.select().from(userRoles).where(inArray(userRoles.userId, ids)),
    empty
      ? []
      : db
          .select({
            id: rfids.id,
            userId: rfids.userId,
            uuid: rfids.uuid,
            code: rfids.keyHangerCode,
            status: rfids.status,
          })
          .from(rfids)
          .where(inArray(rfids.userId, ids)),
    groupIds.length === 0
      ? []
      : db
          .select({ id: corporateGroups.id, name: corporateGroups.name })
          .from(corporateGroups)
          .where(inArray(corporateGroups.id, groupIds)),
    empty
      ? []
      : db
          .select({
            id: companies.id,
            name: companies.name,
            currency: companies.currency,
            unit: fleetCompanySettings.limitUnit,
          })
          .from(companies)
          .leftJoin(fleetCompanySettings, eq(fleetCompanySettings.companyId, companies.id))
          .where(inArray(companies.id, companyIds)),
    empty ? [] : db.select().from(userCurrencyLimits).where(inArray(userCurrencyLimits.userId, ids)),
  ]);
  const roles = new Map<number, number[]>();
  for (const r of roleRows)
    roles.set(
      r.userId,
      [...(roles.get(r.userId) ?? []), r.roleId].sort((a, b) => a - b),
    );
  const cards: Decorations['rfids'] = new Map();
  for (const c of cardRows) {
    if (c.userId === null) continue;
    cards.set(c.userId, [
      ...(cards.get(c.userId) ?? []),
      { id: c.id, uuid: c.uuid, key_hanger_code: c.code, status: c.status },
    ]);
  }
  return {
    roles,
    rfids: cards,
    groups: new Map(groupRows.map((g) => [g.id, g.name])),
    companies: new Map(companyRows.map((c) => [c.id, { name: c.name, currency: c.currency, unit: c.unit ?? 'kwh' }])),
    currency: new Map(currencyRows.map((c) => [c.userId, c])),
  };
}

export function limitsOf(u: User, d: Decorations): Limits {
  const company = d.companies.get(u.companyId);
  const unit = company?.unit ?? 'kwh';
  if (unit === 'kwh') {
    return {
      unit,
      currency: company?.currency ?? 'EUR',
      daily: u.dailyLimit || null,
      weekly: u.weeklyLimit || null,
      monthly: u.monthlyLimit || null,
      enforced_at_charger: true,
      note: null,
    };
  }
  const c = d.currency.get(u.id);
  const major = (v: number | null | undefined) => (v ? v / 100 : null);
  return {
    unit,
    currency: company?.currency ?? 'EUR',
    daily: major(c?.dailyMinor),
    weekly: major(c?.weeklyMinor),
    monthly: major(c?.monthlyMinor),
    enforced_at_charger: true,
    note: CURRENCY_NOTE,
  };
}

export function toUser(u: User, d: Decorations, sessions: number, isCharging: boolean): z.infer<typeof UserSchema> {
  return {
    id: u.id,
    company_id: u.companyId,
    company_name: d.companies.get(u.companyId)?.name ?? null,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    telephone: u.telephone,
    username: u.username,
    state: u.status,
    deleted_at: u.deletedAt?.toISOString() ?? null,
    corporate_group_id: u.corporateGroupId,
    corporate_group_name: u.corporateGroupId ? (d.groups.get(u.corporateGroupId) ?? null) : null,
    group1_id: u.group1Id,
    group2_id: u.group2Id,
    group3_id: u.group3Id,
    group4_id: u.group4Id,
    license_plate: u.licensePlate,
    employee_number: u.employeeNumber,
    cost_center: u.costCenter,
    account_type: u.accountType,
    can_charge_public: u.canChargePublic,
    can_charge_work: u.canChargeWork,
    can_charge_home: u.canChargeHome,
    only_private: u.onlyPrivate,
    charge_only_with_rfid: u.chargeOnlyWithRfid,
    limits: limitsOf(u, d),
    odometer_km: u.odometerKm,
    iban_owner: u.ibanOwner,
    partner_user_id: u.partnerUserId,
    roles: d.roles.get(u.id) ?? [],
    rfids: d.rfids.get(u.id) ?? [],
    session_count: Number(sessions),
    status: isCharging ? 'charging' : 'idle',
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
  };
}

/** One user as the API shows it, with the derived session count and status. */
export async function userView(db: Db, u: User) {
  const [d, facts] = await Promise.all([
    decorate(db, [u]),
    db
      .select({ n: count(), charging: sql<number>`coalesce(max(${chargingSessions.status} = 'in_progress'), 0)` })
      .from(chargingSessions)
      .where(eq(chargingSessions.userId, u.id))
      .get(),
  ]);
  return toUser(u, d, facts?.n ?? 0, Boolean(facts?.charging));
}

/** kWh used in the current day, ISO week and month of the company clock (in-progress sessions count). */
export async function usageOf(db: Db, userId: number, timeZone: string, now = new Date()) {
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

type MoneyUse = { minor: number; unpricedWh: number };

export function usageRows(
  limits: Limits,
  used: {
    dayWh: number;
    weekWh: number;
    monthWh: number;
    money?: { day: MoneyUse; week: MoneyUse; month: MoneyUse };
  },
): z.infer<typeof UsageSchema>[] {
  const rows = [
    ['daily', limits.daily, used.dayWh, used.money?.day],
    ['weekly', limits.weekly, used.weekWh, used.money?.week],
    ['monthly', limits.monthly, used.monthWh, used.money?.month],
  ] as const;
  return rows.map(([period, limit, wh, money]) => {
    const kwh = Math.round(wh) / 1000;
    if (limits.unit === 'currency') {
      // Priced sessions in the currency; energy not priced yet shown apart (the charger counts it at its tariff).
      const major = (money?.minor ?? 0) / 100;
      const unpricedKwh = Math.round(money?.unpricedWh ?? 0) / 1000;
      return {
        period,
        limit,
        used: major,
        unit: 'currency',
        ratio: limit ? major / limit : null,
        unpriced_kwh: unpricedKwh,
      };
    }
    return { period, limit, used: kwh, unit: 'kwh', ratio: limit ? kwh / limit : null };
  });
}

/** Users of the scope with at least one kWh limit used to NEAR_LIMIT_RATIO or more. */
export async function usersNearLimits(db: Db, scope: number[], timeZone: string, now = new Date()) {
  const p = periodStarts(now, timeZone);
  const used = (from: Date) =>
    sql<number>`(SELECT coalesce(sum(coalesce(s.cdr_consumed_energy, 0)), 0) FROM charging_sessions s WHERE s.user_id = ${userIdColumn} AND s.cdr_start >= ${from.getTime()})`;
  const rows = await db
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
  const ratio = (wh: number, limit: number | null) => (limit ? wh / 1000 / limit : 0);
  return rows
    .map((r) => ({
      user: r.user,
      ratio: Math.max(
        ratio(r.dayWh, r.user.dailyLimit),
        ratio(r.weekWh, r.user.weeklyLimit),
        ratio(r.monthWh, r.user.monthlyLimit),
      ),
      usage: { dayWh: r.dayWh, weekWh: r.weekWh, monthWh: r.monthWh },
    }))
    .filter((r) => r.ratio >= NEAR_LIMIT_RATIO)
    .sort((a, b) => b.ratio - a.ratio);
}
