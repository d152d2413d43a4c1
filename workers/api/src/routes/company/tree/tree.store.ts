/**
 * @module Reads and writes of the company tree (ADR 050): the caller's subtree without deleted companies,
 * a company of the scope, and the move, close and delete writes, each with its audit row in one batch.
 */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { authSessions, companies, stations, users } from '@db/schema';
import { and, count, eq, isNull, sql } from 'drizzle-orm';

const row = {
  id: companies.id,
  name: companies.name,
  parentCompanyId: companies.parentCompanyId,
  country: companies.country,
  isClosed: companies.isClosed,
};

const live = (scope: readonly number[]) => and(inCompanies(companies.id, scope), isNull(companies.deletedAt));

/** The companies of the scope that are not deleted (the tree's rows and the move's parent links). */
export function treeRows(db: Db, scope: readonly number[]) {
  return db.select(row).from(companies).where(live(scope));
}

/** A company of the scope that is not deleted, else undefined (the handler answers 404). */
export function scopedCompany(db: Db, scope: readonly number[], id: number) {
  return db
    .select({ ...row, deletedAt: companies.deletedAt })
    .from(companies)
    .where(and(eq(companies.id, id), live(scope)))
    .get();
}

function changed(db: Db, id: number) {
  return db
    .select({ ...row, deletedAt: companies.deletedAt })
    .from(companies)
    .where(eq(companies.id, id));
}

export async function moveCompany(db: Db, id: number, parentId: number, audited: AuditEntry) {
  const [, , after] = await db.batch([
    db.update(companies).set({ parentCompanyId: parentId, updatedAt: new Date() }).where(eq(companies.id, id)),
    auditInsert(db, audited),
    changed(db, id),
  ]);
  return after[0];
}

export async function setClosed(db: Db, id: number, isClosed: boolean, audited: AuditEntry) {
  const [, , after] = await db.batch([
    db.update(companies).set({ isClosed, updatedAt: new Date() }).where(eq(companies.id, id)),
    auditInsert(db, audited),
    changed(db, id),
  ]);
  return after[0];
}

/** What deciding a deletion needs: the company's live child companies and its stations. */
export async function deleteFacts(db: Db, id: number) {
  const [children, owned] = await db.batch([
    db
      .select({ n: count() })
      .from(companies)
      .where(and(eq(companies.parentCompanyId, id), isNull(companies.deletedAt))),
    db.select({ n: count() }).from(stations).where(eq(stations.companyId, id)),
  ]);
  return { children: children[0]?.n ?? 0, stations: owned[0]?.n ?? 0 };
}

/**
 * The soft delete (ADR 050), in one batch: the company is marked deleted and closed (its row, name and
 * id stay for sessions, invoices and audit rows); its active users are deactivated and their sessions
 * revoked; any other session or user that had it selected falls back to the user's own company.
 */
export async function deleteCompany(db: Db, id: number, at: Date, audited: AuditEntry) {
  const ofCompany = sql`(SELECT id FROM users WHERE company_id = ${id})`;
  const [, deactivated] = await db.batch([
    db.update(companies).set({ deletedAt: at, isClosed: true, updatedAt: at }).where(eq(companies.id, id)),
    db
      .update(users)
      .set({ status: 'deleted', deletedAt: at, updatedAt: at })
      .where(and(eq(users.companyId, id), eq(users.status, 'active')))
      .returning({ id: users.id }),
    db
      .update(authSessions)
      .set({ revokedAt: at })
      .where(and(sql`${authSessions.userId} IN ${ofCompany}`, isNull(authSessions.revokedAt))),
    db
      .update(authSessions)
      .set({ selectedCompanyId: sql`(SELECT company_id FROM users u WHERE u.id = ${authSessions.userId})` })
      .where(eq(authSessions.selectedCompanyId, id)),
    db.update(users).set({ selectedCompanyId: null }).where(eq(users.selectedCompanyId, id)),
    auditInsert(db, audited),
  ]);
  return { usersDeactivated: deactivated.length };
}

export function stateOf(db: Db, id: number) {
  return changed(db, id).get();
}
