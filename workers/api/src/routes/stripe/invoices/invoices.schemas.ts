/** @module Shapes of the invoices API (spec 3 Invoice, 7.4): snake_case, money in minor units beside its currency. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingInvoiceLines, billingInvoices } from '@db/schema';
import { z } from '@hono/zod-openapi';

export const InvoiceIdParams = z.object({
  invoiceId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'invoiceId', in: 'path' } }),
});

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
const day = z.iso.date();

export const ListQuery = z.object({
  ...pageQueryFields(20),
  status: z.enum(INVOICE_STATUSES).optional(),
  /** Created in this month (UTC), 'YYYY-MM'. */
  created: month.optional(),
  /** Created on or after this day (UTC). */
  created_from: day.optional(),
  /** Created on or before this day (UTC). */
  created_to: day.optional(),
  /** The billed company's id. */
  customer: z.coerce.number().int().positive().optional(),
});

export const ReportQuery = z.object({ month });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const InvoiceSchema = z
  .object({
    id: z.number(),
    number: z.string().nullable(),
    company_id: z.number(),
    company_name: z.string(),
    customer_email: z.string().nullable(),
    kind: z.string(),
    status: z.string(),
    currency: z.string(),
    total_excluding_tax: z.number(),
    tax: z.number(),
    total: z.number(),
    amount_due: z.number(),
    amount_paid: z.number(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    attempt_count: z.number(),
    next_payment_attempt: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('BillingInvoice');

export const InvoiceDetailSchema = InvoiceSchema.extend({
  subtotal: z.number(),
  period: z.string().nullable(),
  subscription_id: z.number().nullable(),
  /** Stripe's page and PDF of the invoice, when Stripe gave them. */
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
  validated_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
}).openapi('BillingInvoiceDetail');

export const InvoicePage = pageOf(InvoiceSchema);

export const LineSchema = z
  .object({
    id: z.number(),
    kind: z.string(),
    description: z.string(),
    quantity: z.number(),
    unit_amount: z.number(),
    amount: z.number(),
    currency: z.string(),
    session_id: z.number().nullable(),
    energy_wh: z.number().nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
  })
  .openapi('BillingInvoiceLine');

export const ReportSchema = z
  .object({
    month: z.string(),
    data: z.array(
      z.object({
        company_id: z.number(),
        company_name: z.string(),
        currency: z.string(),
        invoices: z.number(),
        total_excluding_tax: z.number(),
        tax: z.number(),
        total: z.number(),
        amount_paid: z.number(),
      }),
    ),
  })
  .openapi('BillingInvoiceReport');

type Invoice = typeof billingInvoices.$inferSelect;

export function toInvoice(i: Invoice, companyName: string) {
  return {
    id: i.id,
    number: i.number,
    company_id: i.companyId,
    company_name: companyName,
    customer_email: i.customerEmail,
    kind: i.kind,
    status: i.status,
    currency: i.currency,
    total_excluding_tax: i.totalExcludingTax,
    tax: i.tax,
    total: i.total,
    amount_due: i.amountDue,
    amount_paid: i.amountPaid,
    period_start: iso(i.periodStart),
    period_end: iso(i.periodEnd),
    attempt_count: i.attemptCount,
    next_payment_attempt: iso(i.nextPaymentAttempt),
    created_at: i.createdAt.toISOString(),
  };
}

export function toInvoiceDetail(i: Invoice, companyName: string) {
  return {
    ...toInvoice(i, companyName),
    subtotal: i.subtotal,
    period: i.period,
    subscription_id: i.subscriptionId,
    hosted_invoice_url: i.hostedInvoiceUrl,
    invoice_pdf: i.invoicePdf,
    validated_at: iso(i.validatedAt),
    sent_at: iso(i.sentAt),
    paid_at: iso(i.paidAt),
  };
}

export function toLine(l: typeof billingInvoiceLines.$inferSelect) {
  return {
    id: l.id,
    kind: l.kind,
    description: l.description,
    quantity: l.quantity,
    unit_amount: l.unitAmount,
    amount: l.amount,
    currency: l.currency,
    session_id: l.sessionId,
    energy_wh: l.energyWh,
    period_start: iso(l.periodStart),
    period_end: iso(l.periodEnd),
  };
}
