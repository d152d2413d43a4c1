/** @module Route declarations of the catalogue's prices (spec 7.4 `stripe/prices`), behind 'billing:admin'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { stripeErrors } from '../catalogue.routes';
import {
  PriceBody,
  PriceDetailQuery,
  PriceListQuery,
  PricePage,
  PriceParams,
  PriceSchema,
  PriceUpdateBody,
} from './prices.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing catalogue'];
const notFound = error(
  'No price (or, with byProductId=1, no product with a default price) of the operator has this id',
);

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/prices',
  tags,
  summary: "The operator's prices from our tables, optionally of one product, paginated (page 0-based)",
  request: { query: PriceListQuery },
  responses: { 200: json(PricePage) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/prices/{priceId}',
  tags,
  summary: "One price; with byProductId=1 the id is a product's and the answer its default price",
  request: { params: PriceParams, query: PriceDetailQuery },
  responses: { 200: json(PriceSchema), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/prices',
  tags,
  summary: 'Create a price of a product and mirror it to Stripe; "Creation failed" when Stripe does not take it',
  request: { body: jsonBody(PriceBody) },
  responses: { 201: json(PriceSchema, 'Created'), ...stripeErrors },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/prices/{priceId}',
  tags,
  summary:
    'Change a price: active and default in place; another amount, currency or interval creates a new price (answered, 201) and deactivates this one',
  request: { params: PriceParams, body: jsonBody(PriceUpdateBody) },
  responses: {
    200: json(PriceSchema),
    201: json(PriceSchema, 'Replaced by a new price'),
    404: notFound,
    ...stripeErrors,
  },
});

export const deactivate = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/prices/{priceId}',
  tags,
  summary: 'Deactivate the price (Stripe never deletes a price)',
  request: { params: PriceParams },
  responses: { 200: json(PriceSchema), 404: notFound, ...stripeErrors },
});
