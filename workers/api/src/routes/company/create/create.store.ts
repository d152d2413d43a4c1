/**
 * @module The company creation's reads and its one write: the parent and the corporate admin within the
 * caller's scope, then company, service settings, corporate admin (with the admin role), invitation link,
 * invitation e-mail and audit row in one D1 batch, so a half-created company never exists.
 */
import type { Invitation } from '@api/lib/invitation';
import { contains } from '@api/lib/like';
import { activeUserOptions } from '@api/lib/user-options.store';
import type { Db } from '@db/db';
import { companyAncestorIds } from '@db/queries/companies.store';
import { auditLog, companies, companyServiceSettings, emailOutbox, passwordResets, userRoles, users } from '@db/schema';
import { ROLE } from '@domain/permissions/roles';
import { and, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';

export type NewCompanyRow = typeof companies.$inferInsert;

/** The parent named in the body if it is in the caller's scope and not deleted, else undefined. */
export function scopedParent(db: Db, scope: number[], id: number) {
  return db
    .select({ id: companies.id, isClosed: companies.isClosed })
    .from(companies)
    .where(and(eq(companies.id, id), inArray(companies.id, scope), isNull(companies.deletedAt)))
    .get();
}

/** An active user of the caller's scope, else undefined. */
export function scopedActiveUser(db: Db, scope: number[], id: number) {
  return db
    .select({ id: users.id, companyId: users.companyId, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.companyId, scope), eq(users.status, 'active')))
    .get();
}

export const ancestorsOf = companyAncestorIds;

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) !== undefined;
}

/** Users the wizard offers as corporate admin: active, in the caller's scope, matching e-mail or name. */
export function adminCandidates(db: Db, scope: number[], search: string | undefined) {
  const p = contains(search ?? '');
  return activeUserOptions(db, scope, or(like(users.email, p), like(users.firstName, p), like(users.lastName, p)));
}

export interface CreateWrite {
  company: NewCompanyRow;
  services: number[];
  admin:
    | { kind: 'existing'; userId: number }
    | {
        kind: 'new';
        user: { email: string; firstName: string | null; lastName: string | null; language: string };
        invitation: Invitation;
      };
  audit: { actorUserId: number; ip: string | null; detail: Record<string, unknown> };
}

/** The new company's id inside the batch: the highest id right after its insert (D1 runs a batch alone). */
const newCompanyId = sql`(SELECT max(id) FROM companies)`;

/** Writes the whole creation in one batch; answers the new company's id and its corporate admin's. */
export async function createCompany(db: Db, w: CreateWrite): Promise<{ id: number; adminId: number }> {
  const adminId: SQL =
    w.admin.kind === 'existing'
      ? sql`${w.admin.userId}`
      : sql`(SELECT id FROM users WHERE email = ${w.admin.user.email})`;
  const admin =
    w.admin.kind === 'existing'
      ? [
          db
            .insert(userRoles)
            .values({ userId: w.admin.userId, roleId: ROLE.ADMINISTRATIVE_SERVICES })
            .onConflictDoNothing(),
        ]
      : [
          db.insert(users).values({ ...w.admin.user, companyId: newCompanyId, status: 'active' }),
          db.insert(userRoles).values({ userId: adminId, roleId: ROLE.ADMINISTRATIVE_SERVICES }),
          db.insert(passwordResets).values({
            userId: adminId,
            tokenHash: w.admin.invitation.tokenHash,
            createdAt: w.admin.invitation.createdAt,
            expiresAt: w.admin.invitation.expiresAt,
          }),
          db.insert(emailOutbox).values(w.admin.invitation.email),
        ];
  const [inserted, ...rest] = await db.batch([
    db.insert(companies).values(w.company).returning({ id: companies.id }),
    ...w.services.map((settingId) => db.insert(companyServiceSettings).values({ companyId: newCompanyId, settingId })),
    ...admin,
    db.update(companies).set({ corporateAdminId: adminId }).where(eq(companies.id, newCompanyId)),
    db.insert(auditLog).values({
      action: 'company.created',
      actorUserId: w.audit.actorUserId,
      companyId: newCompanyId,
      entity: 'company',
      entityId: sql`(SELECT CAST(max(id) AS TEXT) FROM companies)`,
      detailJson: JSON.stringify(w.audit.detail),
      ip: w.audit.ip,
    }),
    db.select({ adminId: companies.corporateAdminId }).from(companies).where(eq(companies.id, newCompanyId)),
  ]);
  const id = (inserted as { id: number }[])[0]?.id as number;
  const last = rest[rest.length - 1] as { adminId: number | null }[];
  return { id, adminId: last[0]?.adminId as number };
}
