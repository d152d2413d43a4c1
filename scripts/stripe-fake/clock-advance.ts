/**
 * What happens to a test clock's customers when it advances, in time order, each step at its own
 * instant (`atTime`): a subscription's period ends (trial end starts billing; `cancel_at_period_end`
 * or `cancel_at` cancels; otherwise the next period starts with its invoice, charged or sent), an unpaid
 * invoice is retried at `next_payment_attempt` (schedule in billing.ts; after the last failure the
 * subscription is canceled, Stripe's default), and an `incomplete` subscription expires after 23 hours.
 */
import { attemptPayment } from './billing';
import { cloverItems } from './clover';
import { type Ctx, emit, StripeError } from './context';
import { atTime, type StripeObject } from './store';
import { addInterval, firstInvoice, periodEndAfter } from './subscription-invoice';

const INCOMPLETE_EXPIRES_SECONDS = 23 * 3600;
type Recurring = { interval: string; interval_count: number };

const itemsOf = (sub: StripeObject) => (sub.items as { data: StripeObject[] }).data;
const recurringOf = (sub: StripeObject) => ((itemsOf(sub)[0]?.price ?? {}) as { recurring: Recurring }).recurring;

function customersOf(ctx: Ctx, clock: string): StripeObject[] {
  return ctx.store.all(ctx.account, 'customer', (c) => c.test_clock === clock);
}

function subscriptionsOf(ctx: Ctx, customers: StripeObject[]): StripeObject[] {
  const ids = new Set(customers.map((c) => c.id));
  return ctx.store.all(
    ctx.account,
    'subscription',
    (s) => ids.has(s.customer as string) && !['canceled', 'incomplete_expired'].includes(s.status as string),
  );
}

/** The furthest a clock may go: two intervals of its shortest subscription, or two years (Stripe's rule). */
export function advanceLimit(ctx: Ctx, clock: StripeObject): number {
  const from = clock.frozen_time as number;
  const limits = subscriptionsOf(ctx, customersOf(ctx, clock.id)).map((s) => {
    const r = recurringOf(s);
    return addInterval(from, r.interval, 2 * r.interval_count);
  });
  return Math.min(addInterval(from, 'year', 2), ...limits);
}

function cancel(ctx: Ctx, sub: StripeObject, at: number, reason: string): void {
  const previous = { status: sub.status, canceled_at: sub.canceled_at, ended_at: null };
  Object.assign(sub, {
    status: 'canceled',
    canceled_at: sub.canceled_at ?? at,
    ended_at: at,
    cancellation_details: { comment: null, feedback: null, reason },
  });
  emit(ctx, 'customer.subscription.deleted', sub, previous);
}

/** The period ended: a new one starts with its invoice (the trial's end starts billing). */
function renew(ctx: Ctx, sub: StripeObject, at: number): void {
  const previous = {
    current_period_start: sub.current_period_start,
    current_period_end: sub.current_period_end,
    latest_invoice: sub.latest_invoice,
    status: sub.status,
  };
  const r = recurringOf(sub);
  sub.current_period_start = at;
  sub.current_period_end = periodEndAfter(sub.billing_cycle_anchor as number, r.interval, r.interval_count, at);
  if (sub.status === 'trialing') sub.status = 'active';
  cloverItems(sub);
  const customer = ctx.store.get(ctx.account, 'customer', sub.customer as string) as StripeObject;
  const at0 = ctx.outbox.length;
  const invoice = firstInvoice(ctx, sub, customer, itemsOf(sub), false, {
    periodStart: previous.current_period_start as number,
    periodEnd: at,
  });
  sub.latest_invoice = invoice.id;
  ctx.outbox.splice(at0, 0, { type: 'customer.subscription.updated', object: structuredClone(sub), previous });
  if (invoice.status === 'open' && invoice.collection_method === 'charge_automatically') pastDue(ctx, sub);
}

function pastDue(ctx: Ctx, sub: StripeObject): void {
  if (sub.status === 'past_due') return;
  const previous = { status: sub.status };
  sub.status = 'past_due';
  emit(ctx, 'customer.subscription.updated', sub, previous);
}

function retry(ctx: Ctx, invoice: StripeObject, at: number): void {
  const outcome = attemptPayment(ctx, invoice);
  if (outcome !== 'failed' || invoice.next_payment_attempt !== null || !invoice.subscription) return;
  const sub = ctx.store.get(ctx.account, 'subscription', invoice.subscription as string);
  if (sub && sub.status !== 'canceled') cancel(ctx, sub, at, 'payment_failed');
}

function expire(ctx: Ctx, sub: StripeObject): void {
  const previous = { status: sub.status };
  sub.status = 'incomplete_expired';
  const invoice = ctx.store.get(ctx.account, 'invoice', sub.latest_invoice as string);
  if (invoice?.status === 'open') {
    invoice.status = 'void';
    invoice.next_payment_attempt = null;
    invoice.status_transitions = { ...(invoice.status_transitions as object), voided_at: sub.current_period_start };
    emit(ctx, 'invoice.voided', invoice);
  }
  emit(ctx, 'customer.subscription.updated', sub, previous);
}

interface Step {
  at: number;
  run: () => void;
}

/** The earliest thing due on the clock's objects no later than `to`. */
function nextStep(ctx: Ctx, clock: string, to: number): Step | undefined {
  const customers = customersOf(ctx, clock);
  const steps: Step[] = [];
  for (const sub of subscriptionsOf(ctx, customers)) {
    const end = sub.current_period_end as number;
    const waiting = ctx.store.hidden.has(sub.latest_invoice as string);
    if (sub.status === 'incomplete') {
      if (!waiting)
        steps.push({ at: (sub.start_date as number) + INCOMPLETE_EXPIRES_SECONDS, run: () => expire(ctx, sub) });
    } else if (typeof sub.cancel_at === 'number' && sub.cancel_at <= end) {
      const at = sub.cancel_at;
      steps.push({ at, run: () => cancel(ctx, sub, at, 'cancellation_requested') });
    } else if (sub.cancel_at_period_end === true) {
      steps.push({ at: end, run: () => cancel(ctx, sub, end, 'cancellation_requested') });
    } else {
      steps.push({ at: end, run: () => renew(ctx, sub, end) });
    }
  }
  const ids = new Set(customers.map((c) => c.id));
  for (const invoice of ctx.store.all(ctx.account, 'invoice', (i) => ids.has(i.customer as string))) {
    const at = invoice.next_payment_attempt;
    if (invoice.status !== 'open' || typeof at !== 'number' || ctx.store.hidden.has(invoice.id)) continue;
    const sub = ctx.store.get(ctx.account, 'subscription', String(invoice.subscription));
    if (sub?.status === 'incomplete') continue; // a first payment is not retried: it expires
    steps.push({ at, run: () => retry(ctx, invoice, at) });
  }
  return steps.filter((s) => s.at <= to).sort((a, b) => a.at - b.at)[0];
}

/** Moves the clock to `to`, running every step due on the way at its instant. */
export function advanceClock(ctx: Ctx, clock: StripeObject, to: number): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const step = nextStep(ctx, clock.id, to);
    if (!step) {
      clock.frozen_time = to;
      return;
    }
    clock.frozen_time = step.at;
    atTime(step.at, step.run);
  }
  throw new StripeError(500, 'The test clock could not finish advancing.', undefined, undefined, 'api_error');
}
