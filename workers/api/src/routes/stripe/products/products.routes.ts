/** @module Route declarations of the catalogue's products (spec 7.4 `stripe/products`), behind 'billing:admin'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { stripeErrors } from '../catalogue.routes';
import {
  ProductBody,
  ProductListQuery,
  ProductPage,
  ProductParams,
  ProductSchema,
  ProductUpdateBody,
} from './products.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing catalogue'];
const notFound = error('No product of the operator has this id');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/products',
  tags,
  summary: "The operator's products from our tables, filtered by types, status and name, paginated (page 0-based)",
  request: { query: ProductListQuery },
  responses: { 200: json(ProductPage) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/products/{productId}',
  tags,
  summary: 'One product with its default price',
  request: { params: ProductParams },
  responses: { 200: json(ProductSchema), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/products',
  tags,
  summary:
    'Create a product (name, country, type) and mirror it to Stripe; "Product creation failed" when Stripe does not take it',
  request: { body: jsonBody(ProductBody) },
  responses: { 201: json(ProductSchema, 'Created'), ...stripeErrors },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/products/{productId}',
  tags,
  summary:
    'Change name, country, type or active in Stripe, then here; "Product update failed" when Stripe does not take it',
  request: { params: ProductParams, body: jsonBody(ProductUpdateBody) },
  responses: { 200: json(ProductSchema), 404: notFound, ...stripeErrors },
});

export const deactivate = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/products/{productId}',
  tags,
  summary: 'Deactivate the product (Stripe keeps products that have prices): it can no longer be sold',
  request: { params: ProductParams },
  responses: { 200: json(ProductSchema), 404: notFound, ...stripeErrors },
});
