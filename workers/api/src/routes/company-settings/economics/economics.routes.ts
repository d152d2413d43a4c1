/**
 * @module Routes of the economics tab of /settings/{companyId} (issue 20 part 2, ADR 036 addendum):
 * fees, kWh net cost, the QR pre-authorization amount, billing cycle anchor and contract, behind
 * 'company:settings'; the fees, anchor and contract are changed by super users only.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CompanyParams } from '../company-settings.schemas';
import { EconomicsBody, EconomicsSchema } from './economics.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const readEconomics = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}/economics',
  tags,
  summary: "The economics tab: a company's fees, kWh net cost, pre-authorization amount, billing anchor and contract",
  request: { params: CompanyParams },
  responses: { 200: json(EconomicsSchema), 404: notFound },
});

export const putEconomics = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/economics',
  tags,
  summary:
    'Saves the economics tab (absent keeps, null clears); a new pre-authorization amount applies to the next QR payment only',
  request: { params: CompanyParams, body: jsonBody(EconomicsBody) },
  responses: {
    200: json(EconomicsSchema),
    403: errorResponse('Fees, billing anchor and contract are changed by super users only'),
    404: notFound,
  },
});
