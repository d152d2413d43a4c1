/** @module Security audit trail: who logged in, failed, reset a password or logged out, and from where. */
import type { Db } from '@db/db';
import { auditLog } from '@db/schema';

export type AuthAuditAction =
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.rate_limited'
  | 'auth.2fa.success'
  | 'auth.2fa.failure'
  | 'auth.totp.paired'
  | 'auth.totp.repair'
  | 'auth.password_reset.requested'
  | 'auth.password_reset.completed'
  | 'auth.logout';

export interface AuditEntry {
  action: AuthAuditAction | (string & {});
  actorUserId?: number | null;
  companyId?: number | null;
  entity?: string;
  entityId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/** The insert, for callers that write it in one `db.batch` with the change it records. */
export function auditInsert(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    companyId: entry.companyId ?? null,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    detailJson: entry.detail ? JSON.stringify(entry.detail) : null,
    ip: entry.ip ?? null,
  });
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await auditInsert(db, entry);
}
