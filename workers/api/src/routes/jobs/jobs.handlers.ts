/**
 * @module The job-runs API (issue 17 part 10): the list of runs, and the monthly invoice job and the
 * home reimbursement job (issue 19) by hand.
 * The POST starts the month's run (a second start finds the first) and processes chunks within a
 * per-request budget, so the page polls it until the run is done; the five-minute trigger would
 * carry on a run nobody polls.
 */

import { continueReimbursementRun, startReimbursementRun } from '@cron/home-reimbursements';
import { runOf, WAREHOUSE_SYNC_JOB } from '@cron/job-runs.store';
import { continueMonthlyRun, startMonthlyRun } from '@cron/monthly-invoices';
import { syncWarehouse } from '@cron/warehouse-sync';
import type { WarehouseSettings } from '@db/warehouse/client';
import { previousPeriod } from '@domain/billing/period';
import { OpenAPIHono } from '@hono/zod-openapi';
import { billingJobs } from '@i18n/areas/billing-jobs';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { requestLanguage } from '../../lib/language';
import { authOf } from '../../middleware/permission';
import { listRuns, runHomeReimbursements, runMonthlyInvoices, runWarehouseSync } from './jobs.routes';
import type { RunRow } from './jobs.schemas';
import { toRun } from './jobs.schemas';
import { listRuns as readRuns } from './jobs.store';

/** Wall-clock budget of one POST: a few chunks, well inside the Workers limits; the page posts again. */
const REQUEST_BUDGET_MS = 8_000;

/** A month is run once it is over everywhere: from the 1st of the next month, UTC. */
const notOver = (period: string, now: Date) =>
  period >= previousPeriod(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));

export const jobRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(listRuns, async (c) => {
    const { page, items_per_page } = c.req.valid('query');
    const { data, total } = await readRuns(c.get('db'), page, items_per_page);
    return c.json({ data: data.map(toRun), total, page, items_per_page }, 200);
  })
  .openapi(runMonthlyInvoices, async (c) => {
    const now = new Date();
    const period = c.req.valid('json').period ?? previousPeriod(now);
    if (notOver(period, now)) {
      const texts = billingJobs[requestLanguage(c)].errors;
      return c.json({ 'error-msg': texts.periodNotOver, code: 'PERIOD_NOT_OVER', field: 'period' }, 400);
    }
    await startMonthlyRun(c.env, period, authOf(c).user.id);
    const run = await continueMonthlyRun(c.env, period, { budgetMs: REQUEST_BUDGET_MS });
    return c.json(toRun(run as unknown as RunRow), 200);
  })
  .openapi(runHomeReimbursements, async (c) => {
    const now = new Date();
    const period = c.req.valid('json').period ?? previousPeriod(now);
    if (notOver(period, now)) {
      const texts = billingJobs[requestLanguage(c)].errors;
      return c.json({ 'error-msg': texts.periodNotOver, code: 'PERIOD_NOT_OVER', field: 'period' }, 400);
    }
    const me = authOf(c).user.id;
    await startReimbursementRun(c.env, period, me);
    // A failed chunk is recorded on the run (and e-mailed): the page shows the run with its error.
    const run = await continueReimbursementRun(c.env, period, { budgetMs: REQUEST_BUDGET_MS }).catch(() =>
      startReimbursementRun(c.env, period, me),
    );
    return c.json(toRun(run as unknown as RunRow), 200);
  })
  .openapi(runWarehouseSync, async (c) => {
    const outcome = await syncWarehouse(c.env as Env & WarehouseSettings, {
      budgetMs: REQUEST_BUDGET_MS,
      triggeredBy: authOf(c).user.id,
    });
    if (!outcome) return apiError(c, 409, 'WAREHOUSE_OFF', 'warehouseOff');
    const run = await runOf(c.env.DB, WAREHOUSE_SYNC_JOB, outcome.period);
    return c.json(toRun(run as unknown as RunRow), 200);
  });
