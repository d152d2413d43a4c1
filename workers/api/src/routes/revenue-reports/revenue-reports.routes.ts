/** @module Routes of the revenue reports (issue 21 part 6, ADR 056), all behind 'reports:revenue'. */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse, json, jsonBody } from '../../lib/route';
import { GenerateBody, IdParams, ListQuery, RevenueReport, RevenueReportPage } from './revenue-reports.schemas';

const ACCESS = 'reports:revenue';
const tags = ['Revenue reports'];

export const listReports = defineRoute(ACCESS, {
  method: 'get',
  path: '/revenue-reports',
  tags,
  summary: 'Monthly and quarterly revenue reports of your companies (newest period first), by kind, period, company',
  request: { query: ListQuery },
  responses: { 200: json(RevenueReportPage), 404: errorResponse('company_id is not a company of your scope') },
});

export const generateReport = defineRoute(ACCESS, {
  method: 'post',
  path: '/revenue-reports',
  tags,
  summary:
    'Generates the report of a finished month or quarter now (idempotent: an existing report is answered as it is) and e-mails its recipients',
  request: { body: jsonBody(GenerateBody) },
  responses: {
    200: json(RevenueReport, 'The report existed already, or the attempt failed (status failed, with its error)'),
    201: json(RevenueReport, 'Generated'),
    400: errorResponse('The period is not YYYY-MM (month) or YYYY-Qn (quarter)'),
    404: errorResponse('The company is not in your scope'),
    409: errorResponse('The period is not over yet in the company’s time zone'),
  },
});

export const reportPdf = defineRoute(ACCESS, {
  method: 'get',
  path: '/revenue-reports/{id}/pdf',
  tags,
  summary: 'The report’s PDF, streamed from storage',
  request: { params: IdParams },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.any() } } },
    404: errorResponse('No ready report with this id in your scope'),
  },
});
