/** @module Route declarations of a private user's own invoices (spec 7.10), behind `personal:self-charge`. */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { MyInvoiceDetail, MyInvoicePage, MyInvoicesBody, PoiIdParam } from './my-invoices.schemas';

const ACCESS = 'personal:self-charge';
const tags = ['My pages'];

export const list = defineRoute(ACCESS, {
  method: 'post',
  path: '/my-invoices',
  tags,
  summary:
    "Invoices of the caller's company that bill the caller's sessions, newest first, filtered by year and status, paged; the total and PDF only of an invoice wholly theirs",
  request: { body: jsonBody(MyInvoicesBody) },
  responses: { 200: json(MyInvoicePage) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/my-invoices/{poiId}',
  tags,
  summary: "One of the caller's invoices with the lines of the caller's sessions",
  request: { params: PoiIdParam },
  responses: { 200: json(MyInvoiceDetail), 404: error('Not an invoice of the caller’s sessions') },
});
