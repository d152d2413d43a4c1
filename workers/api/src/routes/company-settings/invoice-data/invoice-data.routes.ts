/** @module Routes of the invoice data tab of /settings/{companyId} (issue 20 part 2), behind 'company:settings'. */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CompanyParams } from '../company-settings.schemas';
import { InvoiceDataBody, InvoiceDataSchema } from './invoice-data.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const readInvoiceData = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}/invoice-data',
  tags,
  summary:
    "The invoice data tab: a company's bank account, invoice footer and descriptions (the general tab's tax data read-only)",
  request: { params: CompanyParams },
  responses: { 200: json(InvoiceDataSchema), 404: notFound },
});

export const putInvoiceData = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/invoice-data',
  tags,
  summary: 'Saves the invoice data tab (absent keeps, empty clears): IBAN by mod-97, BIC by ISO 9362',
  request: { params: CompanyParams, body: jsonBody(InvoiceDataBody) },
  responses: { 200: json(InvoiceDataSchema), 404: notFound },
});
