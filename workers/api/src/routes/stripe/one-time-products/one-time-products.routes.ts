/** @module Route declarations of one-time products (spec 7.4 `stripe/one-time-products`), behind 'billing:admin'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  OneTimeBody,
  OneTimeListQuery,
  OneTimePage,
  OneTimeParams,
  OneTimeSchema,
  OptionsQuery,
  OptionsSchema,
} from './one-time-products.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing catalogue'];
const notFound = error('No one-time product of the operator has this id');
const notPending = error('Already invoiced or cancelled: only a pending one-time product changes');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/one-time-products',
  tags,
  summary: 'One-time products sold by the operator (pending=1: waiting for their invoice), paginated (page 0-based)',
  request: { query: OneTimeListQuery },
  responses: { 200: json(OneTimePage) },
});

export const options = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/one-time-products/options',
  tags,
  summary:
    "The four-step create's choices: one-time products, coupons, and with company_id that company's subscriptions and currency",
  request: { query: OptionsQuery },
  responses: { 200: json(OptionsSchema) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/one-time-products/{pendingOneTimeId}',
  tags,
  summary: 'One one-time product',
  request: { params: OneTimeParams },
  responses: { 200: json(OneTimeSchema), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/one-time-products',
  tags,
  summary:
    'Sell a product once to a company of the scope (optionally within a subscription, with a coupon): pending until the invoice job invoices it',
  request: { body: jsonBody(OneTimeBody) },
  responses: { 201: json(OneTimeSchema, 'Created') },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/one-time-products/{pendingOneTimeId}',
  tags,
  summary: 'Change a pending one-time product',
  request: { params: OneTimeParams, body: jsonBody(OneTimeBody) },
  responses: { 200: json(OneTimeSchema), 404: notFound, 409: notPending },
});

export const cancel = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/one-time-products/{pendingOneTimeId}',
  tags,
  summary: 'Delete a pending one-time product: it is not invoiced (the row stays, cancelled, for the audit)',
  request: { params: OneTimeParams },
  responses: { 200: json(OneTimeSchema), 404: notFound, 409: notPending },
});
