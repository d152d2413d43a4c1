/**
 * @module Route declarations of the billing customer API (spec 7.3), behind 'billing:customers'.
 * Customers are listed from our table (never by paging Stripe). The payment-method and setup-intent
 * routes are in customer.payment-methods.ts.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  CompanyQuery,
  CustomerPage,
  CustomerSchema,
  ListQuery,
  OnboardBody,
  TaxIdBody,
  UpdateBody,
} from './customer.schemas';

const ACCESS = 'billing:customers';
export const tags = ['Payment provider: customer'];

/** 404 (company outside the tree or without a customer), and what a Stripe failure answers. */
export const customerErrors = {
  404: error('The company does not exist, is outside the caller’s tree, or has no billing customer'),
  402: error('The payment provider refused the payment details (paymentDetailsFailed)'),
  409: error('A payment provider conflict'),
  502: error('The payment provider failed: the spec’s failure text'),
  503: error('No payment provider key is configured (billingNotConfigured)'),
};

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/customer/all',
  tags,
  summary: 'Billing customers of the caller’s tree, by company name, e-mail or VAT number, paginated (page is 0-based)',
  request: { query: ListQuery },
  responses: { 200: json(CustomerPage) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/customer',
  tags,
  summary: 'The billing customer of a company (the selected one by default)',
  request: { query: CompanyQuery },
  responses: { 200: json(CustomerSchema), 404: customerErrors[404] },
});

export const onboard = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/customer/onboard',
  tags,
  summary:
    'Create the Stripe customer of a company of the tree (name, e-mail, address from the company; optional EU VAT number and its country), once',
  request: { body: jsonBody(OnboardBody) },
  responses: {
    200: json(CustomerSchema, 'Already a customer'),
    201: json(CustomerSchema, 'Created'),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/customer',
  tags,
  summary: 'Change the customer’s name or billing e-mail',
  request: { body: jsonBody(UpdateBody) },
  responses: {
    200: json(CustomerSchema),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

const taxId = {
  tags,
  request: { body: jsonBody(TaxIdBody) },
  responses: {
    200: json(CustomerSchema),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
} as const;

export const createTaxId = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/customer/tax-id',
  summary: 'Set the customer’s EU VAT number (eu_vat) with its country, both mandatory',
  ...taxId,
});

export const updateTaxId = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/customer/tax-id',
  summary: 'Replace the customer’s EU VAT number (the previous one is removed at Stripe)',
  ...taxId,
});
