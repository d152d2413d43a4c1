/**
 * @module Routes of the reports tab (ADR 049): which revenue PDFs (monthly, quarterly) a company receives
 * and to whom. The reports themselves are issue 21's; the answer says sending is not yet available.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { ReportSettings, ReportSettingsBody, ReportsQuery } from './reports.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const readReports = defineRoute('company:settings', {
  method: 'get',
  path: '/company/reports',
  tags,
  summary: 'Which revenue reports the company receives (monthly, quarterly) and to whom',
  request: { query: ReportsQuery },
  responses: { 200: json(ReportSettings), 404: notFound },
});

export const putReports = defineRoute('company:settings', {
  method: 'put',
  path: '/company/reports',
  tags,
  summary: "Saves the company's report settings; recipients are a comma-separated e-mail list",
  request: { body: jsonBody(ReportSettingsBody) },
  responses: { 200: json(ReportSettings), 404: notFound },
});
