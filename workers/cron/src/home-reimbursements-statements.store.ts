/**
 * @module The monthly PDF statements of the home reimbursement job (issue 19 part 5, ADR 046): one per
 * employee and month, in R2 (the `FILES` bucket) under a fixed key, `reimbursement/{companyId}/{userId}/
 * statement-{period}.pdf`, and listed as a `reimbursement_documents` row of type `statement` (the
 * partial unique index holds one live row per user + period). The job puts the objects first and adds
 * the rows to the batch that writes the months, so a crash anywhere leaves either nothing in D1 (the
 * rerun recomputes the month and overwrites the same object) or the month with its statement; a rerun
 * of a written month writes nothing. A recalculation that changes a month's value rewrites the object
 * (same key) and keeps the row, inserting it only when the month had none. Texts: English, like the
 * job's alert e-mail: a statement belongs to the company's records, and a company has no language.
 */
import type { MonthResult } from '@domain/reimbursement/compute';
import { type StatementTexts, statementPdf } from '@domain/reimbursement/statement-pdf';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { reimbursementJobs } from '@i18n/areas/reimbursement-jobs';

const int = (n: number) => String(Math.trunc(n));

/** A statement's R2 key: fixed per employee and month, so writing it again overwrites it. */
export function statementKey(companyId: number, userId: number, period: string): string {
  return `reimbursement/${int(companyId)}/${int(userId)}/statement-${period}.pdf`;
}

export interface StatementMonth {
  companyId: number;
  userId: number;
  /** The employee's first live home station (lowest id), if any. */
  homeStationId: number | null;
  companyName: string;
  employeeName: string;
  currency: string;
  status: ReimbursementStatus;
  result: MonthResult;
}

export interface WrittenStatement {
  companyId: number;
  userId: number;
  homeStationId: number | null;
  size: number;
}

const TEXTS: StatementTexts = reimbursementJobs.en.statement;

/** Builds and puts each month's PDF (in parallel); answers what the document rows need. */
export async function putStatements(
  files: R2Bucket,
  months: readonly StatementMonth[],
  period: string,
  now: number,
): Promise<WrittenStatement[]> {
  const createdAt = new Date(now);
  return Promise.all(
    months.map(async (m) => {
      const pdf = statementPdf({
        texts: TEXTS,
        companyName: m.companyName,
        employeeName: m.employeeName,
        period,
        currency: m.currency,
        status: m.status,
        result: m.result,
        createdAt,
      });
      await files.put(statementKey(m.companyId, m.userId, period), pdf, {
        httpMetadata: { contentType: 'application/pdf' },
      });
      return { companyId: m.companyId, userId: m.userId, homeStationId: m.homeStationId, size: pdf.byteLength };
    }),
  );
}

/** Rows per INSERT (only the period is bound; the rest are integers we produced). */
const ROWS_PER_INSERT = 50;

/**
 * The statements' document rows (type statement, not reviewed, uploaded by nobody), a no-op for an
 * employee and month that has one (the partial unique index) or for the same key (the r2_key index).
 */
export function statementRows(
  d1: D1Database,
  written: readonly WrittenStatement[],
  period: string,
  now: number,
): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < written.length; i += ROWS_PER_INSERT) {
    const values = written.slice(i, i + ROWS_PER_INSERT).map((w) => {
      const station = w.homeStationId === null ? 'NULL' : int(w.homeStationId);
      const key = `'reimbursement/${int(w.companyId)}/${int(w.userId)}/statement-' || ?1 || '.pdf'`;
      return `(${int(w.companyId)}, ${int(w.userId)}, ${station}, 'statement', 'statement-' || ?1 || '.pdf',
        'application/pdf', ${int(w.size)}, ${key}, ?1, ${int(now)})`;
    });
    out.push(
      d1
        .prepare(
          `INSERT INTO reimbursement_documents (company_id, user_id, home_station_id, type, file_name, content_type, size,
             r2_key, period, created_at)
           VALUES ${values.join(',')} ON CONFLICT DO NOTHING`,
        )
        .bind(period),
    );
  }
  return out;
}

/**
 * A recalculated month's statement: the object rewritten (same key) and its row's size brought up to
 * date, or the row inserted when the month had none (a month written before statements existed).
 */
export async function rewriteStatement(
  d1: D1Database,
  files: R2Bucket,
  month: StatementMonth,
  period: string,
  now: number,
) {
  const [w] = await putStatements(files, [month], period, now);
  if (!w) return;
  await d1.batch([
    d1
      .prepare(
        `UPDATE reimbursement_documents SET size = ${int(w.size)}
         WHERE user_id = ${int(w.userId)} AND company_id = ${int(w.companyId)} AND type = 'statement' AND period = ?1
           AND deleted_at IS NULL`,
      )
      .bind(period),
    ...statementRows(d1, [w], period, now),
  ]);
}
