/**
 * @module The event and audit rows of a reimbursement's status change, each inserted only when the statement before it in the batch changed the row.
 */

import type { AuditEntry } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { auditLog, reimbursementEvents, reimbursements } from '@db/schema';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { and, eq, sql } from 'drizzle-orm';

export interface StatusWrite {
  from: ReimbursementStatus;
  to: ReimbursementStatus;
  note: string | null;
}

/** The event row of a change, inserted only when the statement before it changed a row. */
export function eventIfChanged(db: Db, id: number, w: StatusWrite, actorId: number | null) {
  return db.insert(reimbursementEvents).select(
    db
      .select({
        id: sql<number>`null`.as('id'),
        reimbursementId: reimbursements.id,
        fromStatus: sql<string>`${w.from}`.as('from_status'),
        toStatus: sql<string>`${w.to}`.as('to_status'),
        actorId: sql<number | null>`${actorId}`.as('actor_id'),
        note: sql<string | null>`${w.note}`.as('note'),
        createdAt: sql<Date>`unixepoch('subsec') * 1000`.as('created_at'),
      })
      .from(reimbursements)
      .where(and(eq(reimbursements.id, id), sql`changes() = 1`)),
  );
}

/** The audit row, inserted only when the statement before it (the event) inserted its row. */
export function auditIfChanged(db: Db, id: number, audit: AuditEntry) {
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<number>`null`.as('id'),
        at: sql<Date>`unixepoch('subsec') * 1000`.as('at'),
        actorUserId: sql<number | null>`${audit.actorUserId ?? null}`.as('actor_user_id'),
        companyId: sql<number | null>`${audit.companyId ?? null}`.as('company_id'),
        action: sql<string>`${audit.action}`.as('action'),
        entity: sql<string>`'reimbursement'`.as('entity'),
        entityId: sql<string>`${String(id)}`.as('entity_id'),
        detailJson: sql<string | null>`${audit.detail ? JSON.stringify(audit.detail) : null}`.as('detail_json'),
        ip: sql<string | null>`${audit.ip ?? null}`.as('ip'),
      })
      .from(reimbursements)
      .where(and(eq(reimbursements.id, id), sql`changes() = 1`)),
  );
}
