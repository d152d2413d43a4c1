/**
 * @module Reimbursement reads and writes (issue 19 part 6): the only file of the resource that touches the
 * database, always within the caller's company scope (and, for an employee, their own rows). A status
 * change is one batch: the UPDATE only while the status is still the one decided from, and its event and
 * audit rows only when that UPDATE changed the row (`changes()`), so two managers cannot both move it.
 */

import type { AuditEntry } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import {
  auditLog,
  homeReimbursementSettings,
  reimbursementDocuments,
  reimbursementEvents,
  reimbursements,
  users,
} from '@db/schema';
import type { ChangeWrite, ExtraExpensePolicy } from '@domain/reimbursement/approvals';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { ListFilters } from './reimbursements.schemas';

const contains = (column: SQL | typeof users.email, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

const SORTS = {
  period: [reimbursements.period],
  value: [reimbursements.value],
  energy: [reimbursements.energyWh],
  status: [reimbursements.status],
  user: [users.lastName, users.firstName, users.email],
} as const;

/** The list's rows; `ownerId` limits it to one employee's own (an employee without manager rights). */
export async function listReimbursements(db: Db, scope: number[], f: ListFilters, ownerId: number | null) {
  const conditions: (SQL | undefined)[] = [inArray(reimbursements.companyId, scope)];
  if (ownerId !== null) conditions.push(eq(reimbursements.userId, ownerId));
  if (f.status?.length) conditions.push(inArray(reimbursements.status, f.status));
  if (f.period) conditions.push(eq(reimbursements.period, f.period));
  if (f.from) conditions.push(gte(reimbursements.period, f.from));
  if (f.to) conditions.push(lte(reimbursements.period, f.to));
  if (f.user_id) conditions.push(eq(reimbursements.userId, f.user_id));
  if (f.search) {
    const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(contains(name, f.search), contains(users.email, f.search), contains(sql`${users.employeeNumber}`, f.search)),
    );
  }
  const where = and(...conditions);
  const dir = f.direction === 'asc' ? asc : desc;
  const [rows, total, sums] = await Promise.all([
    db
      .select({ r: reimbursements, user: users })
      .from(reimbursements)
      .innerJoin(users, eq(users.id, reimbursements.userId))
      .where(where)
      .orderBy(...SORTS[f.sort].map((c) => dir(c)), dir(reimbursements.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db
      .select({ n: count() })
      .from(reimbursements)
      .innerJoin(users, eq(users.id, reimbursements.userId))
      .where(where)
      .get(),
    db
      .select({ currency: reimbursements.currency, value: sql<number>`coalesce(sum(${reimbursements.value}), 0)` })
      .from(reimbursements)
      .innerJoin(users, eq(users.id, reimbursements.userId))
      .where(where)
      .groupBy(reimbursements.currency)
      .orderBy(asc(reimbursements.currency)),
  ]);
  return { rows, total: total?.n ?? 0, sums };
}

/** A reimbursement of the scope with its employee; undefined for another company's, so it reads as unknown. */
export function scopedReimbursement(db: Db, scope: number[], id: number) {
  return db
    .select({ r: reimbursements, user: users })
    .from(reimbursements)
    .innerJoin(users, eq(users.id, reimbursements.userId))
    .where(and(eq(reimbursements.id, id), inArray(reimbursements.companyId, scope)))
    .get();
}

/** Several of the scope at once (bulk), with their employee. */
export function scopedReimbursements(db: Db, scope: number[], ids: number[]) {
  return db
    .select({ r: reimbursements })
    .from(reimbursements)
    .where(and(inArray(reimbursements.id, ids), inArray(reimbursements.companyId, scope)));
}

/** The id of the month's live PDF statement (written by the monthly job), if any; same company and employee. */
export async function statementIdOf(db: Db, r: { companyId: number; userId: number; period: string }) {
  const row = await db
    .select({ id: reimbursementDocuments.id })
    .from(reimbursementDocuments)
    .where(
      and(
        eq(reimbursementDocuments.companyId, r.companyId),
        eq(reimbursementDocuments.userId, r.userId),
        eq(reimbursementDocuments.type, 'statement'),
        eq(reimbursementDocuments.period, r.period),
        isNull(reimbursementDocuments.deletedAt),
      ),
    )
    .get();
  return row?.id ?? null;
}

const actors = alias(users, 'actor');

/** Its status changes, oldest first, with who made each. */
export function eventsOf(db: Db, reimbursementId: number) {
  return db
    .select({ e: reimbursementEvents, actor: actors })
    .from(reimbursementEvents)
    .leftJoin(actors, eq(actors.id, reimbursementEvents.actorId))
    .where(eq(reimbursementEvents.reimbursementId, reimbursementId))
    .orderBy(asc(reimbursementEvents.id));
}

/** The company's extra-expense rule (no settings row: none allowed). */
export async function extraExpensePolicy(db: Db, companyId: number): Promise<ExtraExpensePolicy> {
  const row = await db
    .select({
      enabled: homeReimbursementSettings.extraExpenseEnabled,
      limit: homeReimbursementSettings.extraExpenseLimit,
    })
    .from(homeReimbursementSettings)
    .where(eq(homeReimbursementSettings.companyId, companyId))
    .get();
  return row ?? { enabled: false, limit: null };
}

/** The event row of a change, inserted only when the statement before it changed a row. */
function eventIfChanged(db: Db, id: number, w: ChangeWrite, actorId: number) {
  return db.insert(reimbursementEvents).select(
    db
      .select({
        // Every column in the table's order (insert … select); null id: the next one.
        id: sql<number>`null`.as('id'),
        reimbursementId: reimbursements.id,
        fromStatus: sql<string>`${w.from}`.as('from_status'),
        toStatus: sql<string>`${w.to}`.as('to_status'),
        actorId: sql<number>`${actorId}`.as('actor_id'),
        note: sql<string | null>`${w.note}`.as('note'),
        createdAt: sql<Date>`unixepoch('subsec') * 1000`.as('created_at'),
      })
      .from(reimbursements)
      .where(and(eq(reimbursements.id, id), sql`changes() = 1`)),
  );
}

/** The audit row, inserted only when the statement before it (the event) inserted its row. */
function auditIfChanged(db: Db, id: number, audit: AuditEntry) {
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

function conditionalUpdate(db: Db, id: number, w: ChangeWrite, actorId: number) {
  const now = new Date();
  return db
    .update(reimbursements)
    .set({
      status: w.to,
      extraExpense: w.extraExpense,
      extraExpenseNote: w.extraExpenseNote,
      value: w.value,
      updatedBy: actorId,
      updatedAt: now,
      ...(w.to === 'paid' ? { paidAt: now } : {}),
    })
    .where(and(eq(reimbursements.id, id), eq(reimbursements.status, w.from)))
    .returning({ id: reimbursements.id });
}

/** Applies one decided change; false when the status was no longer `w.from` (nothing written). */
export async function changeStatus(db: Db, id: number, w: ChangeWrite, actorId: number, audit: AuditEntry) {
  const [updated] = await db.batch([
    conditionalUpdate(db, id, w, actorId),
    eventIfChanged(db, id, w, actorId),
    auditIfChanged(db, id, audit),
  ]);
  return updated.length === 1;
}

/** Applies several decided changes in one batch (update + event each); the ids whose update won. */
export async function changeStatuses(db: Db, writes: { id: number; write: ChangeWrite }[], actorId: number) {
  if (writes.length === 0) return new Set<number>();
  const statements = writes.flatMap(({ id, write }) => [
    conditionalUpdate(db, id, write, actorId),
    eventIfChanged(db, id, write, actorId),
  ]);
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  const won = new Set<number>();
  writes.forEach(({ id }, i) => {
    const updated = results[i * 2] as { id: number }[];
    if (updated.length === 1) won.add(id);
  });
  return won;
}
