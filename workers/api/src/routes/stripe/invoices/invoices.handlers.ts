/**
 * @module The invoices API (spec 7.4, issue 17 §7): lists and the month report from our tables;
 * validate (finalize) and send at Stripe with the row's idempotency key, then Stripe's answer written
 * on the row with its audit row. Both are idempotent: a finalized invoice is not finalized again, a
 * sent one not sent again.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { requestLanguage } from '@api/lib/language';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { invoiceReportPdf } from '@domain/billing/invoice-report-pdf';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { PDF_CONTENT_TYPE } from '@domain/export/pdf';
import { cetDateTime } from '@domain/sessions/display';
import { OpenAPIHono } from '@hono/zod-openapi';
import { billingInvoices } from '@i18n/areas/billing-invoices';
import type { Context } from 'hono';
import { detail, lines, list, report, reportPdf, send, validate } from './invoices.routes';
import { toInvoice, toInvoiceDetail, toLine } from './invoices.schemas';
import {
  keepLines,
  linesOf,
  listInvoices,
  monthReport,
  operatorAccount,
  saveInvoice,
  scopedInvoice,
} from './invoices.store';
import { invoiceChanges, lineFromStripe } from './invoices.stripe';

type Ctx = Context<AppEnv>;

async function found(c: Ctx, id: number) {
  const row = await scopedInvoice(c.get('db'), await callerScope(c), id);
  if (!row) return { error: apiError(c, 404, 'INVOICE_NOT_FOUND', 'billingInvoiceNotFound') } as const;
  return { row } as const;
}

async function answer(c: Ctx, id: number) {
  const row = await scopedInvoice(c.get('db'), await callerScope(c), id);
  if (!row) throw new Error('invoice vanished');
  return c.json(toInvoiceDetail(row.invoice, row.companyName), 200);
}

export const invoiceRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listInvoices(c.get('db'), await callerScope(c), q);
    return c.json(
      {
        data: rows.map((r) => toInvoice(r.invoice, r.companyName)),
        total,
        page: q.page,
        items_per_page: q.items_per_page,
      },
      200,
    );
  })
  .openapi(report, async (c) => {
    const { month } = c.req.valid('query');
    const data = await monthReport(c.get('db'), await callerScope(c), month);
    return c.json({ month, data }, 200);
  })
  .openapi(reportPdf, async (c) => {
    const { month } = c.req.valid('query');
    const rows = await monthReport(c.get('db'), await callerScope(c), month);
    const lang = requestLanguage(c);
    const t = billingInvoices[lang];
    const stream = invoiceReportPdf(rows, {
      title: t.reportPdfTitle.replace('{{month}}', month),
      generated: t.reportPdfGenerated.replace('{{time}}', cetDateTime(new Date(), lang, true)),
      page: t.reportPdfPage,
      headers: [t.colCompany, t.filterCustomer, t.colInvoices, t.colTotalExclTax, t.tax, t.colTotal, t.colPaid],
      notes: t.reportPdfNotes,
      total: t.reportPdfTotal,
    });
    return c.body(stream, 200, {
      'content-type': PDF_CONTENT_TYPE,
      'content-disposition': `attachment; filename="invoice-report-${month}.pdf"`,
      'cache-control': 'private, no-store',
    });
  })
  .openapi(detail, async (c) => {
    const got = await found(c, c.req.valid('param').invoiceId);
    if (got.error) return got.error;
    return c.json(toInvoiceDetail(got.row.invoice, got.row.companyName), 200);
  })
  .openapi(lines, async (c) => {
    const got = await found(c, c.req.valid('param').invoiceId);
    if (got.error) return got.error;
    const db = c.get('db');
    const { invoice } = got.row;
    const kept = await linesOf(db, invoice.id);
    if (kept.length > 0 || !invoice.stripeInvoiceId) return c.json({ data: kept.map(toLine) }, 200);
    // None kept yet: read them once from Stripe and keep them (a cache fill, not a change of the invoice).
    const stripe = stripeOr503(c);
    if (stripe.error) return stripe.error;
    try {
      const options = stripeAccountOptions(await operatorAccount(db, invoice.ownerCompanyId));
      // The SDK refuses an empty options object: none on the platform's account.
      const fetched = await stripe.stripe.invoices.listLineItems(
        invoice.stripeInvoiceId,
        { limit: 100 },
        options.stripeAccount ? options : undefined,
      );
      await keepLines(
        db,
        fetched.data.map((l) => lineFromStripe(invoice.id, l)),
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'billing.invoice.lines', 'billing_invoice', invoice.id);
    }
    return c.json({ data: (await linesOf(db, invoice.id)).map(toLine) }, 200);
  })
  .openapi(validate, async (c) => {
    const got = await found(c, c.req.valid('param').invoiceId);
    if (got.error) return got.error;
    const { invoice } = got.row;
    if (invoice.status !== 'draft') return c.json(toInvoiceDetail(invoice, got.row.companyName), 200);
    if (!invoice.stripeInvoiceId) return apiError(c, 409, 'INVOICE_NOT_AT_STRIPE', 'updateFailed');
    const stripe = stripeOr503(c);
    if (stripe.error) return stripe.error;
    const db = c.get('db');
    try {
      const finalized = await stripe.stripe.invoices.finalizeInvoice(
        invoice.stripeInvoiceId,
        {},
        {
          ...stripeAccountOptions(await operatorAccount(db, invoice.ownerCompanyId)),
          idempotencyKey: idempotencyKey('invoice', 'finalize', invoice.id),
        },
      );
      await saveInvoice(
        db,
        invoice.id,
        { ...invoiceChanges(finalized), validatedAt: new Date() },
        billingAudit(c, 'billing.invoice.validate', 'billing_invoice', invoice.id, { number: finalized.number }),
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'billing.invoice.validate', 'billing_invoice', invoice.id);
    }
    return answer(c, invoice.id);
  })
  .openapi(send, async (c) => {
    const got = await found(c, c.req.valid('param').invoiceId);
    if (got.error) return got.error;
    const { invoice } = got.row;
    if (invoice.sentAt) return c.json(toInvoiceDetail(invoice, got.row.companyName), 200);
    if (invoice.status !== 'draft' && invoice.status !== 'open')
      return apiError(c, 409, 'INVOICE_NOT_SENDABLE', 'billingInvoiceNotSendable');
    if (!invoice.stripeInvoiceId) return apiError(c, 409, 'INVOICE_NOT_AT_STRIPE', 'updateFailed');
    const stripe = stripeOr503(c);
    if (stripe.error) return stripe.error;
    const db = c.get('db');
    try {
      const sent = await stripe.stripe.invoices.sendInvoice(
        invoice.stripeInvoiceId,
        {},
        {
          ...stripeAccountOptions(await operatorAccount(db, invoice.ownerCompanyId)),
          idempotencyKey: idempotencyKey('invoice', 'send', invoice.id),
        },
      );
      const now = new Date();
      await saveInvoice(
        db,
        invoice.id,
        { ...invoiceChanges(sent), sentAt: now, ...(invoice.status === 'draft' ? { validatedAt: now } : {}) },
        billingAudit(c, 'billing.invoice.send', 'billing_invoice', invoice.id, { number: sent.number }),
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'billing.invoice.send', 'billing_invoice', invoice.id);
    }
    return answer(c, invoice.id);
  });
