/**
 * Subscriptions: creation makes the first invoice at once (finalized, charged to the default payment
 * method when collected automatically); a trial ending in the future gives a zero invoice and status
 * `trialing`; `billing_cycle_anchor` prorates the first period. Later periods, trial ends and
 * cancellations at period end happen when a test clock advances (clock-advance.ts); updates change
 * items and settings without proration invoices.
 */

import { cloverItems } from './clover';
import { assign, type Ctx, emit, type Handler, list, mustGet, StripeError } from './context';
import { taxRates } from './discounts';
import { now, type StripeObject } from './store';
import { anchorFromConfig, applyDiscounts, checkDiscounts, firstInvoice, periodEndAfter } from './subscription-invoice';

interface ItemInput {
  id?: string;
  price?: string;
  quantity?: number;
  deleted?: boolean;
  metadata?: Record<string, string>;
  tax_rates?: string[];
}

function recurringPrice(ctx: Ctx, id: string, param: string): StripeObject {
  const price = mustGet(ctx, 'price', id, param);
  if (price.type !== 'recurring') {
    throw new StripeError(
      400,
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      param,
    );
  }
  if (!price.active)
    throw new StripeError(400, `The price specified is inactive. This field only accepts active prices.`, param);
  return price;
}

function newItem(ctx: Ctx, sub: string, input: ItemInput, i: number): StripeObject {
  return ctx.store.create(ctx.account, 'subscription_item', 'si', {
    billing_thresholds: null,
    metadata: input.metadata ?? {},
    price: structuredClone(recurringPrice(ctx, input.price ?? '', `items[${i}][price]`)),
    quantity: input.quantity ?? 1,
    subscription: sub,
    tax_rates: taxRates(ctx, input.tax_rates, `items[${i}][tax_rates]`),
    discounts: [],
  });
}

function itemsList(sub: string, items: StripeObject[]) {
  return {
    object: 'list',
    data: items,
    has_more: false,
    total_count: items.length,
    url: `/v1/subscription_items?subscription=${sub}`,
  };
}

function createSubscription(ctx: Ctx): StripeObject {
  const { input } = ctx;
  const customer = mustGet(ctx, 'customer', input.customer as string, 'customer');
  const itemInputs = (input.items as ItemInput[] | undefined) ?? [];
  if (itemInputs.length === 0)
    throw new StripeError(400, 'Missing required param: items.', 'items', 'parameter_missing');
  if (input.default_payment_method) {
    const pm = mustGet(ctx, 'payment_method', input.default_payment_method as string, 'default_payment_method');
    if (pm.customer !== customer.id)
      throw new StripeError(
        400,
        `The PaymentMethod ${pm.id} does not belong to the Customer ${customer.id}. Please use a PaymentMethod that belongs to the Customer.`,
        'default_payment_method',
      );
  }
  const collection = (input.collection_method as string | undefined) ?? 'charge_automatically';
  if (collection === 'send_invoice' && input.days_until_due === undefined) {
    throw new StripeError(400, 'Missing required param: days_until_due.', 'days_until_due', 'parameter_missing');
  }
  // Everything that can refuse the request is checked before anything is stored.
  const prices = itemInputs.map((item, i) => recurringPrice(ctx, item.price ?? '', `items[${i}][price]`));
  if (prices.some((p) => p.currency !== prices[0]?.currency)) {
    throw new StripeError(400, 'All prices on a subscription must have the same currency.', 'items');
  }
  checkDiscounts(ctx, input.discounts);
  taxRates(ctx, input.default_tax_rates, 'default_tax_rates');
  for (const [i, item] of itemInputs.entries()) taxRates(ctx, item.tax_rates, `items[${i}][tax_rates]`);
  const start = now();
  const trialEnd =
    input.trial_end === 'now'
      ? undefined
      : ((input.trial_end as number | undefined) ??
        (input.trial_period_days ? start + (input.trial_period_days as number) * 86400 : undefined));
  if (trialEnd !== undefined && trialEnd <= start)
    throw new StripeError(400, 'Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
  const config = input.billing_cycle_anchor_config as Parameters<typeof anchorFromConfig>[1] | undefined;
  const anchor = config ? anchorFromConfig(start, config) : (input.billing_cycle_anchor as number | undefined);
  if (anchor !== undefined && anchor <= start)
    throw new StripeError(400, 'billing_cycle_anchor cannot be in the past.', 'billing_cycle_anchor');
  const sub = ctx.store.create(ctx.account, 'subscription', 'sub', {
    customer: customer.id,
    status: 'active',
    collection_method: collection,
    days_until_due: input.days_until_due ?? null,
    default_payment_method: input.default_payment_method ?? null,
    default_tax_rates: taxRates(ctx, input.default_tax_rates, 'default_tax_rates'),
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    start_date: start,
    cancel_at: input.cancel_at ?? null,
    cancel_at_period_end: input.cancel_at_period_end ?? false,
    canceled_at: null,
    ended_at: null,
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd ?? null,
    current_period_start: start,
    discount: null,
    discounts: [],
    latest_invoice: null,
    pending_setup_intent: null,
    test_clock: customer.test_clock ?? null,
  });
  const items = itemInputs.map((item, i) => newItem(ctx, sub.id, item, i));
  const first = items[0]?.price as { currency: string; recurring: { interval: string; interval_count: number } };
  sub.currency = first.currency;
  sub.items = itemsList(sub.id, items);
  sub.current_period_end =
    trialEnd ?? anchor ?? periodEndAfter(start, first.recurring.interval, first.recurring.interval_count, start);
  sub.billing_cycle_anchor = trialEnd ?? anchor ?? start;
  applyDiscounts(ctx, sub, input.discounts);
  cloverItems(sub);
  const outboxStart = ctx.outbox.length;
  const invoice = firstInvoice(ctx, sub, customer, items, trialEnd !== undefined);
  sub.latest_invoice = invoice.id;
  sub.status = trialEnd
    ? 'trialing'
    : invoice.status === 'paid' || collection === 'send_invoice'
      ? 'active'
      : 'incomplete';
  ctx.outbox.splice(outboxStart, 0, { type: 'customer.subscription.created', object: structuredClone(sub) });
  return sub;
}

function updateSubscription(ctx: Ctx): StripeObject {
  const sub = mustGet(ctx, 'subscription', ctx.params.subscription_exposed_id ?? '', 'subscription_exposed_id');
  if (sub.status === 'canceled')
    throw new StripeError(
      400,
      'A canceled subscription can only update its cancellation_details and metadata.',
      'subscription_exposed_id',
    );
  const previous = assign(sub, ctx.input, [
    'cancel_at',
    'cancel_at_period_end',
    'collection_method',
    'days_until_due',
    'default_payment_method',
    'description',
    'metadata',
  ]);
  if (ctx.input.default_tax_rates !== undefined) {
    previous.default_tax_rates = sub.default_tax_rates;
    sub.default_tax_rates = taxRates(ctx, ctx.input.default_tax_rates, 'default_tax_rates');
  }
  if (ctx.input.trial_end !== undefined) {
    previous.trial_end = sub.trial_end;
    previous.status = sub.status;
    const end = ctx.input.trial_end === 'now' ? now() : (ctx.input.trial_end as number);
    sub.trial_end = end;
    sub.current_period_end = end;
    if (end <= now() && sub.status === 'trialing') sub.status = 'active';
  }
  if (ctx.input.discounts !== undefined) {
    checkDiscounts(ctx, ctx.input.discounts);
    previous.discount = sub.discount;
    previous.discounts = sub.discounts;
    applyDiscounts(ctx, sub, ctx.input.discounts);
  }
  const itemInputs = ctx.input.items as ItemInput[] | undefined;
  if (itemInputs) {
    previous.items = structuredClone(sub.items);
    let items = [...(sub.items as { data: StripeObject[] }).data];
    itemInputs.forEach((input, i) => {
      const existing = input.id ? items.find((item) => item.id === input.id) : undefined;
      if (input.id && !existing)
        throw new StripeError(400, `Invalid subscription_item id: ${input.id}`, `items[${i}][id]`);
      if (existing && input.deleted) items = items.filter((item) => item !== existing);
      else if (existing) {
        if (input.price) existing.price = structuredClone(recurringPrice(ctx, input.price, `items[${i}][price]`));
        if (input.quantity !== undefined) existing.quantity = input.quantity;
        if (input.metadata) existing.metadata = { ...(existing.metadata as object), ...input.metadata };
      } else items.push(newItem(ctx, sub.id, input, i));
    });
    sub.items = itemsList(sub.id, items);
  }
  cloverItems(sub);
  emit(ctx, 'customer.subscription.updated', sub, previous);
  return sub;
}

const subOf = (ctx: Ctx) =>
  mustGet(ctx, 'subscription', ctx.params.subscription_exposed_id ?? '', 'subscription_exposed_id');

export const subscriptionHandlers: Record<string, Handler> = {
  'POST /v1/subscriptions': createSubscription,
  'GET /v1/subscriptions': (ctx) => {
    const { customer, price, status } = ctx.input as Record<string, string | undefined>;
    return list(
      ctx,
      ctx.store.all(
        ctx.account,
        'subscription',
        (s) =>
          (!customer || s.customer === customer) &&
          (status === 'all' || (status ? s.status === status : s.status !== 'canceled')) &&
          (!price || (s.items as { data: { price: { id: string } }[] }).data.some((item) => item.price.id === price)),
      ),
    );
  },
  'GET /v1/subscriptions/{subscription_exposed_id}': subOf,
  'POST /v1/subscriptions/{subscription_exposed_id}': updateSubscription,
  'DELETE /v1/subscriptions/{subscription_exposed_id}': (ctx) => {
    const sub = subOf(ctx);
    if (sub.status === 'canceled')
      throw new StripeError(400, `No such subscription: '${sub.id}'`, 'subscription_exposed_id', 'resource_missing');
    const previous = { status: sub.status, canceled_at: null, ended_at: null };
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: now(),
      ended_at: now(),
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    emit(ctx, 'customer.subscription.deleted', sub, previous);
    return sub;
  },
  'GET /v1/subscription_items': (ctx) =>
    list(ctx, (subOfId(ctx, ctx.input.subscription as string).items as { data: StripeObject[] }).data),
};

function subOfId(ctx: Ctx, id: string) {
  return mustGet(ctx, 'subscription', id, 'subscription');
}
