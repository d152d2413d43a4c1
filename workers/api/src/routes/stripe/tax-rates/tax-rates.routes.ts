/** @module Route declarations of the operator's tax rates (spec 7.2 `stripe/account/tax-rate`), behind 'billing:admin'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { stripeErrors } from '../catalogue.routes';
import {
  TaxRateBody,
  TaxRateListQuery,
  TaxRatePage,
  TaxRateParams,
  TaxRateSchema,
  TaxRateUpdateBody,
} from './tax-rates.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing catalogue'];
const notFound = error('No tax rate of the operator has this id');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/account/tax-rate',
  tags,
  summary: "The operator's tax rates from our table, paginated (page 0-based)",
  request: { query: TaxRateListQuery },
  responses: { 200: json(TaxRatePage) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/account/tax-rate/{taxRateId}',
  tags,
  summary: 'One tax rate',
  request: { params: TaxRateParams },
  responses: { 200: json(TaxRateSchema), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/account/tax-rate',
  tags,
  summary: 'Create a tax rate and mirror it to Stripe; "Creation failed" when Stripe does not take it',
  request: { body: jsonBody(TaxRateBody) },
  responses: { 201: json(TaxRateSchema, 'Created'), ...stripeErrors },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/account/tax-rate/{taxRateId}',
  tags,
  summary:
    'Change description, jurisdiction, type or active (percentage and inclusiveness are fixed); "Update failed" when Stripe does not take it',
  request: { params: TaxRateParams, body: jsonBody(TaxRateUpdateBody) },
  responses: { 200: json(TaxRateSchema), 404: notFound, ...stripeErrors },
});

export const deactivate = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/account/tax-rate/{taxRateId}',
  tags,
  summary: 'Deactivate the tax rate (Stripe never deletes one)',
  request: { params: TaxRateParams },
  responses: { 200: json(TaxRateSchema), 404: notFound, ...stripeErrors },
});
