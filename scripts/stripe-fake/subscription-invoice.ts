/** A subscription's first invoice, its discounts, and the period arithmetic they need. */
import { attemptPayment, finalize, lineFor, lineFromItem, lines, newInvoice, recompute } from './billing';
import { type Ctx, emit, mustGet, StripeError } from './context';
import { discountFor, usableCoupon } from './discounts';
import type { StripeObject } from './store';

export function addInterval(from: number, interval: string, count: number): number {
  const d = new Date(from * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The end of the billing period that contains `after`, counted from the anchor as Stripe does: months
 * and years keep the anchor's day, on the last day of a shorter month (anchor Jan 31 → Feb 28 → Mar 31).
 */
export function periodEndAfter(anchor: number, interval: string, count: number, after: number): number {
  for (let k = 1; k < 100_000; k++) {
    const months = interval === 'month' ? count * k : interval === 'year' ? 12 * count * k : 0;
    let end: number;
    if (months === 0) end = addInterval(anchor, interval, count * k);
    else {
      const a = new Date(anchor * 1000);
      const target = new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth() + months, 1));
      const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(a.getUTCDate(), last));
      target.setUTCHours(a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds());
      end = Math.floor(target.getTime() / 1000);
    }
    if (end > after) return end;
  }
  throw new Error('periodEndAfter: no period end found');
}

/** A later period's invoice (a test clock rolled the subscription over): the period just ended. */
export interface Cycle {
  periodStart: number;
  periodEnd: number;
}

/**
 * The first invoice: one line per item (zero in a trial, prorated up to an anchor) plus pending items.
 * With `cycle`, the invoice of a new period instead (`subscription_cycle`, full price, never prorated).
 */
export function firstInvoice(
  ctx: Ctx,
  sub: StripeObject,
  customer: StripeObject,
  items: StripeObject[],
  trial: boolean,
  cycle?: Cycle,
): StripeObject {
  const invoice = newInvoice(ctx, customer, {
    auto_advance: true,
    billing_reason: cycle ? 'subscription_cycle' : 'subscription_create',
    collection_method: sub.collection_method,
    currency: sub.currency,
    days_until_due: sub.days_until_due,
    default_tax_rates: sub.default_tax_rates,
    discounts: [...((sub.discounts as string[] | undefined) ?? [])],
    subscription: sub.id,
    period_start: cycle?.periodStart ?? sub.current_period_start,
    period_end: cycle?.periodEnd ?? sub.current_period_start,
  });
  const start = sub.current_period_start as number;
  const end = sub.current_period_end as number;
  for (const item of items) {
    const price = item.price as Record<string, unknown> & { recurring: { interval: string; interval_count: number } };
    const product = ctx.store.get(ctx.account, 'product', price.product as string);
    const full = periodEndAfter(start, price.recurring.interval, price.recurring.interval_count, start);
    const qty = item.quantity as number;
    const unit = (price.unit_amount as number | null) ?? 0;
    const prorated = !cycle && !trial && end < full;
    const amount = trial ? 0 : prorated ? Math.round((unit * qty * (end - start)) / (full - start)) : unit * qty;
    const name = product?.name ?? price.id;
    const description = trial
      ? `Trial period for ${name}`
      : prorated
        ? `Remaining time on ${qty} × ${name}`
        : `${qty} × ${name}`;
    lines(invoice).push(
      lineFor({
        amount,
        currency: sub.currency,
        description,
        period: { start, end },
        price,
        quantity: qty,
        proration: prorated,
        subscription: sub.id,
        subscription_item: item.id,
        tax_rates: item.tax_rates,
        type: 'subscription',
      }),
    );
  }
  for (const pending of ctx.store
    .all(ctx.account, 'invoiceitem', (ii) => ii.customer === customer.id && ii.invoice === null)
    .reverse()) {
    pending.invoice = invoice.id;
    lines(invoice).push(lineFromItem(pending));
  }
  recompute(ctx, invoice);
  emit(ctx, 'invoice.created', invoice);
  finalize(ctx, invoice, false);
  if (invoice.status === 'open' && invoice.collection_method === 'charge_automatically') attemptPayment(ctx, invoice);
  return invoice;
}

interface AnchorConfig {
  day_of_month: number;
  month?: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/**
 * `billing_cycle_anchor_config`: the first such day after `from` (day 31 falls on the last day of a
 * shorter month), at the given time or the start's time of day, UTC.
 */
export function anchorFromConfig(from: number, config: AnchorConfig): number {
  const start = new Date(from * 1000);
  for (let k = 0; k <= 24; k++) {
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + k, 1));
    if (config.month !== undefined && month.getUTCMonth() + 1 !== config.month) continue;
    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
    const at = Date.UTC(
      month.getUTCFullYear(),
      month.getUTCMonth(),
      Math.min(config.day_of_month, last),
      config.hour ?? start.getUTCHours(),
      config.minute ?? start.getUTCMinutes(),
      config.second ?? start.getUTCSeconds(),
    );
    if (at / 1000 > from) return at / 1000;
  }
  throw new StripeError(400, 'Invalid billing_cycle_anchor_config.', 'billing_cycle_anchor_config');
}

type DiscountInput = { coupon?: string; discount?: string; promotion_code?: string };

/** Checks `discounts` before anything is stored. */
export function checkDiscounts(ctx: Ctx, input: unknown): void {
  ((input as DiscountInput[] | '' | undefined) || []).forEach((d, i) => {
    if (d.promotion_code)
      throw new StripeError(
        400,
        'Promotion codes are not supported by the local Stripe server.',
        `discounts[${i}][promotion_code]`,
      );
    if (d.discount) mustGet(ctx, 'discount', d.discount, `discounts[${i}][discount]`);
    else usableCoupon(ctx, d.coupon ?? '', `discounts[${i}][coupon]`);
  });
}

/** `discounts` as discount objects: `sub.discounts` (clover) holds their ids, `sub.discount` (document) the first. */
export function applyDiscounts(ctx: Ctx, sub: StripeObject, input: unknown): void {
  const made = ((input as DiscountInput[] | '' | undefined) || []).map((d, i) =>
    d.discount
      ? mustGet(ctx, 'discount', d.discount, `discounts[${i}][discount]`)
      : discountFor(ctx, d.coupon ?? '', `discounts[${i}][coupon]`, { customer: sub.customer, subscription: sub.id }),
  );
  sub.discounts = made.map((d) => d.id);
  sub.discount = made[0] ?? null;
}
