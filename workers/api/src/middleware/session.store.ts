/** @module The session middleware's reads and writes: the caller's session, user, company, services and scope. */
import type { Db } from '@db/db';
import { companyTreeIds } from '@db/queries/companies.store';
import { authSessions, companies, companyServiceSettings, users } from '@db/schema';
import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export type SessionRow = typeof authSessions.$inferSelect;

/**
 * The reads every caller needs beside its credential's row, as statements to batch with it: the user,
 * the selected company, its service settings and its tree, each through a subquery on the credential
 * (`userIds`, `companyIds`, and `companyIdSql` for the tree's root).
 */
export function callerReads(db: Db, userIds: SQLWrapper, companyIds: SQLWrapper, companyIdSql: SQL) {
  return [
    db.select().from(users).where(inArray(users.id, userIds)),
    db.select().from(companies).where(inArray(companies.id, companyIds)),
    db
      .select({ id: companyServiceSettings.settingId })
      .from(companyServiceSettings)
      .where(inArray(companyServiceSettings.companyId, companyIds)),
    db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.id} IN (${companyTreeIds(companyIdSql)})`),
  ] as const;
}

/**
 * Every API call pays for these reads, so they travel in one D1 round trip: the session row (unless
 * revoked), and its user, selected company, service settings and company tree through subqueries on
 * the same id. `session` is undefined for an unknown or revoked id.
 */
export async function sessionFacts(db: Db, sid: string) {
  const session = and(eq(authSessions.id, sid), isNull(authSessions.revokedAt));
  const userId = db.select({ id: authSessions.userId }).from(authSessions).where(session);
  const companyId = db.select({ id: authSessions.selectedCompanyId }).from(authSessions).where(session);
  const root = sql`SELECT selected_company_id FROM auth_sessions WHERE id = ${sid} AND revoked_at IS NULL`;
  const [userQuery, companyQuery, servicesQuery, treeQuery] = callerReads(db, userId, companyId, root);
  const [rows, userRows, companyRows, serviceRows, treeRows] = await db.batch([
    db.select().from(authSessions).where(session),
    userQuery,
    companyQuery,
    servicesQuery,
    treeQuery,
  ]);
  return {
    session: rows[0],
    user: userRows[0],
    company: companyRows[0],
    services: serviceRows.map((r) => r.id),
    scope: treeRows.map((r) => r.id),
  };
}

/** Ends the session (expired or idle past the limit). */
export async function revokeSession(db: Db, sid: string, at: Date): Promise<void> {
  await db.update(authSessions).set({ revokedAt: at }).where(eq(authSessions.id, sid));
}

/** Records that the session was used. */
export async function touchSession(db: Db, sid: string, at: Date): Promise<void> {
  await db.update(authSessions).set({ lastSeenAt: at }).where(eq(authSessions.id, sid));
}
