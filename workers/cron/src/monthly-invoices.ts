/**
 * @module The monthly invoice job (issue 17 part 10): on the 1st of the month it bills the previous
 * month's usage of every fleet company that has a Stripe customer, in chunks of companies in id
 * order. After each chunk the run saves its cursor, count and heartbeat, so a worker that dies (CPU
 * limit, deploy, crash) loses at most the chunk it was in, and the every-five-minutes trigger resumes
 * a run whose heartbeat went quiet. Per company: gather (store) → decide (`usageInvoice`, pure) →
 * write (one D1 batch) → mirror to Stripe. Idempotent at every step: the unique usage invoice of a
 * company and month and the billed sessions' primary key mean a rerun bills nobody twice; every
 * Stripe write carries an idempotency key derived from our row, so a retried call returns the first
 * object. A company whose Stripe calls fail keeps its invoice unsynced; the next chunk run of the
 * period retries it first, and the run is done only when every invoice of the period is on Stripe.
 */
import { idempotencyKey, type Stripe, type StripeSettings, stripeClient } from '@api/lib/stripe';
import { periodBounds, previousPeriod } from '@domain/billing/period';
import { stripeItemGroups } from '@domain/billing/stripe-invoice-items';
import { usageInvoice } from '@domain/billing/usage-invoice';
import {
  finishRun,
  heartbeat,
  type JobRun,
  MONTHLY_INVOICES_JOB,
  runOf as runOfJob,
  saveChunk,
  staleRuns,
  startRun,
} from './job-runs.store';
import { mirrorFacts, setLineItems, setStripeInvoice, unsyncedInvoices } from './monthly-invoices.mirror.store';
import {
  type BillableCompany,
  billableCompanies,
  companyFacts,
  countBillable,
  writeInvoice,
} from './monthly-invoices.store';

const runOf = (d1: D1Database, period: string) => runOfJob(d1, MONTHLY_INVOICES_JOB, period);

export interface JobEnv extends StripeSettings {
  DB: D1Database;
}

export interface JobOptions {
  /** Companies per chunk. */
  chunkSize?: number;
  /** Stop starting chunks after this many ms of this call (the Workers CPU/time budget). */
  budgetMs?: number;
  /** Stop after this many chunks in this call (tests interrupt a run half-way with 1). */
  maxChunks?: number;
  /** Days a `send_invoice` invoice is due in. */
  daysUntilDue?: number;
  /** Measures each chunk (the benchmark). */
  onChunk?: (ms: number, companies: number) => void;
  clock?: () => number;
}

export const DEFAULT_CHUNK = 25;
/** A running run whose heartbeat is older than this is taken over by the five-minute trigger. */
export const STALE_AFTER_MS = 2 * 60_000;
/**
 * Wall-clock budget of one scheduled invocation. CPU time never exceeds wall time, so 20 s keeps an
 * invocation under Workers' default 30 s CPU limit even when Stripe calls dominate (about 2.4 ms of CPU
 * per invoice item measured by `npm run bench:billing -- monthly`); the five-minute trigger continues.
 */
export const SCHEDULED_BUDGET_MS = 20_000;
/** Stripe item calls in flight at once for one invoice. */
const STRIPE_PARALLEL = 8;

export interface CompanyOutcome {
  invoiceId: number | null;
  created: boolean;
  lines: number;
  synced: boolean;
}

/** Bills one company for the period (or finds its invoice), then mirrors the invoice to Stripe. */
export async function billCompany(
  env: JobEnv,
  stripe: Stripe | null,
  c: BillableCompany,
  period: string,
  opts: JobOptions,
): Promise<CompanyOutcome> {
  const d1 = env.DB;
  const now = (opts.clock ?? Date.now)();
  const { start, end } = periodBounds(period, c.timeZone);
  const facts = await companyFacts(d1, c, period, start.getTime(), end.getTime());
  let invoiceId = facts.invoiceId;
  let created = false;
  let lines = 0;
  if (invoiceId === null) {
    const decision = usageInvoice({ company: c, period, ...facts });
    if (decision.lines.length === 0) return { invoiceId: null, created: false, lines: 0, synced: true };
    try {
      await writeInvoice(d1, c, decision, now);
      created = true;
      lines = decision.lines.length;
    } catch (err) {
      // Another worker billed the company at the same moment: its batch won, ours rolled back whole.
      if (!String(err).includes('UNIQUE')) throw err;
    }
    invoiceId = (await companyFacts(d1, c, period, start.getTime(), end.getTime())).invoiceId;
  }
  if (invoiceId === null) return { invoiceId, created, lines, synced: true };
  const synced = stripe ? await mirrorInvoice(env, stripe, invoiceId, opts).catch(() => false) : false;
  return { invoiceId, created, lines, synced };
}

/**
 * Puts one invoice on Stripe: the invoice (a draft holding only its own items, advanced automatically
 * by Stripe once finalised), then its items as `stripeItemGroups` groups the lines (all sessions as
 * one item, fees and one-time products one each: Stripe takes at most 250 items per invoice). A
 * group's item id is stored on all its lines; a failure leaves the rest for the next run, whose
 * calls reuse the same idempotency keys (invoice id and group key).
 */
export async function mirrorInvoice(env: JobEnv, stripe: Stripe, invoiceId: number, opts: JobOptions) {
  const d1 = env.DB;
  const clock = opts.clock ?? Date.now;
  const f = await mirrorFacts(d1, invoiceId);
  if (!f) return false;
  const account = f.stripeAccountId ? { stripeAccount: f.stripeAccountId } : {};
  let stripeInvoiceId = f.invoice.stripe_invoice_id;
  if (!stripeInvoiceId) {
    const sendInvoice = f.collectionMethod === 'send_invoice';
    const created = await stripe.invoices.create(
      {
        customer: f.stripeCustomerId,
        currency: f.invoice.currency.toLowerCase(),
        collection_method: f.collectionMethod,
        ...(sendInvoice ? { days_until_due: opts.daysUntilDue ?? 30 } : {}),
        auto_advance: true,
        pending_invoice_items_behavior: 'exclude',
        description: `Usage ${f.invoice.period}`,
        metadata: { invoice_id: String(invoiceId), period: f.invoice.period, kind: 'usage' },
      },
      { ...account, idempotencyKey: idempotencyKey('invoice', 'create', invoiceId) },
    );
    stripeInvoiceId = created.id as string;
    await setStripeInvoice(d1, invoiceId, stripeInvoiceId, created.status ?? 'draft', clock());
  }
  const mirrored = new Set(f.lines.filter((l) => l.stripe_invoice_item_id).map((l) => l.id));
  const groups = stripeItemGroups(
    f.lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      amount: l.amount,
      description: l.description,
      energyWh: l.energy_wh,
      periodStart: l.period_start,
      periodEnd: l.period_end,
    })),
    (count, wh) => `Charging sessions ${f.invoice.period}: ${count} (${(wh / 1000).toFixed(1)} kWh)`,
    (count) => `Other items ${f.invoice.period}: ${count}`,
  ).filter((g) => g.lineIds.some((id) => !mirrored.has(id)));
  const stored: { lineIds: number[]; itemId: string }[] = [];
  for (let i = 0; i < groups.length; i += STRIPE_PARALLEL) {
    const part = groups.slice(i, i + STRIPE_PARALLEL);
    const settled = await Promise.allSettled(
      part.map((g) =>
        stripe.invoiceItems.create(
          {
            customer: f.stripeCustomerId,
            invoice: stripeInvoiceId as string,
            amount: g.amount,
            currency: f.invoice.currency.toLowerCase(),
            description: g.description,
            period: { start: Math.floor(g.periodStart / 1000), end: Math.floor(g.periodEnd / 1000) },
            metadata: { invoice_id: String(invoiceId), lines: g.key },
          },
          { ...account, idempotencyKey: idempotencyKey('invoice-item', 'create', invoiceId, g.key) },
        ),
      ),
    );
    const done = part.flatMap((g, k) => {
      const r = settled[k];
      return r?.status === 'fulfilled' ? [{ lineIds: g.lineIds, itemId: r.value.id }] : [];
    });
    stored.push(...done);
    if (done.length < part.length) {
      await setLineItems(d1, stored);
      return false;
    }
  }
  await setLineItems(d1, stored);
  return true;
}

/** Starts (or finds) the run of `period`. */
export async function startMonthlyRun(env: JobEnv, period: string, triggeredBy: number | null, clock = Date.now) {
  return startRun(env.DB, MONTHLY_INVOICES_JOB, period, await countBillable(env.DB), triggeredBy, clock());
}

/**
 * Processes chunks of the run until it is done, the budget is spent or `maxChunks` ran; answers the
 * run as it stands. Unsynced invoices of the period are retried before each chunk.
 */
export async function continueMonthlyRun(env: JobEnv, period: string, opts: JobOptions = {}): Promise<JobRun | null> {
  const d1 = env.DB;
  const clock = opts.clock ?? Date.now;
  const began = clock();
  const stripe = stripeClient(env);
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK;
  let chunks = 0;
  for (;;) {
    const run = await runOf(d1, period);
    if (run?.status !== 'running') return run;
    if (chunks >= (opts.maxChunks ?? Number.POSITIVE_INFINITY)) return run;
    const chunkStart = clock();
    const companies = await billableCompanies(d1, Number(run.cursor ?? 0), chunkSize);
    if (companies.length === 0) {
      const retried = await retryUnsynced(env, stripe, period, chunkSize, opts);
      if (retried === 'pending') {
        await heartbeat(d1, run.id, 'Some invoices are not on Stripe yet: retried on the next run', clock());
        return runOf(d1, period);
      }
      await finishRun(
        d1,
        run.id,
        'done',
        retried === 'no-stripe' ? 'Stripe is not configured: invoices not mirrored' : null,
        clock(),
      );
      return runOf(d1, period);
    }
    if (chunks > 0 && clock() - began >= (opts.budgetMs ?? Number.POSITIVE_INFINITY)) return run;
    await retryUnsynced(env, stripe, period, chunkSize, opts);
    const budget = opts.budgetMs ?? Number.POSITIVE_INFINITY;
    const done: BillableCompany[] = [];
    try {
      // A chunk ends early when the budget runs out (large fleets: thousands of Stripe items each).
      for (const c of companies) {
        await billCompany(env, stripe, c, period, opts);
        done.push(c);
        if (clock() - began >= budget) break;
      }
    } catch (err) {
      await heartbeat(
        d1,
        run.id,
        `Chunk after company ${run.cursor ?? 0} failed: ${String(err).slice(0, 200)}`,
        clock(),
      );
      throw err;
    }
    const last = done[done.length - 1] as BillableCompany;
    const moved = await saveChunk(d1, run, String(last.id), done.length, clock());
    opts.onChunk?.(clock() - chunkStart, done.length);
    chunks++;
    // Another worker moved the cursor meanwhile: it carries on; our writes were idempotent.
    if (!moved) return runOf(d1, period);
  }
}

/** Retries the period's invoices not yet wholly on Stripe: 'pending' while any remains. */
async function retryUnsynced(env: JobEnv, stripe: Stripe | null, period: string, limit: number, opts: JobOptions) {
  if (!stripe) return 'no-stripe' as const;
  const ids = await unsyncedInvoices(env.DB, period, limit);
  let pending = false;
  for (const id of ids) if (!(await mirrorInvoice(env, stripe, id, opts).catch(() => false))) pending = true;
  return pending ? ('pending' as const) : ('synced' as const);
}

/** Starts the period's run (no-op when it exists) and processes it within the budget. */
export async function runMonthlyInvoices(env: JobEnv, period: string, opts: JobOptions = {}, triggeredBy = null) {
  await startMonthlyRun(env, period, triggeredBy, opts.clock);
  return continueMonthlyRun(env, period, opts);
}

/** The daily trigger: on the 1st (UTC) it bills the previous month. */
export async function monthlyInvoicesDaily(env: JobEnv, now: Date, opts: JobOptions = {}) {
  if (now.getUTCDate() !== 1) return null;
  return runMonthlyInvoices(env, previousPeriod(now), opts);
}

/** The five-minute trigger: continues every run whose heartbeat went quiet. */
export async function resumeMonthlyInvoices(env: JobEnv, now: number, opts: JobOptions = {}) {
  for (const run of await staleRuns(env.DB, MONTHLY_INVOICES_JOB, now - STALE_AFTER_MS))
    await continueMonthlyRun(env, run.period, opts);
}
