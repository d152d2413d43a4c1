/** @module Route declarations under /company (spec 001 7.5): a fleet company's own usage invoices, behind 'fleet:invoices'. */
import { XLSX_CONTENT_TYPE } from '@domain/export/xlsx';
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json } from '../../lib/route';
import { FleetInvoicePage, ListQuery, ReportParams } from './company.schemas';

const ACCESS = 'fleet:invoices';
const tags = ['Fleet invoices'];

export const listInvoices = defineRoute(ACCESS, {
  method: 'get',
  path: '/company/evfleet/invoices',
  tags,
  summary: "The selected fleet company's usage invoices, newest month first (page is 0-based)",
  request: { query: ListQuery },
  responses: { 200: json(FleetInvoicePage) },
});

export const invoiceXls = defineRoute(ACCESS, {
  method: 'get',
  path: '/company/evfleet/invoices/{reportId}/xls',
  tags,
  summary: 'One usage invoice of the selected fleet company and its lines as an XLSX workbook',
  request: { params: ReportParams },
  responses: {
    200: { description: 'XLSX', content: { [XLSX_CONTENT_TYPE]: { schema: z.string() } } },
    404: error("The invoice doesn't exist (or belongs to another company)"),
  },
});
