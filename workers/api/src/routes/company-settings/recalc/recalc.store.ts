/**
 * @module The recalculation's reads and writes, always of one company of the caller's scope: its
 * employees and their facts through the monthly job's store with the company id (every query then
 * limited to it), its time zone, and the new or recalculated months.
 */

import {
  type Candidate,
  candidates,
  chunkFacts,
  type NewMonth,
  newMonthStatements,
  type StoredReimbursement,
  writeRecalculated,
} from '@cron/home-reimbursements.store';
import { rewriteStatement, type StatementMonth } from '@cron/home-reimbursements-statements.store';
import type { MonthResult } from '@domain/reimbursement/compute';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';

export type { Candidate, NewMonth, StoredReimbursement };

export function companyZone(d1: D1Database, companyId: number) {
  return d1
    .prepare('SELECT time_zone FROM companies WHERE id = ?1')
    .bind(companyId)
    .first<{ time_zone: string }>()
    .then((r) => r?.time_zone ?? null);
}

/** The company's next employees to recompute after `afterId`. */
export const companyEmployees = (d1: D1Database, companyId: number, afterId: number, limit: number) =>
  candidates(d1, afterId, limit, companyId);

export type { StatementMonth };
export { chunkFacts };

/** Writes (or rewrites, same key) a month's PDF statement and keeps its one document row. */
export const writeStatement = (d1: D1Database, files: R2Bucket, month: StatementMonth, period: string, now: number) =>
  rewriteStatement(d1, files, month, period, now);

/** Inserts one missing month with its first event (the caller as actor); false when it exists meanwhile. */
export async function createMonth(d1: D1Database, month: NewMonth, period: string, actorId: number, now: number) {
  const [inserted] = await d1.batch(
    newMonthStatements(d1, [month], period, null, actorId, 'computed by recalculation', now),
  );
  return (inserted?.meta.changes ?? 0) === 1;
}

export const recalculateMonth = (
  d1: D1Database,
  stored: StoredReimbursement,
  status: ReimbursementStatus,
  result: MonthResult,
  actorId: number,
  note: string,
  now: number,
) => writeRecalculated(d1, stored, status, result, actorId, note, now);
