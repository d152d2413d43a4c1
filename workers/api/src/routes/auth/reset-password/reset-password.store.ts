/** @module Password reset links (rows of `password_resets`, only the token's hash) and the password they set. */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { passwordResets, users } from '@db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { revokeAllSessions } from '../auth.store';

export function activeUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active')))
    .get();
}

export function activeUserById(db: Db, id: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .get();
}

/** Stores a new link for the user, retiring the earlier ones (only the newest works), with its audit row. */
export async function insertResetLink(
  db: Db,
  link: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
  audited: AuditEntry,
) {
  await db.batch([
    db
      .update(passwordResets)
      .set({ usedAt: link.createdAt })
      .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt))),
    db.insert(passwordResets).values(link),
    auditInsert(db, audited),
  ]);
}

/** The unused, unexpired link with this token hash. */
export function openResetLink(db: Db, tokenHash: string) {
  return db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .get();
}

/** Uses the link up, conditionally, so two concurrent submissions cannot both succeed: true if this one did. */
export async function spendResetLink(db: Db, id: number): Promise<boolean> {
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .run();
  return spent.meta.changes === 1;
}

/** Sets the new password, logs every session of the user out, and writes the audit row, together. */
export async function setPassword(db: Db, userId: number, passwordHash: string, audited: AuditEntry) {
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
    revokeAllSessions(db, userId),
    auditInsert(db, audited),
  ]);
}
