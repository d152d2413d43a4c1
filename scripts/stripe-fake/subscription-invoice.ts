/** A subscription's first invoice, and the period arithmetic it needs. */
import { attemptPayment, finalize, lineFor, lineFromItem, lines, newInvoice, recompute } from './billing';
import { type Ctx, emit } from './context';
import type { StripeObject } from './store';

export function addInterval(from: number, interval: string, count: number): number {
  const d = new Date(from * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

export /** The first invoice: one line per item (zero in a trial, prorated up to an anchor) plus pending items. */
function firstInvoice(
  ctx: Ctx,
  sub: StripeObject,
  customer: StripeObject,
  items: StripeObject[],
  trial: boolean,
): StripeObject {
  const invoice = newInvoice(ctx, customer, {
    auto_advance: true,
    billing_reason: 'subscription_create',
    collection_method: sub.collection_method,
    currency: sub.currency,
    days_until_due: sub.days_until_due,
    default_tax_rates: sub.default_tax_rates,
    discounts: sub.discount ? [(sub.discount as StripeObject).id] : [],
    subscription: sub.id,
    period_start: sub.current_period_start,
    period_end: sub.current_period_start,
  });
  const start = sub.current_period_start as number;
  const end = sub.current_period_end as number;
  for (const item of items) {
    const price = item.price as Record<string, unknown> & { recurring: { interval: string; interval_count: number } };
    const product = ctx.store.get(ctx.account, 'product', price.product as string);
    const full = addInterval(start, price.recurring.interval, price.recurring.interval_count);
    const qty = item.quantity as number;
    const unit = (price.unit_amount as number | null) ?? 0;
    const prorated = !trial && end < full;
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
