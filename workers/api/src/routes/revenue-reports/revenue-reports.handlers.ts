/**
 * @module The revenue reports API (issue 21 part 6, ADR 056): the reports of the caller's company scope,
 * the PDF streamed from R2, and "generate now" for a finished period (the job's own generation, so the
 * same figures, key, row and e-mails). Reads first; the PDF path is literal after the parameter.
 */
import { generateRevenueReport, type RevenueReportEnv } from '@cron/revenue-reports';
import { reportCompany } from '@cron/revenue-reports.store';
import { PDF_CONTENT_TYPE } from '@domain/export/pdf';
import { isPeriod, periodOver } from '@domain/reporting/revenue-periods';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { fileResponse } from '../../lib/station-transfers';
import { authOf } from '../../middleware/permission';
import { generateReport, listReports, reportPdf } from './revenue-reports.routes';
import { listReports as readReports, reportById } from './revenue-reports.store';

type Row = Awaited<ReturnType<typeof reportById>> & {};

const toReport = (r: Row) => ({
  id: r.id,
  company_id: r.companyId,
  company_name: r.companyName,
  period_kind: r.periodKind,
  period: r.period,
  status: r.status,
  error: r.error,
  size_bytes: r.sizeBytes,
  source: r.source,
  generated_at: r.generatedAt.toISOString(),
  emailed_at: r.emailedAt ? r.emailedAt.toISOString() : null,
});

export const revenueReportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listReports, async (c) => {
    const q = c.req.valid('query');
    const { scope } = authOf(c);
    if (q.company_id !== undefined && !scope.includes(q.company_id))
      return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id: q.company_id } });
    const { rows, total } = await readReports(c.get('db'), {
      scope,
      companyId: q.company_id,
      kind: q.kind,
      period: q.period,
      page: q.page,
      size: q.items_per_page,
    });
    return c.json({ data: rows.map(toReport), total, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(reportPdf, async (c) => {
    const { id } = c.req.valid('param');
    const report = await reportById(c.get('db'), authOf(c).scope, id);
    const object = report?.status === 'ready' ? await c.env.FILES.get(report.r2Key) : null;
    if (!report || !object) return apiError(c, 404, 'NOT_FOUND', 'revenueReportNotFound', { params: { id } });
    return fileResponse(object, `revenue-report-${report.companyId}-${report.period}.pdf`, PDF_CONTENT_TYPE);
  })
  .openapi(generateReport, async (c) => {
    const b = c.req.valid('json');
    const auth = authOf(c);
    if (!isPeriod(b.period_kind, b.period))
      return apiError(c, 400, 'VALIDATION_FAILED', 'revenueReportPeriodInvalid', { field: 'period' });
    const company = auth.scope.includes(b.company_id) ? await reportCompany(c.env.DB, b.company_id) : null;
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id: b.company_id } });
    const now = Date.now();
    if (!periodOver(company.timeZone, b.period_kind, b.period, now))
      return apiError(c, 409, 'PERIOD_NOT_OVER', 'revenueReportPeriodNotOver', {
        field: 'period',
        params: { period: b.period },
      });
    const env = c.env as Env & RevenueReportEnv;
    const { report, created } = await generateRevenueReport(env, company, b.period_kind, b.period, now, auth.user.id);
    const row = await reportById(c.get('db'), auth.scope, report.id);
    if (!row) return apiError(c, 404, 'NOT_FOUND', 'revenueReportNotFound', { params: { id: report.id } });
    return c.json(toReport(row), created ? 201 : 200);
  });
