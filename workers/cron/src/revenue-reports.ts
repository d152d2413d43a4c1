/**
 * @module The revenue reports (issue 21 part 6, ADR 056): one company's monthly or quarterly revenue PDF,
 * its figures from the report source (the warehouse when the deployment has one, D1 otherwise), put in
 * R2 (`FILES`) under revenue-reports/{companyId}/{period}.pdf, its row in `revenue_reports`, and one
 * e-mail per recipient with a link to the report's page in the back office (the outbox carries no
 * attachments; the link holds no secret: the page asks for a login). The daily pass (and the five-minute
 * one in the first days of a month) generates, for every company that chose reports, the month and
 * quarter that ended last in the company's time zone when no report exists yet: at most `maxReports` per
 * invocation, the rest on the next tick; each pass that did something recorded on the job-runs page
 * (run `revenue-reports` of the UTC day). Generating a period twice does nothing: a ready row stays.
 */
import { enqueueEmail } from '@api/lib/email.store';
import { reportSource } from '@api/routes/reporting/reporting.store';
import { openDb } from '@db/db';
import type { WarehouseSettings } from '@db/warehouse/client';
import { reportMonths } from '@domain/co2/periods';
import { PDF_CONTENT_TYPE } from '@domain/export/pdf';
import { lastEndedPeriods, type PeriodKind, periodMonths } from '@domain/reporting/revenue-periods';
import { renderRevenueReport, TOP_STATIONS } from '@domain/reporting/revenue-report';
import { revenueReports } from '@i18n/areas/revenue-reports';
import { REVENUE_REPORTS_JOB, recordPass } from './job-runs.store';
import {
  choosingCompanies,
  claimEmails,
  type ReportCompany,
  type ReportRow,
  reportKey,
  reportOf,
  saveReport,
  settledKeys,
  topStations,
} from './revenue-reports.store';

export type RevenueReportEnv = WarehouseSettings & {
  DB: D1Database;
  FILES?: R2Bucket;
  /** The back office's address for the e-mails' link; without it the link is the page's path. */
  PUBLIC_BASE_URL?: string;
};

/** Companies have no language of their own: reports and their e-mails use the catalog's English. */
const TEXTS = revenueReports.en;
const LANGUAGE = 'en';

/** Reports one invocation may generate (each: four source reads, one R2 put, a few D1 writes). */
export const MAX_REPORTS_PER_PASS = 25;
/** A failed report is tried again after this long. */
export const RETRY_AFTER_MS = 3_600_000;
const COMPANIES_PER_READ = 100;

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

export interface Generated {
  report: ReportRow;
  /** True when this call wrote the PDF; false when it was ready already or the attempt failed. */
  created: boolean;
}

/** The report's page in the back office (no token: the page asks for a login). */
function reportLink(env: RevenueReportEnv, companyId: number, period: string) {
  const base = (env.PUBLIC_BASE_URL ?? '').trim().replace(/\/+$/, '');
  return `${base}/reports/revenue?company_id=${companyId}&period=${encodeURIComponent(period)}`;
}

/** One e-mail per recipient, once per report (the first caller to claim them). */
async function emailRecipients(env: RevenueReportEnv, company: ReportCompany, report: ReportRow, now: number) {
  const to = company.recipients ? company.recipients.split(',').map((a) => a.trim()) : [];
  if (to.length === 0 || !(await claimEmails(env.DB, report.id, now))) return;
  const params = { period: report.period, company: company.name, link: reportLink(env, company.id, report.period) };
  const db = openDb(env.DB);
  for (const address of to)
    await enqueueEmail(db, {
      to: address,
      subject: fill(TEXTS.email.subject, params),
      text: fill(TEXTS.email.body, params),
      template: 'revenue-report',
    });
}

/**
 * Generates the company's report of `period` unless it is ready: figures from the report source, the PDF
 * in R2, the row, the recipients' e-mails. A failure is kept on the row (its first line) and answered.
 */
export async function generateRevenueReport(
  env: RevenueReportEnv,
  company: ReportCompany,
  kind: PeriodKind,
  period: string,
  now: number,
  requestedBy: number | null = null,
): Promise<Generated> {
  const existing = await reportOf(env.DB, company.id, kind, period);
  if (existing?.status === 'ready') return { report: existing, created: false };
  const names = periodMonths(kind, period);
  const months = reportMonths(company.timeZone, names[0] as string, names.at(-1) as string) ?? [];
  const source = reportSource(env, openDb(env.DB));
  const write = { companyId: company.id, periodKind: kind, period, requestedBy, now, source: source.name };
  let report: ReportRow;
  try {
    const filter = { companyId: company.id, months };
    const start = months[0]?.start ?? 0;
    const end = months.at(-1)?.end ?? 0;
    const [all, local, roaming, top] = await Promise.all([
      source.totals({ ...filter, kind: 'all' }),
      source.totals({ ...filter, kind: 'local' }),
      source.totals({ ...filter, kind: 'roaming' }),
      topStations(source, company.id, start, end, TOP_STATIONS),
    ]);
    const pdf = renderRevenueReport({
      texts: TEXTS.pdf,
      companyName: company.name,
      periodKind: kind,
      period,
      months: names,
      timeZone: company.timeZone,
      language: LANGUAGE,
      source: source.name,
      all,
      local,
      roaming,
      topStations: top,
      createdAt: new Date(now),
    });
    if (!env.FILES) throw new Error('No files bucket (FILES) is bound');
    await env.FILES.put(reportKey(company.id, period), pdf, { httpMetadata: { contentType: PDF_CONTENT_TYPE } });
    report = await saveReport(env.DB, { ...write, sizeBytes: pdf.byteLength, status: 'ready', error: null });
  } catch (err) {
    const error = String(err instanceof Error ? err.message : err)
      .split('\n')[0]
      ?.slice(0, 300) as string;
    return {
      report: await saveReport(env.DB, { ...write, sizeBytes: 0, status: 'failed', error }),
      created: false,
    };
  } finally {
    await source.end();
  }
  if (report.status === 'ready') await emailRecipients(env, company, report, now);
  return { report, created: report.generatedAt === now && report.status === 'ready' };
}

export interface PassOutcome {
  generated: number;
  failed: number;
  /** True when the pass stopped at its bound with reports still due (the next tick carries on). */
  more: boolean;
}

/** One pass over the companies that chose reports; at most `maxReports` generated. */
export async function revenueReportsPass(
  env: RevenueReportEnv,
  now: number,
  maxReports = MAX_REPORTS_PER_PASS,
): Promise<PassOutcome> {
  const out: PassOutcome = { generated: 0, failed: 0, more: false };
  let after = 0;
  for (;;) {
    const companies = await choosingCompanies(env.DB, after, COMPANIES_PER_READ);
    if (companies.length === 0) return out;
    after = (companies.at(-1) as ReportCompany).id;
    const due = companies.flatMap((c) => {
      const ended = lastEndedPeriods(c.timeZone, now);
      return [
        ...(c.monthly ? [{ company: c, kind: 'month' as const, period: ended.month }] : []),
        ...(c.quarterly ? [{ company: c, kind: 'quarter' as const, period: ended.quarter }] : []),
      ];
    });
    const settled = await settledKeys(
      env.DB,
      companies.map((c) => c.id),
      [...new Set(due.map((d) => d.period))],
      now - RETRY_AFTER_MS,
    );
    for (const d of due) {
      if (settled.has(`${d.company.id} ${d.kind} ${d.period}`)) continue;
      if (out.generated + out.failed >= maxReports) return { ...out, more: true };
      const { report } = await generateRevenueReport(env, d.company, d.kind, d.period, now);
      if (report.status === 'ready') out.generated++;
      else out.failed++;
    }
  }
}

/**
 * The scheduled pass: its outcome recorded on the day's run when it generated or failed something (or
 * `always`, the daily tick); it never throws.
 */
export async function revenueReportsScheduled(
  env: RevenueReportEnv,
  now: number,
  always = false,
): Promise<PassOutcome | null> {
  const day = new Date(now).toISOString().slice(0, 10);
  try {
    const o = await revenueReportsPass(env, now);
    const error = o.failed ? `${o.failed} report(s) failed; see the reports list` : null;
    if (always || o.generated || o.failed) await recordPass(env.DB, REVENUE_REPORTS_JOB, day, o.generated, error, now);
    return o;
  } catch (err) {
    console.error('revenue-reports', String(err).slice(0, 200));
    await recordPass(env.DB, REVENUE_REPORTS_JOB, day, 0, String(err).slice(0, 500), now).catch(() => undefined);
    return null;
  }
}

/** The five-minute trigger only in the first three days of a UTC month: the month's reports come due then. */
export const inReportDays = (now: number) => new Date(now).getUTCDate() <= 3;
