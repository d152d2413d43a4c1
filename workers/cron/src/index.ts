/** @module Scheduled jobs, run by the web worker's scheduled() handler. */
import { deliverPendingEmails } from '@api/lib/email';
import { pruneOutbox } from '@api/lib/email.store';
import { pruneRateLimits } from '@api/lib/rate-limit';
import { drainOcpiOutbox } from '@api/ocpi/ocpi.connect';
import { runPulls } from '@api/ocpi/ocpi.emsp-pull';
import { advanceOpenPayments } from '@api/routes/pay/pay.flow';
import { chargeAutoRecharges } from '@api/routes/wallet-top-ups/wallet-top-ups.auto';
import { openDb } from '@db/db';
import type { WarehouseSettings } from '@db/warehouse/client';
import { purgeExpired } from './cron.store';
import { faultTickets } from './fault-tickets';
import { homeReimbursementsDaily, resumeHomeReimbursements, SCHEDULED_MAX_WRITES } from './home-reimbursements';
import { monthlyInvoicesDaily, resumeMonthlyInvoices, SCHEDULED_BUDGET_MS, STALE_AFTER_MS } from './monthly-invoices';
import { inReportDays, revenueReportsScheduled } from './revenue-reports';
import { syncWarehouse } from './warehouse-sync';

/**
 * The home reimbursement job must never keep the invoice job from running: its failure is recorded on
 * its run (and e-mailed) and the five-minute trigger retries it.
 */
async function reimbursements(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    console.error('home-reimbursements', String(err).slice(0, 200));
  }
}

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = openDb(env.DB);
  switch (controller.cron) {
    case '*/5 * * * *':
      await deliverPendingEmails(db, env);
      // Every five minutes, so a login code or reset link never stays in clear much past a day.
      await pruneOutbox(db);
      await reimbursements(() =>
        resumeHomeReimbursements(env, controller.scheduledTime, STALE_AFTER_MS, {
          budgetMs: SCHEDULED_BUDGET_MS,
          maxWrites: SCHEDULED_MAX_WRITES,
        }),
      );
      await resumeMonthlyInvoices(env, controller.scheduledTime, { budgetMs: SCHEDULED_BUDGET_MS });
      // QR payments: holds of chargers that never started released, priced sessions captured (issue 18).
      await advanceOpenPayments(env, db, new Date(controller.scheduledTime));
      // Wallets a debit left below their threshold: their queued auto top-ups charged off-session.
      await chargeAutoRecharges(env, db);
      // Faults lasting past their company's threshold open one maintenance ticket each (ADR 054).
      await faultTickets(env.DB, controller.scheduledTime);
      // Revenue PDFs (ADR 056): the first days of a month carry on what the daily pass left (bounded per call).
      if (inReportDays(controller.scheduledTime)) await revenueReportsScheduled(env, controller.scheduledTime);
      // OCPI handshakes that failed, retried with backoff (ADR 057); a failure stays on its outbox row.
      await drainOcpiOutbox(db, env, new Date(controller.scheduledTime)).catch((err) =>
        console.error('ocpi-outbox', String(err).slice(0, 200)),
      );
      // Pulls of partners' locations and tariffs (ADR 057 "EMSP: locations and tariffs"), page by page, resumable.
      await runPulls(db, env, { budgetMs: SCHEDULED_BUDGET_MS }).catch((err) =>
        console.error('ocpi-pull', String(err).slice(0, 200)),
      );
      break;
    case '*/15 * * * *':
      // The reporting warehouse (ADR 052): nothing without NEON_DATABASE_URL. A failure is on its run.
      await syncWarehouse(env as Env & WarehouseSettings, { budgetMs: SCHEDULED_BUDGET_MS }).catch((err) =>
        console.error('warehouse-sync', String(err).slice(0, 200)),
      );
      break;
    case '0 3 * * *':
      await purgeExpired(env.DB, Date.now());
      await pruneRateLimits(db);
      // Reimbursements first: a month a manager approves is in the fee of the invoice that follows.
      await reimbursements(() =>
        homeReimbursementsDaily(env, new Date(controller.scheduledTime), {
          budgetMs: SCHEDULED_BUDGET_MS,
          maxWrites: SCHEDULED_MAX_WRITES,
        }),
      );
      await monthlyInvoicesDaily(env, new Date(controller.scheduledTime), { budgetMs: SCHEDULED_BUDGET_MS });
      // Revenue PDFs of the month and quarter that ended last, for companies that chose them (ADR 056).
      await revenueReportsScheduled(env, controller.scheduledTime, true);
      break;
  }
}
