/**
 * @module Route declarations of invoices (spec 7.4 `stripe/invoices…`, issue 17 §7), behind
 * 'billing:admin'. The spec's table makes `validate` and `send-invoice` GET calls; they change state
 * (here and at Stripe), so they are POST here, both idempotent: a second call answers the invoice as it
 * stands. `reports` is registered before `/{invoiceId}/…`.
 */

import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import {
  InvoiceDetailSchema,
  InvoiceIdParams,
  InvoicePage,
  LineSchema,
  ListQuery,
  ReportQuery,
  ReportSchema,
} from './invoices.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing: invoices'];
const notFound = error('The invoice does not exist (or belongs to a company outside the scope)');
/** What a Stripe failure answers (`stripeFailed`), named one by one: a spread loses the literal statuses. */
const s402 = error('The payment provider refused the payment details');
const s502 = error('The payment provider failed: "Update failed"');
const s503 = error('No payment provider key is configured (billingNotConfigured)');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/invoices',
  tags,
  summary:
    'Invoices of the companies the caller bills or belongs to, newest first, from our tables; filters status, created (month or day range), customer (company id); page is 0-based',
  request: { query: ListQuery },
  responses: { 200: json(InvoicePage) },
});

export const report = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/invoices/reports',
  tags,
  summary: 'The invoices created in a month (UTC), per billed company and currency, with their totals',
  request: { query: ReportQuery },
  responses: { 200: json(ReportSchema) },
});

export const reportPdf = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/invoices/reports/pdf',
  tags,
  summary: 'The month report as a PDF in the caller’s language, with the totals per currency',
  request: { query: ReportQuery },
  responses: {
    200: {
      description: 'The PDF, streamed',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
  },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/invoices/{invoiceId}/detail',
  tags,
  summary: 'One invoice: totals, tax, period, attempt count, next payment attempt, status, Stripe page and PDF',
  request: { params: InvoiceIdParams },
  responses: { 200: json(InvoiceDetailSchema), 404: notFound },
});

export const lines = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/invoices/{invoiceId}/lines',
  tags,
  summary: 'The lines of an invoice; read once from Stripe and kept when we hold none',
  request: { params: InvoiceIdParams },
  responses: {
    200: json(z.object({ data: z.array(LineSchema) })),
    402: s402,
    404: notFound,
    409: error('A payment provider conflict'),
    502: s502,
    503: s503,
  },
});

export const validate = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/invoices/{invoiceId}/validate',
  tags,
  summary: 'Finalize a draft invoice at Stripe (it gets its number and can no longer change); idempotent',
  request: { params: InvoiceIdParams },
  responses: {
    200: json(InvoiceDetailSchema),
    402: s402,
    404: notFound,
    409: error('The invoice is not at the payment provider yet, or a payment provider conflict'),
    502: s502,
    503: s503,
  },
});

export const send = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/invoices/{invoiceId}/send-invoice',
  tags,
  summary: 'Have Stripe e-mail the invoice to the customer (a draft is finalized first); idempotent',
  request: { params: InvoiceIdParams },
  responses: {
    200: json(InvoiceDetailSchema),
    402: s402,
    404: notFound,
    409: error('Only an open invoice can be sent'),
    502: s502,
    503: s503,
  },
});
