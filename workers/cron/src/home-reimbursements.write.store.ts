/** @module The home reimbursement job's writes (issue 19 part 5, ADR 046): new months with their first events in one batch, and a recalculated month under a compare-and-set on its status. */

import type { MonthResult } from '@domain/reimbursement/compute';
import { breakdownOf } from '@domain/reimbursement/recalc';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import type { StoredReimbursement } from './home-reimbursements.facts.store';

const int = (n: number) => String(Math.trunc(n));
const ids = (list: readonly number[]) => (list.length ? list.map(int).join(',') : 'NULL');

export interface NewMonth {
  companyId: number;
  userId: number;
  currency: string;
  status: ReimbursementStatus;
  payoutMethod: 'stripe' | 'bank_transfer';
  ibanOwner: string | null;
  partnerUserId: string | null;
  result: MonthResult;
}

const figures = (r: MonthResult) =>
  `${int(r.sessions)}, ${int(r.energyWh)}, ${int(r.energyAmount)}, ${r.capped ? 1 : 0}, ${int(r.extraExpense)}, ${int(r.value)}`;

/** Rows per INSERT: six bound values a row (plus the period) under D1's 100 bound parameters. */
const ROWS_PER_INSERT = 14;

/**
 * The statements of new months: the reimbursements, a few rows per INSERT (a second insert of the
 * same employee and month is a no-op: the unique user + period index), then each one's first event
 * (only while it has none), to run in one batch.
 */
export function newMonthStatements(
  d1: D1Database,
  months: readonly NewMonth[],
  period: string,
  runId: number | null,
  actorId: number | null,
  note: string,
  now: number,
): D1PreparedStatement[] {
  const actor = actorId === null ? 'NULL' : int(actorId);
  const run = runId === null ? 'NULL' : int(runId);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < months.length; i += ROWS_PER_INSERT) {
    const part = months.slice(i, i + ROWS_PER_INSERT);
    const values = part.map((m, k) => {
      const p = 2 + k * 6;
      return `(${int(m.companyId)}, ${int(m.userId)}, ?1, ?${p}, ?${p + 1}, ${figures(m.result)}, ?${p + 2}, ?${p + 3},
        ?${p + 4}, ?${p + 5}, ${run}, ${int(now)}, ${actor})`;
    });
    statements.push(
      d1
        .prepare(
          `INSERT INTO reimbursements (company_id, user_id, period, status, currency, sessions, energy_wh, energy_amount,
             capped, extra_expense, value, breakdown, iban_owner, partner_user_id, payout_method, run_id, computed_at, updated_by)
           VALUES ${values.join(',')} ON CONFLICT (user_id, period) DO NOTHING`,
        )
        .bind(
          period,
          ...part.flatMap((m) => [
            m.status,
            m.currency,
            breakdownOf(m.result),
            m.ibanOwner,
            m.partnerUserId,
            m.payoutMethod,
          ]),
        ),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO reimbursement_events (reimbursement_id, from_status, to_status, actor_id, note, created_at)
         SELECT r.id, NULL, r.status, ${actor}, ?2, ${int(now)} FROM reimbursements r
         WHERE r.user_id IN (${ids(months.map((m) => m.userId))}) AND r.period = ?1
           AND NOT EXISTS (SELECT 1 FROM reimbursement_events e WHERE e.reimbursement_id = r.id)
         ORDER BY r.user_id`,
      )
      .bind(period, note),
  );
  return statements;
}

/** Writes new months (with their first events, and `more`: their statements' document rows) in one batch. */
export async function writeNewMonths(
  d1: D1Database,
  months: readonly NewMonth[],
  period: string,
  runId: number | null,
  now: number,
  more: readonly D1PreparedStatement[] = [],
) {
  if (months.length === 0) return;
  await d1.batch([...newMonthStatements(d1, months, period, runId, null, 'computed', now), ...more]);
}

/**
 * A recalculated month: new figures and status only while the row still has the status we read (a
 * concurrent change wins), its event in the same batch only when the update happened. Answers whether
 * it was written.
 */
export async function writeRecalculated(
  d1: D1Database,
  stored: StoredReimbursement,
  status: ReimbursementStatus,
  result: MonthResult,
  actorId: number,
  note: string,
  now: number,
): Promise<boolean> {
  const [updated] = await d1.batch([
    d1
      .prepare(
        `UPDATE reimbursements SET status = ?1, sessions = ${int(result.sessions)}, energy_wh = ${int(result.energyWh)},
           energy_amount = ${int(result.energyAmount)}, capped = ${result.capped ? 1 : 0},
           extra_expense = ${int(result.extraExpense)}, value = ${int(result.value)}, breakdown = ?2,
           computed_at = ${int(now)}, updated_by = ${int(actorId)}, updated_at = ${int(now)}
         WHERE id = ${int(stored.id)} AND status = ?3 AND value = ${int(stored.value)}`,
      )
      .bind(status, breakdownOf(result), stored.status),
    d1
      .prepare(
        `INSERT INTO reimbursement_events (reimbursement_id, from_status, to_status, actor_id, note, created_at)
         SELECT ${int(stored.id)}, ?1, ?2, ${int(actorId)}, ?3, ${int(now)} WHERE changes() = 1`,
      )
      .bind(stored.status, status, note),
  ]);
  return (updated?.meta.changes ?? 0) === 1;
}
