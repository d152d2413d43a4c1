/**
 * Invoice items: pending ones wait for the customer's next invoice, others sit on a draft invoice
 * as a line. The amount comes from `price`, `unit_amount`, `unit_amount_decimal` or `amount`.
 */
import { lineFromItem, lines, recompute } from './billing';
import { cloverItem } from './clover';
import { assign, type Ctx, deleted, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { taxRates } from './discounts';
import { now, type StripeObject } from './store';

function draftOf(ctx: Ctx, id: string, param: string): StripeObject {
  const invoice = mustGet(ctx, 'invoice', id, param);
  if (invoice.status !== 'draft') {
    throw new StripeError(
      400,
      `You can only add invoice items to draft invoices. Invoice ${invoice.id} is ${invoice.status}.`,
      param,
      'invoice_not_editable',
    );
  }
  return invoice;
}

/** Amount from `price`, `unit_amount`, `unit_amount_decimal` or `amount`, times the quantity. */
function pricing(ctx: Ctx, input: Ctx['input'], current?: StripeObject) {
  const quantity = (input.quantity as number | undefined) ?? (current?.quantity as number | undefined) ?? 1;
  // `pricing[price]` is the clover name (see clover-requests.ts) of the document's `price`.
  const priceId = (input.pricing as { price?: string } | undefined)?.price ?? (input.price as string | undefined);
  if (priceId) {
    const price = mustGet(ctx, 'price', priceId, input.pricing ? 'pricing[price]' : 'price');
    const unit = (price.unit_amount as number | null) ?? 0;
    return {
      price: structuredClone(price),
      currency: price.currency,
      quantity,
      unit_amount: unit,
      unit_amount_decimal: String(unit),
      amount: unit * quantity,
    };
  }
  if (input.unit_amount !== undefined || input.unit_amount_decimal !== undefined) {
    const decimal =
      input.unit_amount_decimal !== undefined ? Number(input.unit_amount_decimal) : (input.unit_amount as number);
    return {
      quantity,
      unit_amount: Math.round(decimal),
      unit_amount_decimal: String(decimal),
      amount: Math.round(decimal * quantity),
    };
  }
  if (input.amount !== undefined) {
    const amount = input.amount as number;
    return {
      quantity,
      unit_amount: Math.round(amount / quantity),
      unit_amount_decimal: String(amount / quantity),
      amount,
    };
  }
  if (current) return { quantity, amount: Math.round(Number(current.unit_amount_decimal ?? 0) * quantity) };
  throw new StripeError(
    400,
    'You must specify either `amount`, `unit_amount`, `unit_amount_decimal`, `price` or `price_data`.',
    'amount',
  );
}

/** Puts the item's line on its draft invoice again (after a change) and recomputes the totals. */
function refreshLine(ctx: Ctx, item: StripeObject): void {
  cloverItem(item);
  if (!item.invoice) return;
  const invoice = mustGet(ctx, 'invoice', item.invoice as string, 'invoice');
  const all = lines(invoice);
  const at = all.findIndex((l) => l.invoice_item === item.id);
  const line = lineFromItem(item);
  if (at === -1) all.push(line);
  else all.splice(at, 1, { ...line, id: all[at]?.id });
  recompute(ctx, invoice);
}

function createInvoiceItem(ctx: Ctx): StripeObject {
  const { input } = ctx;
  const customer = mustGet(ctx, 'customer', input.customer as string, 'customer');
  const invoice = input.invoice ? draftOf(ctx, input.invoice as string, 'invoice') : undefined;
  if (invoice && invoice.customer !== customer.id)
    throw new StripeError(400, 'The invoice belongs to another customer.', 'invoice');
  // Stripe's limit since API 2016-02-22: no more than 250 invoice items on one invoice.
  if (invoice && lines(invoice).filter((l) => l.invoice_item).length >= 250)
    throw new StripeError(400, 'You can not add more than 250 invoice items to an invoice.', 'invoice');
  const priced = pricing(ctx, input);
  const currency = (priced as { currency?: string }).currency ?? input.currency ?? invoice?.currency;
  if (!currency) throw new StripeError(400, 'Missing required param: currency.', 'currency', 'parameter_missing');
  const period = (input.period as object | undefined) ?? { start: now(), end: now() };
  const item = ctx.store.create(ctx.account, 'invoiceitem', 'ii', {
    price: null,
    ...priced,
    currency,
    customer: customer.id,
    date: now(),
    description: input.description ?? null,
    discountable: input.discountable ?? true,
    discounts: [],
    invoice: invoice?.id ?? null,
    metadata: input.metadata ?? {},
    period,
    proration: false,
    subscription: input.subscription ?? null,
    subscription_item: null,
    tax_rates: taxRates(ctx, input.tax_rates, 'tax_rates'),
    test_clock: null,
  });
  refreshLine(ctx, item);
  emit(ctx, 'invoiceitem.created', item);
  return item;
}

const itemOf = (ctx: Ctx) => mustGet(ctx, 'invoiceitem', ctx.params.invoiceitem ?? '', 'invoiceitem');

export const invoiceItemHandlers: Record<string, Handler> = {
  'POST /v1/invoiceitems': createInvoiceItem,
  'GET /v1/invoiceitems': (ctx) => {
    const { customer, invoice, pending } = ctx.input as Record<string, string | boolean | undefined>;
    return list(
      ctx,
      ctx.store.all(
        ctx.account,
        'invoiceitem',
        (ii) =>
          (!customer || ii.customer === customer) &&
          (!invoice || ii.invoice === invoice) &&
          (pending === undefined || (ii.invoice === null) === pending) &&
          inRange(ii.date as number, ctx.input.created),
      ),
    );
  },
  'GET /v1/invoiceitems/{invoiceitem}': itemOf,
  'POST /v1/invoiceitems/{invoiceitem}': (ctx) => {
    const item = itemOf(ctx);
    if (item.invoice) draftOf(ctx, item.invoice as string, 'invoiceitem');
    const previous = assign(item, ctx.input, ['description', 'discountable', 'metadata', 'period']);
    if (['amount', 'price', 'pricing', 'quantity', 'unit_amount', 'unit_amount_decimal'].some((f) => f in ctx.input))
      Object.assign(item, pricing(ctx, ctx.input, item));
    if (ctx.input.tax_rates !== undefined) item.tax_rates = taxRates(ctx, ctx.input.tax_rates, 'tax_rates');
    refreshLine(ctx, item);
    emit(ctx, 'invoiceitem.updated', item, previous);
    return item;
  },
  'DELETE /v1/invoiceitems/{invoiceitem}': (ctx) => {
    const item = itemOf(ctx);
    if (item.invoice) {
      const invoice = draftOf(ctx, item.invoice as string, 'invoiceitem');
      const all = lines(invoice);
      all.splice(
        all.findIndex((l) => l.invoice_item === item.id),
        1,
      );
      recompute(ctx, invoice);
    }
    ctx.store.remove(item.id);
    emit(ctx, 'invoiceitem.deleted', item);
    return deleted('invoiceitem', item.id);
  },
};
