/**
 * @module The /company API (spec 001 7.5): a fleet company's own usage invoices and each one as an
 * XLSX workbook. Always the caller's selected company: another company's invoice answers 404.
 */
import { invoiceFileName, invoiceSheet } from '@domain/billing/invoice-sheet';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export/xlsx';
import { OpenAPIHono } from '@hono/zod-openapi';
import { billingJobs } from '@i18n/areas/billing-jobs';
import type { AppEnv } from '../../env';
import { requestLanguage } from '../../lib/language';
import { authOf } from '../../middleware/permission';
import { invoiceXls, listInvoices } from './company.routes';
import { toFleetInvoice } from './company.schemas';
import { fleetInvoiceWithLines, listFleetInvoices } from './company.store';
import { createRoutes } from './create/create.handlers';
import { overviewRoutes } from './overview/overview.handlers';
import { treeRoutes } from './tree/tree.handlers';

export const companyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listInvoices, async (c) => {
    const { page, items_per_page } = c.req.valid('query');
    const { rows, total } = await listFleetInvoices(c.get('db'), authOf(c).company.id, page, items_per_page);
    return c.json({ data: rows.map(toFleetInvoice), total, page, items_per_page }, 200);
  })
  .openapi(invoiceXls, async (c) => {
    const { reportId } = c.req.valid('param');
    const { company } = authOf(c);
    const texts = billingJobs[requestLanguage(c)];
    const found = await fleetInvoiceWithLines(c.get('db'), company.id, reportId);
    if (!found) return c.json({ 'error-msg': texts.errors.invoiceNotFound, code: 'INVOICE_NOT_FOUND' }, 404);
    const { invoice, lines, companyName } = found;
    const { columns, rows } = invoiceSheet(
      { currency: invoice.currency, total: invoice.total, timeZone: company.timeZone },
      lines,
      texts.invoices,
    );
    const sheetName = `${invoice.period ?? 'Invoice'}`;
    return c.body(xlsxStream(columns, rows, { sheetName }), 200, {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${invoiceFileName(companyName, invoice.period)}"`,
      'cache-control': 'private, no-store',
    });
  })
  .route('/', createRoutes)
  .route('/', treeRoutes)
  .route('/', overviewRoutes);
