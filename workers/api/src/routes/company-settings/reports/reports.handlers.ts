/**
 * @module Handlers of the reports tab (ADR 049): the selected company by default, `company_id` for another
 * of the scope (404 otherwise); recipients parsed like every notification e-mail list (spec 000 §5), at most 20 (ADR 056).
 */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { MAX_RECIPIENTS, reportRecipients } from '@domain/reporting/revenue-periods';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { scopedCompany } from '../company-settings.store';
import { putReports, readReports } from './reports.routes';
import { type ReportValues, reportSettingsOf, writeReportSettings } from './reports.store';

type Ctx = Context<AppEnv>;

const toAnswer = (companyId: number, v: ReportValues) => ({
  company_id: companyId,
  monthly_revenue: v.monthlyRevenue,
  quarterly_revenue: v.quarterlyRevenue,
  recipients: v.recipients,
  sending: 'active' as const,
});

const companyIn = async (c: Ctx, id: number | undefined) =>
  scopedCompany(c.get('db'), authOf(c).scope, id ?? authOf(c).company.id);

export const reportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(readReports, async (c) => {
    const { company_id } = c.req.valid('query');
    const company = await companyIn(c, company_id);
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id: company_id ?? 0 } });
    return c.json(toAnswer(company.id, await reportSettingsOf(c.get('db'), company.id)), 200);
  })
  .openapi(putReports, async (c) => {
    const b = c.req.valid('json');
    const company = await companyIn(c, b.company_id);
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id: b.company_id ?? 0 } });
    const list = reportRecipients(b.recipients);
    if (!list.ok && list.reason === 'tooMany')
      return apiError(c, 400, 'VALIDATION_FAILED', 'reportRecipientsTooMany', {
        field: 'recipients',
        params: { max: MAX_RECIPIENTS, count: list.count },
      });
    if (!list.ok)
      return apiError(c, 400, 'VALIDATION_FAILED', 'emailListInvalid', {
        field: 'recipients',
        params: { address: list.address },
      });
    const values = { monthlyRevenue: b.monthly_revenue, quarterlyRevenue: b.quarterly_revenue, recipients: list.value };
    const detail = {
      monthly_revenue: values.monthlyRevenue,
      quarterly_revenue: values.quarterlyRevenue,
      recipients: list.value,
    };
    await writeReportSettings(
      c.get('db'),
      company.id,
      values,
      authOf(c).user.id,
      callerAudit(c, { action: 'company.settings.reports', entity: 'company', entityId: company.id, detail }),
    );
    return c.json(toAnswer(company.id, values), 200);
  });
