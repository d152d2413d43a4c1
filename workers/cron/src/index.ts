/** @module Scheduled jobs, run by the web worker's scheduled() handler. */
import { deliverPendingEmails } from '@api/lib/email';
import { pruneOutbox } from '@api/lib/email.store';
import { pruneRateLimits } from '@api/lib/rate-limit';
import { advanceOpenPayments } from '@api/routes/pay/pay.flow';
import { openDb } from '@db/db';
import { purgeExpired } from './cron.store';
import { monthlyInvoicesDaily, resumeMonthlyInvoices, SCHEDULED_BUDGET_MS } from './monthly-invoices';

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = openDb(env.DB);
  switch (controller.cron) {
    case '*/5 * * * *':
      await deliverPendingEmails(db, env);
      // Every five minutes, so a login code or reset link never stays in clear much past a day.
      await pruneOutbox(db);
      await resumeMonthlyInvoices(env, controller.scheduledTime, { budgetMs: SCHEDULED_BUDGET_MS });
      // QR payments: holds of chargers that never started released, priced sessions captured (issue 18).
      await advanceOpenPayments(env, db, new Date(controller.scheduledTime));
      break;
    case '0 3 * * *':
      await purgeExpired(env.DB, Date.now());
      await pruneRateLimits(db);
      await monthlyInvoicesDaily(env, new Date(controller.scheduledTime), { budgetMs: SCHEDULED_BUDGET_MS });
      break;
  }
}
