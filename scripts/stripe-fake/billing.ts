/**
 * Invoices' behaviour: lines from invoice items, totals from lines, discounts and tax rates (integer
 * minor units, per line, rounded half up), finalization, payment with the customer's default
 * payment method ("processing" ones leave the invoice open until the dev page settles them), and
 * the invoice's effect on its subscription.
 */
import { cloverInvoice, cloverLine } from './clover';
import { type Ctx, emit, mustGet, StripeError } from './context';
import { newId, now, type StripeObject } from './store';

type Line = Record<string, unknown> & { amount: number; discountable: boolean; tax_rates: StripeObject[] };
/**
 * The fixed retry schedule of an unpaid automatically collected invoice (Stripe's is configurable):
 * another attempt 3 days after each failed one, at most 4 attempts in all; after the 4th failure
 * `next_payment_attempt` is null and a test clock cancels the invoice's subscription (clock-advance.ts).
 */
export const RETRY_AFTER_SECONDS = 3 * 86400;
export const MAX_PAYMENT_ATTEMPTS = 4;

export function lines(invoice: StripeObject): Line[] {
  return (invoice.lines as { data: Line[] }).data;
}

export function lineFor(fields: Record<string, unknown>): Line {
  return {
    id: newId('il'),
    object: 'line_item',
    livemode: false,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice_item: null,
    metadata: {},
    proration: false,
    proration_details: { credited_items: null },
    subscription: null,
    subscription_item: null,
    tax_amounts: [],
    tax_rates: [],
    ...fields,
  } as unknown as Line;
}

/** The line an invoice item becomes on its invoice. */
export function lineFromItem(item: StripeObject): Line {
  return lineFor({
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discountable: item.discountable,
    invoice_item: item.id,
    metadata: item.metadata,
    period: item.period,
    price: item.price,
    quantity: item.quantity,
    tax_rates: item.tax_rates,
    type: 'invoiceitem',
  });
}

const rateOf = (rate: StripeObject) => Number(rate.percentage) / 100;

/** Subtotal, discounts, taxes and totals from the lines, as Stripe computes them (per line, then summed). */
export function recompute(ctx: Ctx, invoice: StripeObject): void {
  const all = lines(invoice);
  const subtotal = all.reduce((sum, l) => sum + l.amount, 0);
  const base = all.filter((l) => l.discountable).reduce((sum, l) => sum + l.amount, 0);
  const discountAmounts: { amount: number; discount: string }[] = [];
  let remaining = base;
  for (const id of (invoice.discounts as string[] | null) ?? []) {
    const coupon = (ctx.store.get(ctx.account, 'discount', id)?.coupon ?? {}) as Record<string, number | null>;
    const wanted =
      coupon.percent_off != null ? Math.round((base * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
    const amount = Math.min(wanted, remaining);
    remaining -= amount;
    discountAmounts.push({ amount, discount: id });
  }
  const totalDiscount = base - remaining;
  const totals = new Map<string, { amount: number; inclusive: boolean; tax_rate: string; taxable_amount: number }>();
  let allocated = 0;
  const discountable = all.filter((l) => l.discountable);
  for (const line of all) {
    ctx.store.prune('line_item', line);
    const isLast = line === discountable.at(-1);
    const share =
      !line.discountable || base === 0
        ? 0
        : isLast
          ? totalDiscount - allocated
          : Math.round((totalDiscount * line.amount) / base);
    if (line.discountable) allocated += share;
    line.discount_amounts = discountAmounts.length ? [{ amount: share, discount: discountAmounts[0]?.discount }] : [];
    const taxable = line.amount - share;
    const rates = line.tax_rates.length > 0 ? line.tax_rates : ((invoice.default_tax_rates as StripeObject[]) ?? []);
    line.tax_amounts = rates.map((rate) => {
      const inclusive = rate.inclusive === true;
      const amount = inclusive
        ? Math.round(taxable - taxable / (1 + rateOf(rate)))
        : Math.round(taxable * rateOf(rate));
      const entry = {
        amount,
        inclusive,
        tax_rate: rate.id,
        taxability_reason: 'standard_rated',
        taxable_amount: inclusive ? taxable - amount : taxable,
      };
      const sum = totals.get(rate.id) ?? { amount: 0, inclusive, tax_rate: rate.id, taxable_amount: 0 };
      totals.set(rate.id, {
        ...sum,
        amount: sum.amount + amount,
        taxable_amount: sum.taxable_amount + entry.taxable_amount,
      });
      return entry;
    });
    const inclusiveTax = (line.tax_amounts as { amount: number; inclusive: boolean }[])
      .filter((t) => t.inclusive)
      .reduce((s, t) => s + t.amount, 0);
    line.amount_excluding_tax = line.amount - inclusiveTax;
    line.unit_amount_excluding_tax = String((line.amount - inclusiveTax) / Math.max(1, Number(line.quantity ?? 1)));
  }
  const taxes = [...totals.values()];
  const exclusiveTax = taxes.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0);
  const inclusiveTax = taxes.filter((t) => t.inclusive).reduce((s, t) => s + t.amount, 0);
  const total = subtotal - totalDiscount + exclusiveTax;
  Object.assign(invoice, {
    subtotal,
    subtotal_excluding_tax: subtotal - inclusiveTax,
    tax: taxes.length ? exclusiveTax + inclusiveTax : null,
    total,
    total_excluding_tax: total - exclusiveTax - inclusiveTax,
    total_discount_amounts: discountAmounts,
    total_tax_amounts: taxes.map((t) => ({ ...t, taxability_reason: 'standard_rated' })),
    amount_due: Math.max(0, total),
    amount_remaining: Math.max(0, total) - (invoice.amount_paid as number),
  });
  (invoice.lines as { has_more: boolean }).has_more = false;
  for (const line of all) cloverLine(line);
  cloverInvoice(invoice);
}

/** draft → open: number, due date, hosted page; a zero invoice is paid at once, auto_advance charges. */
export function finalize(ctx: Ctx, invoice: StripeObject, charge = invoice.auto_advance === true): void {
  if (invoice.status !== 'draft')
    throw new StripeError(
      400,
      "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
      'invoice',
      'invoice_not_editable',
    );
  const customer = mustGet(ctx, 'customer', invoice.customer as string, 'customer');
  const sequence = customer.next_invoice_sequence as number;
  customer.next_invoice_sequence = sequence + 1;
  invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`;
  invoice.status = 'open';
  invoice.status_transitions = { ...(invoice.status_transitions as object), finalized_at: now() };
  invoice.hosted_invoice_url = `${ctx.origin}/dev/invoices/${invoice.id}/pay`;
  if (invoice.collection_method === 'send_invoice' && invoice.due_date === null) {
    invoice.due_date = now() + Number(invoice.days_until_due ?? 30) * 86400;
  }
  emit(ctx, 'invoice.finalized', invoice);
  if (invoice.amount_due === 0) markPaid(ctx, invoice);
  else if (charge && invoice.collection_method === 'charge_automatically') attemptPayment(ctx, invoice);
}

function paymentMethodFor(ctx: Ctx, invoice: StripeObject, chosen?: string): string | null {
  if (chosen) return chosen;
  if (invoice.default_payment_method) return invoice.default_payment_method as string;
  const sub = invoice.subscription
    ? ctx.store.get(ctx.account, 'subscription', invoice.subscription as string)
    : undefined;
  if (sub?.default_payment_method) return sub.default_payment_method as string;
  const customer = ctx.store.get(ctx.account, 'customer', invoice.customer as string);
  return (
    ((customer?.invoice_settings as Record<string, unknown> | undefined)?.default_payment_method as string | null) ??
    null
  );
}

/** One charge attempt with the invoice's payment method. */
export function attemptPayment(ctx: Ctx, invoice: StripeObject, chosen?: string): 'paid' | 'processing' | 'failed' {
  const pmId = paymentMethodFor(ctx, invoice, chosen);
  const pm = pmId ? ctx.store.get(ctx.account, 'payment_method', pmId) : undefined;
  invoice.attempt_count = (invoice.attempt_count as number) + 1;
  invoice.attempted = true;
  // A card set up as "declines charges" (Stripe's test card 4000 0000 0000 0341) attaches but fails.
  if (!pm || pm.customer !== invoice.customer || ctx.store.hidden.get(pm.id)?.state === 'declines') {
    const retry =
      invoice.collection_method === 'charge_automatically' && (invoice.attempt_count as number) < MAX_PAYMENT_ATTEMPTS;
    invoice.next_payment_attempt = retry ? now() + RETRY_AFTER_SECONDS : null;
    invoice.last_finalization_error = null;
    emit(ctx, 'invoice.payment_failed', invoice);
    return 'failed';
  }
  if (ctx.store.hidden.get(pm.id)?.state === 'processing') {
    invoice.next_payment_attempt = now() + RETRY_AFTER_SECONDS;
    ctx.store.hidden.set(invoice.id, { waiting_for: pm.id });
    emit(ctx, 'invoice.updated', invoice, { attempt_count: (invoice.attempt_count as number) - 1 });
    return 'processing';
  }
  markPaid(ctx, invoice);
  return 'paid';
}

export function markPaid(ctx: Ctx, invoice: StripeObject, outOfBand = false): void {
  Object.assign(invoice, {
    status: 'paid',
    paid: true,
    paid_out_of_band: outOfBand,
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...(invoice.status_transitions as object), paid_at: now() },
  });
  ctx.store.hidden.delete(invoice.id);
  if (!outOfBand && (invoice.amount_due as number) > 0) emit(ctx, 'invoice.payment_succeeded', invoice);
  emit(ctx, 'invoice.paid', invoice);
  const sub = invoice.subscription
    ? ctx.store.get(ctx.account, 'subscription', invoice.subscription as string)
    : undefined;
  if (sub && ['incomplete', 'past_due', 'unpaid'].includes(sub.status as string)) {
    const previous = { status: sub.status };
    sub.status = 'active';
    emit(ctx, 'customer.subscription.updated', sub, previous);
  }
}

/** The dev page settled a processing payment method: it works now, and the invoices waiting on it are paid. */
export function settlePaymentMethod(ctx: Ctx, pmId: string): void {
  ctx.store.hidden.set(pmId, { state: 'succeeded' });
  for (const invoice of ctx.store.all(ctx.account, 'invoice', (i) => i.status === 'open')) {
    if (ctx.store.hidden.get(invoice.id)?.waiting_for === pmId) markPaid(ctx, invoice);
  }
}

/** A new draft invoice for a customer (lines added by the caller, then `recompute`). */
export function newInvoice(ctx: Ctx, customer: StripeObject, fields: Record<string, unknown>): StripeObject {
  const id = newId('in');
  return ctx.store.create(ctx.account, 'invoice', 'in', {
    id,
    account_country: 'FR',
    account_name: 'Local Stripe',
    account_tax_ids: null,
    amount_paid: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: false,
    billing_reason: 'manual',
    collection_method: 'charge_automatically',
    currency: customer.currency ?? 'eur',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_address: customer.address,
    customer_phone: customer.phone,
    customer_tax_exempt: customer.tax_exempt,
    days_until_due: null,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    footer: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    metadata: {},
    next_payment_attempt: null,
    number: null,
    paid: false,
    paid_out_of_band: false,
    period_start: now(),
    period_end: now(),
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subscription: null,
    test_clock: customer.test_clock ?? null,
    ...fields,
  });
}
