/** Invoices: create, update, list, lines, finalize, pay, send, void, delete a draft. */
import { attemptPayment, finalize, lineFromItem, lines, markPaid, newInvoice, recompute } from './billing';
import { assign, type Ctx, deleted, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { discountFor, taxRates, usableCoupon } from './discounts';
import { invoiceItemHandlers } from './resources-invoiceitems';
import { subscriptionHandlers } from './resources-subscriptions';
import { now, type StripeObject } from './store';

function createInvoice(ctx: Ctx): StripeObject {
  const { input } = ctx;
  const customer = mustGet(ctx, 'customer', (input.customer as string | undefined) ?? '', 'customer');
  const collection = (input.collection_method as string | undefined) ?? 'charge_automatically';
  if (collection === 'send_invoice' && input.days_until_due === undefined && input.due_date === undefined) {
    throw new StripeError(
      400,
      'Invoices with `collection_method=send_invoice` must have either `days_until_due` or `due_date` set.',
      'days_until_due',
    );
  }
  if (collection === 'charge_automatically' && (input.days_until_due !== undefined || input.due_date !== undefined)) {
    throw new StripeError(
      400,
      "Invoices with `collection_method=charge_automatically` can't have `days_until_due` or `due_date`.",
      'days_until_due',
    );
  }
  const discounts = (input.discounts as { coupon?: string; discount?: string }[] | '' | undefined) || [];
  discounts.forEach((d, i) => {
    if (d.discount) mustGet(ctx, 'discount', d.discount, `discounts[${i}][discount]`);
    else usableCoupon(ctx, d.coupon ?? '', `discounts[${i}][coupon]`);
  });
  const invoice = newInvoice(ctx, customer, {
    auto_advance: input.auto_advance ?? false,
    collection_method: collection,
    currency: input.currency ?? customer.currency ?? 'eur',
    days_until_due: input.days_until_due ?? null,
    due_date: input.due_date ?? null,
    default_payment_method: input.default_payment_method ?? null,
    default_tax_rates: taxRates(ctx, input.default_tax_rates, 'default_tax_rates'),
    description: input.description ?? null,
    footer: input.footer ?? null,
    metadata: input.metadata ?? {},
    subscription: input.subscription ?? null,
  });
  invoice.discounts = discounts.map((d, i) =>
    d.discount
      ? mustGet(ctx, 'discount', d.discount, `discounts[${i}][discount]`).id
      : discountFor(ctx, d.coupon ?? '', `discounts[${i}][coupon]`, { customer: customer.id, invoice: invoice.id }).id,
  );
  if (input.pending_invoice_items_behavior === 'include') {
    for (const item of ctx.store
      .all(ctx.account, 'invoiceitem', (ii) => ii.customer === customer.id && ii.invoice === null)
      .reverse()) {
      item.invoice = invoice.id;
      lines(invoice).push(lineFromItem(item));
    }
  }
  recompute(ctx, invoice);
  emit(ctx, 'invoice.created', invoice);
  return invoice;
}

function updateInvoice(ctx: Ctx): StripeObject {
  const invoice = invoiceOf(ctx);
  const draftOnly = [
    'collection_method',
    'days_until_due',
    'due_date',
    'default_payment_method',
    'default_tax_rates',
    'discounts',
    'currency',
  ];
  const blocked = invoice.status !== 'draft' && draftOnly.find((f) => f in ctx.input);
  if (blocked)
    throw new StripeError(400, `You can only update ${blocked} on a draft invoice.`, blocked, 'invoice_not_editable');
  const previous = assign(invoice, ctx.input, [
    'auto_advance',
    'collection_method',
    'days_until_due',
    'due_date',
    'default_payment_method',
    'description',
    'footer',
    'metadata',
  ]);
  if (ctx.input.default_tax_rates !== undefined) {
    previous.default_tax_rates = invoice.default_tax_rates;
    invoice.default_tax_rates = taxRates(ctx, ctx.input.default_tax_rates, 'default_tax_rates');
  }
  if (ctx.input.discounts !== undefined) {
    previous.discounts = invoice.discounts;
    const discounts = (ctx.input.discounts as { coupon?: string; discount?: string }[] | '') || [];
    invoice.discounts = discounts.map((d, i) =>
      d.discount
        ? d.discount
        : discountFor(ctx, d.coupon ?? '', `discounts[${i}][coupon]`, {
            customer: invoice.customer,
            invoice: invoice.id,
          }).id,
    );
  }
  if (invoice.status === 'draft') recompute(ctx, invoice);
  emit(ctx, 'invoice.updated', invoice, previous);
  return invoice;
}

function payInvoice(ctx: Ctx): StripeObject {
  const invoice = invoiceOf(ctx);
  if (invoice.status === 'paid')
    throw new StripeError(400, 'Invoice is already paid', 'invoice', 'invoice_already_paid');
  if (invoice.status === 'void' || invoice.status === 'uncollectible')
    throw new StripeError(
      400,
      `This invoice is ${invoice.status} and cannot be paid.`,
      'invoice',
      'invoice_not_editable',
    );
  if (invoice.status === 'draft') finalize(ctx, invoice, false);
  if (invoice.status !== 'open') return invoice;
  if (ctx.input.paid_out_of_band === true) {
    markPaid(ctx, invoice, true);
    return invoice;
  }
  if (ctx.input.payment_method) mustGet(ctx, 'payment_method', ctx.input.payment_method as string, 'payment_method');
  const outcome = attemptPayment(ctx, invoice, ctx.input.payment_method as string | undefined);
  if (outcome === 'failed') {
    throw new StripeError(
      402,
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'invoice_payment_intent_requires_action',
      'card_error',
    );
  }
  return invoice;
}

const invoiceOf = (ctx: Ctx) => mustGet(ctx, 'invoice', ctx.params.invoice ?? '', 'invoice');

export const billingHandlers: Record<string, Handler> = {
  ...subscriptionHandlers,
  ...invoiceItemHandlers,
  'POST /v1/invoices': createInvoice,
  'GET /v1/invoices': (ctx) => {
    const { customer, status, subscription, collection_method } = ctx.input as Record<string, string | undefined>;
    return list(
      ctx,
      ctx.store.all(
        ctx.account,
        'invoice',
        (i) =>
          (!customer || i.customer === customer) &&
          (!status || i.status === status) &&
          (!subscription || i.subscription === subscription) &&
          (!collection_method || i.collection_method === collection_method) &&
          inRange(i.created as number, ctx.input.created) &&
          inRange((i.due_date as number | null) ?? 0, ctx.input.due_date),
      ),
    );
  },
  'GET /v1/invoices/{invoice}': invoiceOf,
  'POST /v1/invoices/{invoice}': updateInvoice,
  'DELETE /v1/invoices/{invoice}': (ctx) => {
    const invoice = invoiceOf(ctx);
    if (invoice.status !== 'draft')
      throw new StripeError(400, 'You can only delete draft invoices.', 'invoice', 'invoice_not_editable');
    for (const item of ctx.store.all(ctx.account, 'invoiceitem', (ii) => ii.invoice === invoice.id))
      ctx.store.remove(item.id);
    ctx.store.remove(invoice.id);
    emit(ctx, 'invoice.deleted', invoice);
    return deleted('invoice', invoice.id);
  },
  'GET /v1/invoices/{invoice}/lines': (ctx) => list(ctx, lines(invoiceOf(ctx)) as unknown as StripeObject[]),
  'POST /v1/invoices/{invoice}/finalize': (ctx) => {
    const invoice = invoiceOf(ctx);
    if (ctx.input.auto_advance !== undefined) invoice.auto_advance = ctx.input.auto_advance;
    finalize(ctx, invoice);
    return invoice;
  },
  'POST /v1/invoices/{invoice}/pay': payInvoice,
  'POST /v1/invoices/{invoice}/send': (ctx) => {
    const invoice = invoiceOf(ctx);
    if (invoice.collection_method !== 'send_invoice') {
      throw new StripeError(
        400,
        "You can only manually send an invoice if its collection method is 'send_invoice'.",
        'invoice',
      );
    }
    if (invoice.status === 'draft') finalize(ctx, invoice, false);
    if (invoice.status !== 'open')
      throw new StripeError(400, `This invoice is ${invoice.status} and cannot be sent.`, 'invoice');
    emit(ctx, 'invoice.sent', invoice);
    return invoice;
  },
  'POST /v1/invoices/{invoice}/void': (ctx) => {
    const invoice = invoiceOf(ctx);
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
      throw new StripeError(
        400,
        `You can only pass in open invoices. This invoice isn't open.`,
        'invoice',
        'invoice_not_editable',
      );
    }
    invoice.status = 'void';
    invoice.next_payment_attempt = null;
    invoice.status_transitions = { ...(invoice.status_transitions as object), voided_at: now() };
    ctx.store.hidden.delete(invoice.id);
    emit(ctx, 'invoice.voided', invoice, { status: 'open' });
    return invoice;
  },
};
