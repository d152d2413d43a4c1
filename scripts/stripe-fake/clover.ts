/**
 * Fields of the SDK's API version (2025-09-30.clover) that the stored OpenAPI document predates:
 * the document still describes invoice lines with `price`/`tax_amounts`, subscriptions with
 * `current_period_*`, invoices with `total_tax_amounts`, while the SDK's types read `pricing`,
 * `taxes`, `parent`, `total_taxes` and the items' `current_period_*`. Answers carry both, so they
 * validate against the document and read as the SDK expects. Requests follow the document only.
 */
import type { StripeObject } from './store';

interface TaxAmount {
  amount: number;
  inclusive: boolean;
  tax_rate: string;
  taxability_reason?: string;
  taxable_amount: number;
}

function taxes(amounts: TaxAmount[]) {
  return amounts.map((t) => ({
    amount: t.amount,
    tax_behavior: t.inclusive ? 'inclusive' : 'exclusive',
    tax_rate_details: { tax_rate: t.tax_rate },
    taxability_reason: t.taxability_reason ?? 'standard_rated',
    taxable_amount: t.taxable_amount,
    type: 'tax_rate_details',
  }));
}

export function cloverLine(line: Record<string, unknown>): void {
  const price = line.price as { id: string; product: string; unit_amount_decimal: string | null } | null | undefined;
  const quantity = Math.max(1, Number(line.quantity ?? 1));
  line.pricing = {
    type: 'price_details',
    ...(price ? { price_details: { price: price.id, product: price.product } } : {}),
    unit_amount_decimal: price?.unit_amount_decimal ?? String(Number(line.amount) / quantity),
  };
  line.taxes = taxes((line.tax_amounts as TaxAmount[] | undefined) ?? []);
  line.parent =
    line.type === 'subscription'
      ? {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration,
            proration_details: { credited_items: null },
            subscription: line.subscription,
            subscription_item: line.subscription_item,
          },
        }
      : {
          type: 'invoice_item_details',
          subscription_item_details: null,
          invoice_item_details: {
            invoice_item: line.invoice_item,
            proration: line.proration,
            proration_details: { credited_items: null },
            subscription: line.subscription ?? null,
          },
        };
}

export function cloverInvoice(invoice: StripeObject): void {
  invoice.total_taxes = taxes((invoice.total_tax_amounts as TaxAmount[] | undefined) ?? []);
  invoice.parent = invoice.subscription
    ? {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: {}, subscription: invoice.subscription },
      }
    : null;
}

/** Since basil the billing period is on each subscription item. */
export function cloverItems(subscription: StripeObject): void {
  for (const item of (subscription.items as { data: StripeObject[] }).data) {
    item.current_period_start = subscription.current_period_start;
    item.current_period_end = subscription.current_period_end;
  }
}

/** An invoice item's clover `pricing`, beside the document's `price` and `unit_amount_decimal`. */
export function cloverItem(item: StripeObject): void {
  const price = item.price as { id: string; product: string } | null;
  item.pricing = {
    type: 'price_details',
    ...(price ? { price_details: { price: price.id, product: price.product } } : {}),
    unit_amount_decimal: (item.unit_amount_decimal as string | null | undefined) ?? null,
  };
}
