/**
 * @module What a Stripe invoice and its lines set on our rows (spec 3 Invoice: totals, tax, period,
 * attempt count, next payment attempt, status, Stripe's page and PDF).
 */

import type { Stripe } from '@api/lib/stripe';
import type { billingInvoiceLines, billingInvoices } from '@db/schema';

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The columns a Stripe invoice sets on our row (tax is what the total adds to the amount excluding it). */
export function invoiceChanges(i: Stripe.Invoice): Partial<typeof billingInvoices.$inferInsert> {
  const totalExcludingTax = i.total_excluding_tax ?? i.subtotal;
  return {
    stripeInvoiceId: i.id,
    number: i.number,
    status: i.status ?? 'draft',
    subtotal: i.subtotal,
    totalExcludingTax,
    tax: i.total - totalExcludingTax,
    total: i.total,
    amountDue: i.amount_due,
    amountPaid: i.amount_paid,
    customerEmail: i.customer_email,
    periodStart: at(i.period_start),
    periodEnd: at(i.period_end),
    attemptCount: i.attempt_count,
    nextPaymentAttempt: at(i.next_payment_attempt),
    hostedInvoiceUrl: i.hosted_invoice_url ?? null,
    invoicePdf: i.invoice_pdf ?? null,
    ...(i.status === 'paid' ? { paidAt: at(i.status_transitions?.paid_at) ?? new Date() } : {}),
  };
}

/** The older line shape (before API 2025-03-31), which the local server still answers. */
interface LegacyLine {
  type?: string;
  invoice_item?: string | null;
}

/** Our row of a Stripe invoice line; its invoice item (or line) id keeps it from being stored twice. */
export function lineFromStripe(invoiceId: number, l: Stripe.InvoiceLineItem): typeof billingInvoiceLines.$inferInsert {
  const legacy = l as unknown as LegacyLine;
  const subscription = l.parent?.type === 'subscription_item_details' || legacy.type === 'subscription';
  const quantity = l.quantity ?? 1;
  return {
    invoiceId,
    kind: subscription ? 'subscription' : 'one_time',
    description: l.description ?? '',
    quantity,
    unitAmount: quantity > 0 ? Math.round(l.amount / quantity) : l.amount,
    amount: l.amount,
    currency: l.currency.toUpperCase(),
    stripeInvoiceItemId: l.parent?.invoice_item_details?.invoice_item ?? legacy.invoice_item ?? l.id,
    periodStart: at(l.period?.start),
    periodEnd: at(l.period?.end),
  };
}
