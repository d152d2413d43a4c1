/**
 * @module The revenue reports' reads and writes (issue 21 part 6, ADR 056): the companies that chose
 * reports (company_report_settings), which reports exist, one report row per company + kind + period
 * (written again only while not ready), and the top stations of a period read from the report source in
 * its own SQL dialect (the warehouse's Postgres or D1's SQLite, the same figures).
 */
import type { ReportSource } from '@api/routes/reporting/reporting.store';
import { COMPANY_TREE_CTE } from '@db/queries/companies.store';
import type { PeriodKind } from '@domain/reporting/revenue-periods';
import type { StationRevenue } from '@domain/reporting/revenue-report';

const int = (n: number) => String(Math.trunc(n));

/** A report's R2 key: fixed per company and period, so writing it again overwrites it. */
export function reportKey(companyId: number, period: string): string {
  return `revenue-reports/${int(companyId)}/${period}.pdf`;
}

export interface ReportCompany {
  id: number;
  name: string;
  timeZone: string;
  monthly: boolean;
  quarterly: boolean;
  recipients: string | null;
}

const COMPANY = `SELECT c.id, c.name, c.time_zone AS timeZone, coalesce(r.monthly_revenue, 0) AS monthly,
  coalesce(r.quarterly_revenue, 0) AS quarterly, r.recipients
  FROM companies c LEFT JOIN company_report_settings r ON r.company_id = c.id`;

type CompanyRow = Omit<ReportCompany, 'monthly' | 'quarterly'> & { monthly: number; quarterly: number };
const toCompany = (r: CompanyRow): ReportCompany => ({ ...r, monthly: r.monthly === 1, quarterly: r.quarterly === 1 });

export async function reportCompany(d1: D1Database, id: number): Promise<ReportCompany | null> {
  const row = await d1.prepare(`${COMPANY} WHERE c.id = ?1`).bind(id).first<CompanyRow>();
  return row ? toCompany(row) : null;
}

/** Companies that chose monthly or quarterly reports, in id order after `afterId`, at most `limit`. */
export async function choosingCompanies(d1: D1Database, afterId: number, limit: number): Promise<ReportCompany[]> {
  const { results } = await d1
    .prepare(
      `${COMPANY} WHERE (r.monthly_revenue = 1 OR r.quarterly_revenue = 1) AND c.id > ?1 AND c.deleted_at IS NULL
       ORDER BY c.id LIMIT ?2`,
    )
    .bind(afterId, limit)
    .all<CompanyRow>();
  return results.map(toCompany);
}

export interface ReportRow {
  id: number;
  companyId: number;
  periodKind: PeriodKind;
  period: string;
  r2Key: string;
  sizeBytes: number;
  status: 'ready' | 'failed';
  error: string | null;
  source: 'warehouse' | 'd1' | null;
  generatedAt: number;
  emailedAt: number | null;
}

const ROW = `id, company_id AS companyId, period_kind AS periodKind, period, r2_key AS r2Key, size_bytes AS sizeBytes,
  status, error, source, generated_at AS generatedAt, emailed_at AS emailedAt`;

export function reportOf(d1: D1Database, companyId: number, kind: PeriodKind, period: string) {
  return d1
    .prepare(`SELECT ${ROW} FROM revenue_reports WHERE company_id = ?1 AND period_kind = ?2 AND period = ?3`)
    .bind(companyId, kind, period)
    .first<ReportRow>();
}

/**
 * The reports among companies `ids` for `periods` that need no attempt now ("companyId kind period" keys):
 * the ready ones, and the failed ones last tried at or after `retryAfter` (so a report that keeps failing
 * does not take every pass's budget from the others).
 */
export async function settledKeys(
  d1: D1Database,
  ids: readonly number[],
  periods: readonly string[],
  retryAfter: number,
) {
  if (ids.length === 0) return new Set<string>();
  const { results } = await d1
    .prepare(
      `SELECT company_id AS companyId, period_kind AS kind, period FROM revenue_reports
        WHERE (status = 'ready' OR generated_at >= ?3)
          AND company_id IN (SELECT value FROM json_each(?1)) AND period IN (SELECT value FROM json_each(?2))`,
    )
    .bind(JSON.stringify(ids), JSON.stringify(periods), retryAfter)
    .all<{ companyId: number; kind: string; period: string }>();
  return new Set(results.map((r) => `${r.companyId} ${r.kind} ${r.period}`));
}

export interface ReportWrite {
  companyId: number;
  periodKind: PeriodKind;
  period: string;
  sizeBytes: number;
  status: 'ready' | 'failed';
  error: string | null;
  source: 'warehouse' | 'd1' | null;
  requestedBy: number | null;
  now: number;
}

/** Writes the report's row; a ready report is never overwritten (a concurrent run finds it and stops). */
export async function saveReport(d1: D1Database, w: ReportWrite): Promise<ReportRow> {
  await d1
    .prepare(
      `INSERT INTO revenue_reports (company_id, period_kind, period, r2_key, size_bytes, status, error, source,
         requested_by_user_id, generated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
       ON CONFLICT (company_id, period_kind, period) DO UPDATE SET size_bytes = excluded.size_bytes,
         status = excluded.status, error = excluded.error, source = excluded.source,
         requested_by_user_id = excluded.requested_by_user_id, generated_at = excluded.generated_at
       WHERE revenue_reports.status <> 'ready'`,
    )
    .bind(
      w.companyId,
      w.periodKind,
      w.period,
      reportKey(w.companyId, w.period),
      w.sizeBytes,
      w.status,
      w.error,
      w.source,
      w.requestedBy,
      w.now,
    )
    .run();
  return (await reportOf(d1, w.companyId, w.periodKind, w.period)) as ReportRow;
}

/** Claims the report's e-mails: true for the one caller that marks it (a concurrent run gets false). */
export async function claimEmails(d1: D1Database, id: number, now: number): Promise<boolean> {
  const r = await d1
    .prepare('UPDATE revenue_reports SET emailed_at = ?1 WHERE id = ?2 AND emailed_at IS NULL')
    .bind(now, id)
    .run();
  return r.meta.changes === 1;
}

type StationSums = Record<'station_id' | 'sessions' | 'energy_wh' | 'emp' | 'subcpo', number | string> &
  Record<'name' | 'currency', string>;

/** Ranks per currency and keeps the first `limit` (the same window on both databases). */
const ranked = (inner: string, limit: string) =>
  `SELECT * FROM (SELECT x.*, row_number() OVER (PARTITION BY x.currency ORDER BY x.emp DESC, x.station_id) AS rank
     FROM (${inner}) x) r WHERE r.rank <= ${limit} ORDER BY r.currency, r.rank`;

const TOP_SQL = {
  d1: `${COMPANY_TREE_CTE} ${ranked(
    `SELECT s.station_id, st.name, s.currency, count(*) AS sessions, coalesce(sum(s.cdr_consumed_energy), 0) AS energy_wh,
                 coalesce(sum(s.emp_price_total), 0) AS emp, coalesce(sum(s.subcpo_price_total), 0) AS subcpo
            FROM charging_sessions s JOIN stations st ON st.id = s.station_id
           WHERE (s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))
             AND s.status = 'closed' AND s.refused_status IS NULL AND s.cdr_start >= ?2 AND s.cdr_start < ?3
           GROUP BY s.station_id, s.currency`,
    '?4',
  )}`,
  warehouse: `WITH tree AS (SELECT id FROM dim_companies WHERE path LIKE (SELECT path FROM dim_companies WHERE id = $1) || '%')
       ${ranked(
         `SELECT s.station_id, coalesce(st.name, '#' || s.station_id) AS name, s.currency, count(*) AS sessions,
                 coalesce(sum(s.energy_wh), 0) AS energy_wh, coalesce(sum(s.emp_total), 0) AS emp,
                 coalesce(sum(s.subcpo_total), 0) AS subcpo
            FROM fact_sessions s LEFT JOIN dim_stations st ON st.id = s.station_id
           WHERE (s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))
             AND s.status = 'closed' AND NOT s.refused
             AND s.start_at >= to_timestamp($2 / 1000.0) AND s.start_at < to_timestamp($3 / 1000.0)
           GROUP BY s.station_id, st.name, s.currency`,
         '$4',
       )}`,
};

/** Per currency, the `limit` stations of the company's tree with the highest driver gross revenue in [start, end). */
export async function topStations(
  source: ReportSource,
  companyId: number,
  start: number,
  end: number,
  limit: number,
): Promise<StationRevenue[]> {
  const rows = await source.rows<StationSums>(TOP_SQL[source.name], [companyId, start, end, limit]);
  return rows.map((r) => ({
    stationId: Number(r.station_id),
    name: r.name,
    currency: r.currency,
    sessions: Number(r.sessions),
    energyWh: Number(r.energy_wh),
    emp: Number(r.emp),
    subcpo: Number(r.subcpo),
  }));
}
