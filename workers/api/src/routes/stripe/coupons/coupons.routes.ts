/** @module Route declarations of the operator's coupons (spec 7.4 `stripe/coupons`), behind 'billing:admin'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { stripeErrors } from '../catalogue.routes';
import {
  CouponBody,
  CouponListQuery,
  CouponPage,
  CouponParams,
  CouponSchema,
  CouponUpdateBody,
} from './coupons.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing catalogue'];
const notFound = error('No coupon of the operator has this id');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/coupons',
  tags,
  summary: "The operator's coupons from our table (deleted ones with deleted=1), paginated (page 0-based)",
  request: { query: CouponListQuery },
  responses: { 200: json(CouponPage) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/coupons/{couponId}',
  tags,
  summary: 'One coupon',
  request: { params: CouponParams },
  responses: { 200: json(CouponSchema), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/coupons',
  tags,
  summary: 'Create a coupon and mirror it to Stripe; "Creation failed" when Stripe does not take it',
  request: { body: jsonBody(CouponBody) },
  responses: { 201: json(CouponSchema, 'Created'), ...stripeErrors },
});

export const update = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/coupons/{couponId}',
  tags,
  summary:
    'Rename the coupon (the spec\'s POST as update; Stripe changes nothing else); "Update failed" when Stripe does not take it',
  request: { params: CouponParams, body: jsonBody(CouponUpdateBody) },
  responses: { 200: json(CouponSchema), 404: notFound, ...stripeErrors, 409: error('The coupon is deleted') },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/coupons/{couponId}',
  tags,
  summary: 'Delete the coupon at Stripe and mark it deleted here: it can no longer be applied; discounts granted stay',
  request: { params: CouponParams },
  responses: { 200: json(CouponSchema), 404: notFound, ...stripeErrors },
});
