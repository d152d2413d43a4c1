/** @module Route declarations of the job-runs API (issue 17 part 10; the home reimbursements of issue 19), behind 'billing:jobs' (super users, role 42). */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { ListQuery, RunBody, RunPage, RunSchema } from './jobs.schemas';

const ACCESS = 'billing:jobs';
const tags = ['Jobs'];

export const listRuns = defineRoute(ACCESS, {
  method: 'get',
  path: '/jobs/runs',
  tags,
  summary: 'Runs of the scheduled jobs, newest first (page is 0-based)',
  request: { query: ListQuery },
  responses: { 200: json(RunPage) },
});

export const runMonthlyInvoices = defineRoute(ACCESS, {
  method: 'post',
  path: '/jobs/monthly-invoices/run',
  tags,
  summary:
    'Starts (or resumes) the monthly invoice run of a month that is over (default the previous month) and processes chunks for a few seconds; answers the run, which the page polls by posting again',
  request: { body: jsonBody(RunBody) },
  responses: { 200: json(RunSchema), 400: error('Not a month, or a month that is not over') },
});

export const runHomeReimbursements = defineRoute(ACCESS, {
  method: 'post',
  path: '/jobs/home-reimbursements/run',
  tags,
  summary:
    'Starts (or resumes) the home reimbursement run of a month that is over (default the previous month) and processes chunks for a few seconds; answers the run, which the page polls by posting again',
  request: { body: jsonBody(RunBody) },
  responses: { 200: json(RunSchema), 400: error('Not a month, or a month that is not over') },
});

export const runWarehouseSync = defineRoute(ACCESS, {
  method: 'post',
  path: '/jobs/warehouse-sync/run',
  tags,
  summary:
    'Runs the reporting warehouse sync now (ADR 052) for a few seconds; answers its run (processed rows, rows per table in cursor). Press again to go on; the 15-minute trigger also carries on',
  responses: { 200: json(RunSchema), 409: error('No reporting warehouse is configured (NEON_DATABASE_URL)') },
});
