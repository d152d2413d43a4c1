/**
 * @module `npm run bench:billing -- webhooks`: Stripe webhook events applied per second (issue 17
 * part 13) through the real handler inside workerd (ADR 038: the web worker bundled as deployed, run
 * by Miniflare over a fresh local D1). N signed events (default 5,000), `invoice.updated` and
 * `customer.subscription.updated` of seeded invoices and subscriptions, 10 % of them delivered a
 * second time (interleaved, as Stripe's retries are), sent over HTTP to POST /api/stripe/webhook with
 * `--concurrency` requests in flight (default 8). Printed: events/s, latency p50/p95, workerd's CPU
 * ms per event (the worker and its D1, from /proc); baseline in the same run and the same workerd: a
 * bare worker inserting the same event rows (`INSERT … ON CONFLICT DO NOTHING` into a copy of the
 * table) over the same HTTP path. Ends by asserting that no event was applied twice (rows, deliveries,
 * outcomes and answers must agree), exit code 1 otherwise. Options: `--events N --concurrency N`.
 * Self-stopping (30 minutes at most).
 */
import { loadavg } from 'node:os';
import Stripe from 'stripe';
import { benchWorkspace, intOption, log } from './bench-lib';
import { startWorkerd } from './bench-workerd';
import { runNode, wrangler } from './node-processes';
import { percentile, treeCpu } from './simulator/bench-measure';

const SECRET = 'whsec_bench_webhooks';
const ACCOUNT = 'acct_bench_operator';
const INVOICES = 500;
const SUBSCRIPTIONS = 200;
const T0 = 1_790_000_000;

interface Delivery {
  id: string;
  payload: string;
  duplicate: boolean;
}

/** One operator with a connected account, 50 billed customers, their subscriptions and invoices. */
async function seed(d1: D1Database) {
  const run = (sql: string, ...params: unknown[]) => d1.prepare(sql).bind(...params);
  await d1.batch([
    run("INSERT INTO companies (id, name, country, cpms) VALUES (1, 'Bench operator', 'FR', 'public')"),
    run(
      "WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < 51) INSERT INTO companies (id, name, country, is_evfleet) SELECT i, 'Fleet ' || i, 'FR', 1 FROM c",
    ),
    run("INSERT INTO billing_accounts (company_id, stripe_account_id, state) VALUES (1, ?1, 'done')", ACCOUNT),
    run(
      "WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < 51) INSERT INTO billing_customers (id, company_id, owner_company_id, stripe_customer_id, name) SELECT i, i, 1, 'cus_bench_' || i, 'Fleet ' || i FROM c",
    ),
    run(
      "INSERT INTO billing_products (id, owner_company_id, name, country, type) VALUES (1, 1, 'Plan', 'FR', 'recurring')",
    ),
    run(
      "INSERT INTO billing_prices (id, owner_company_id, product_id, unit_amount, currency, interval) VALUES (1, 1, 1, 900, 'eur', 'month')",
    ),
    run(
      `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${SUBSCRIPTIONS - 1})
       INSERT INTO billing_subscriptions (owner_company_id, company_id, customer_id, price_id, stripe_subscription_id, name, status)
       SELECT 1, 2 + i % 50, 2 + i % 50, 1, 'sub_bench_' || i, 'Plan', 'incomplete' FROM s`,
    ),
    run(
      `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${INVOICES - 1})
       INSERT INTO billing_invoices (owner_company_id, company_id, customer_id, kind, stripe_invoice_id, status, currency)
       SELECT 1, 2 + i % 50, 2 + i % 50, 'subscription', 'in_bench_' || i, 'draft', 'eur' FROM s`,
    ),
  ]);
}

/** The `i`-th distinct event: alternately an invoice and a subscription update, one second apart. */
function event(i: number): { id: string; payload: string } {
  const created = T0 + i;
  const id = `evt_bench_${i}`;
  const invoice = i % 2 === 0;
  const n = Math.floor(i / 2);
  const object = invoice
    ? {
        id: `in_bench_${n % INVOICES}`,
        object: 'invoice',
        customer: `cus_bench_${2 + ((n % INVOICES) % 50)}`,
        status: n < INVOICES ? 'open' : 'paid',
        number: `BENCH-${n % INVOICES}`,
        currency: 'eur',
        subtotal: 10_000 + i,
        total: 12_200 + i,
        total_excluding_tax: 10_000 + i,
        total_taxes: [{ amount: 2_200 }],
        amount_due: 12_200 + i,
        amount_paid: n < INVOICES ? 0 : 12_200 + i,
        attempt_count: 1,
        next_payment_attempt: null,
        period_start: created - 2_592_000,
        period_end: created,
        status_transitions: { paid_at: n < INVOICES ? null : created },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: `sub_bench_${n % SUBSCRIPTIONS}` },
        },
      }
    : {
        id: `sub_bench_${n % SUBSCRIPTIONS}`,
        object: 'subscription',
        status: 'active',
        items: { object: 'list', data: [{ id: `si_${n}`, current_period_end: created + 2_592_000 }] },
        trial_end: null,
        cancel_at_period_end: false,
        canceled_at: null,
      };
  const type = invoice ? 'invoice.updated' : 'customer.subscription.updated';
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-09-30.clover',
    account: ACCOUNT,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { id, payload };
}

/** N deliveries: after every ninth distinct event, the one five back again (10 % duplicates). */
function deliveries(total: number): Delivery[] {
  const out: Delivery[] = [];
  let distinct = 0;
  while (out.length < total) {
    const e = event(distinct);
    out.push({ ...e, duplicate: false });
    distinct++;
    if (distinct % 9 === 0 && out.length < total) out.push({ ...event(distinct - 5), duplicate: true });
  }
  return out;
}

/** Sends every delivery through `send` with `concurrency` in flight; answers, wall time, latencies, workerd CPU. */
async function drive(list: Delivery[], concurrency: number, send: (d: Delivery) => Promise<string>) {
  const answers: string[] = new Array(list.length);
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = treeCpu([process.pid]).workerd;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const i = next++;
        const d = list[i] as Delivery;
        const s = performance.now();
        answers[i] = await send(d);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = treeCpu([process.pid]).workerd - cpu0;
  return { answers, seconds, cpuPerEvent: cpu / list.length, latencies: latencies.sort((a, b) => a - b) };
}

const fmt = (r: Awaited<ReturnType<typeof drive>>, n: number) =>
  `${(n / r.seconds).toFixed(0)} events/s (${r.seconds.toFixed(1)} s), latency p50 ${(percentile(r.latencies, 50) ?? 0).toFixed(1)} ms / p95 ${(percentile(r.latencies, 95) ?? 0).toFixed(1)} ms, workerd CPU ${r.cpuPerEvent.toFixed(2)} ms per event`;

export async function benchWebhooks(): Promise<void> {
  const total = intOption('events', 5_000, 1_000_000);
  const concurrency = intOption('concurrency', 8, 256);
  const { state, cleanUp, onDispose } = benchWorkspace('bench-billing-webhooks', 30);
  let failed = false;
  try {
    log(`fresh local D1 in ${state}; applying migrations …`);
    runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
    const w = await startWorkerd(state, log, { STRIPE_WEBHOOK_SECRET: SECRET });
    onDispose(() => w.dispose());
    await seed(w.d1);
    const list = deliveries(total);
    const duplicates = list.filter((d) => d.duplicate).length;
    log(
      `${total.toLocaleString('en')} deliveries (${(total - duplicates).toLocaleString('en')} distinct events, ${duplicates} duplicates), ${concurrency} in flight, load average ${loadavg()[0]?.toFixed(1)}`,
    );

    const webhook = async (d: Delivery) => {
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: d.payload, secret: SECRET });
      const res = await fetch(`${w.base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: d.payload,
      });
      const body = (await res.json()) as { outcome?: string; code?: string };
      return res.ok ? (body.outcome ?? '?') : `HTTP ${res.status} ${body.code ?? ''}`;
    };
    const product = await drive(list, concurrency, webhook);
    console.log(`  webhook handler (verify, store, apply): ${fmt(product, total)}`);

    await w.d1
      .prepare(
        'CREATE TABLE bench_stripe_events (id TEXT PRIMARY KEY, type TEXT NOT NULL, account TEXT, object_id TEXT, created INTEGER NOT NULL, payload_json TEXT NOT NULL)',
      )
      .run();
    const bare = async (d: Delivery) => {
      const e = JSON.parse(d.payload) as {
        id: string;
        type: string;
        account: string;
        created: number;
        data: { object: { id: string } };
      };
      const res = await fetch(`${w.base}/__baseline/sql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          sql: 'INSERT INTO bench_stripe_events (id, type, account, object_id, created, payload_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING',
          params: [e.id, e.type, e.account, e.data.object.id, e.created, d.payload],
        }),
      });
      await res.text();
      return res.ok ? 'inserted' : `HTTP ${res.status}`;
    };
    const baseline = await drive(list, concurrency, bare);
    console.log(`  baseline, bare insert of the same event rows:  ${fmt(baseline, total)}`);
    console.log(
      `  handler / baseline: ${(product.seconds / baseline.seconds).toFixed(1)}× the time, ${(product.cpuPerEvent / baseline.cpuPerEvent).toFixed(1)}× the workerd CPU`,
    );

    const answered = (a: string) => product.answers.filter((x) => x === a).length;
    const rows = await w.d1
      .prepare('SELECT outcome, count(*) AS n, sum(deliveries) AS deliveries FROM stripe_events GROUP BY outcome')
      .all<{ outcome: string; n: number; deliveries: number }>();
    const byOutcome = Object.fromEntries(rows.results.map((r) => [r.outcome, r.n]));
    const storedRows = rows.results.reduce((s, r) => s + r.n, 0);
    const deliveriesCounted = rows.results.reduce((s, r) => s + r.deliveries, 0);
    const invoicesAhead = await w.d1
      .prepare(
        "SELECT count(*) AS n FROM billing_invoices i WHERE i.stripe_event_at <> (SELECT max(created) FROM stripe_events e WHERE e.object_id = i.stripe_invoice_id AND e.outcome = 'applied')",
      )
      .first<{ n: number }>();
    const errors = product.answers.filter((a) => a.startsWith('HTTP'));
    console.log(
      `  outcomes stored: ${JSON.stringify(byOutcome)}; answers: applied ${answered('applied')}, stale ${answered('stale')}, duplicate ${answered('duplicate')}, errors ${errors.length}`,
    );
    const checks: [string, boolean][] = [
      [`one stored row per distinct event (${storedRows} = ${total - duplicates})`, storedRows === total - duplicates],
      [`every delivery counted (${deliveriesCounted} = ${total})`, deliveriesCounted === total],
      [
        `every replay answered duplicate (${answered('duplicate')} = ${duplicates})`,
        answered('duplicate') === duplicates,
      ],
      [
        `as many applied answers as applied rows (${answered('applied')} = ${byOutcome.applied ?? 0}): none applied twice`,
        answered('applied') === (byOutcome.applied ?? 0),
      ],
      ['nothing pending or failed', !byOutcome.pending && !byOutcome.failed && errors.length === 0],
      [
        `every invoice holds the second of its last applied event (${invoicesAhead?.n ?? '?'} differ)`,
        invoicesAhead?.n === 0,
      ],
    ];
    for (const [what, ok] of checks) console.log(`  ${ok ? '✔' : '✖'} ${what}`);
    failed = checks.some(([, ok]) => !ok);
  } finally {
    await cleanUp();
  }
  if (failed) {
    console.error('✖ an event was applied twice or lost');
    process.exitCode = 1;
  }
}
