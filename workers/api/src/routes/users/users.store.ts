/** @module Reads of fleet users shared by the /users resources, always limited to the caller's company scope. */

import type { Db } from '@db/db';
import {
  chargingSessions,
  companies,
  corporateGroups,
  fleetCompanySettings,
  rfids,
  userCurrencyLimits,
  userRoles,
  users,
} from '@db/schema';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Decorations, toUser } from './users.schemas';

type User = typeof users.$inferSelect;

/** Qualified on purpose: drizzle leaves a single-table select's columns unqualified, which a subquery would rebind. */
export const userIdColumn = sql.raw('"users"."id"');

/** A user's session count and whether one is in progress, as columns of a select from `users`. */
export const sessionFacts = {
  sessionCount: sql<number>`(SELECT count(*) FROM charging_sessions s WHERE s.user_id = ${userIdColumn})`,
  charging: sql<number>`EXISTS (SELECT 1 FROM charging_sessions s WHERE s.user_id = ${userIdColumn} AND s.status = 'in_progress')`,
};

/** Users whose e-mail or full name contains the keyword (case of ASCII letters ignored). */
export function emailOrNameContains(keyword: string): SQL {
  const k = keyword.toLowerCase();
  return sql`(instr(lower(${users.email}), ${k}) > 0 OR instr(lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ${k}) > 0)`;
}

/** One page of the users matching `where`, newest first, with `columns` beside each row, and their total. */
export async function usersPage<C extends Record<string, SQL>>(
  db: Db,
  where: SQL | undefined,
  page: { page: number; items_per_page: number },
  columns: C,
) {
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, ...columns })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(page.items_per_page)
      .offset(page.page * page.items_per_page),
    db.select({ n: count() }).from(users).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The user when it belongs to a company of the scope, else undefined (another company's user does not exist). */
export function scopedUser(db: Db, scope: number[], id: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.companyId, scope)))
    .get();
}

/** The company's limit unit (fleet settings), kWh when it has none: the fleet settings' own read. */
export { unitOf as limitUnitOf } from '@api/routes/fleet-settings/fleet-settings.store';

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
