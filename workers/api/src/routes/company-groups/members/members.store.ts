/** @module Reads and writes of company-group membership: stations and users of the caller's tree, by group level column. */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { likeLiteral } from '@db/queries/stations.store';
import { companies, stations, users } from '@db/schema';
import { type GroupColumns, levelColumn } from '@domain/company-groups/tree';
import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';

export interface MemberFilter {
  page: number;
  items_per_page: number;
  q?: string;
  /** Members of this group: its id at its level. */
  group?: { id: number; level: number };
}

const groupsOf = (r: GroupColumns) => [r.group1Id, r.group2Id, r.group3Id, r.group4Id];

/** The company and those below it, among the caller's tree. */
export async function subtreeOf(db: Db, scope: readonly number[], companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id, parent: companies.parentCompanyId })
    .from(companies)
    .where(inArray(companies.id, [...scope]));
  const out = [companyId];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parent === out[i]) out.push(r.id);
  return out;
}

export async function stationPage(db: Db, scope: readonly number[], f: MemberFilter) {
  const where = and(
    inArray(stations.companyId, [...scope]),
    f.group ? eq(stations[levelColumn(f.group.level)], f.group.id) : undefined,
    f.q ? or(likeLiteral(stations.name, f.q), likeLiteral(stations.uid, f.q)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(stations)
      .where(where)
      .orderBy(asc(stations.name), asc(stations.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(stations).where(where).get(),
  ]);
  return {
    data: rows.map((s) => ({ id: s.id, uid: s.uid, name: s.name, company_id: s.companyId, groups: groupsOf(s) })),
    total: total?.n ?? 0,
  };
}

export async function userPage(db: Db, scope: readonly number[], f: MemberFilter, kind: 'fleet' | 'private') {
  // Private users as the private users list counts them (only private, or home charging); fleet users the others who may charge beyond private stations.
  const privateRule = or(eq(users.onlyPrivate, true), eq(users.canChargeHome, true)) as SQL;
  const where = and(
    inArray(users.companyId, [...scope]),
    eq(users.status, 'active'),
    kind === 'private' ? privateRule : eq(users.onlyPrivate, false),
    f.group ? eq(users[levelColumn(f.group.level)], f.group.id) : undefined,
    f.q
      ? or(likeLiteral(users.email, f.q), likeLiteral(users.firstName, f.q), likeLiteral(users.lastName, f.q))
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.email), asc(users.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(users).where(where).get(),
  ]);
  return {
    data: rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: [u.firstName, u.lastName].filter(Boolean).join(' '),
      company_id: u.companyId,
      groups: groupsOf(u),
    })),
    total: total?.n ?? 0,
  };
}

type Target = { table: typeof stations } | { table: typeof users };

/** A station's or user's group columns, if it belongs to one of `companyIds`. */
export async function memberOf(db: Db, target: 'station' | 'user', id: number, companyIds: readonly number[]) {
  const t: Target['table'] = target === 'station' ? stations : users;
  return db
    .select({ id: t.id, group1Id: t.group1Id, group2Id: t.group2Id, group3Id: t.group3Id, group4Id: t.group4Id })
    .from(t)
    .where(and(eq(t.id, id), inArray(t.companyId, [...companyIds])))
    .get();
}

/** Writes the group columns of a station or user, with its audit row, in one batch. */
export async function writeColumns(
  db: Db,
  target: 'station' | 'user',
  id: number,
  cols: GroupColumns,
  audit: AuditEntry,
) {
  const t: Target['table'] = target === 'station' ? stations : users;
  await db.batch([db.update(t).set(cols).where(eq(t.id, id)), auditInsert(db, audit)]);
  return { id, groups: groupsOf(cols) };
}
