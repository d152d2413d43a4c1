/**
 * @module Route declarations of subscriptions (spec 7.3 `stripe/customer/subscription…`, issue 17 §6),
 * all behind 'billing:admin'. Literal paths (`/active`, `/active/by-company`) come before
 * `/{subscriptionId}`. Lists read our own tables, never Stripe.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  ActiveQuery,
  ByCompany,
  CancelQuery,
  CreateBody,
  ListQuery,
  SubscriptionIdParams,
  SubscriptionPage,
  SubscriptionSchema,
  UpdateBody,
} from './subscriptions.schemas';

const ACCESS = 'billing:admin';
const tags = ['Billing: subscriptions'];
const BASE = '/stripe/customer/subscription';
const notFound = error('The subscription does not exist (or belongs to a company outside the scope)');
/**
 * What a Stripe failure answers (`stripeFailed`): 402 payment, 409 idempotency, 502 unavailable; 503
 * no key. Named one by one in each route: a spread loses the literal status types.
 */
const stripe = {
  402: error('The payment provider refused the payment details'),
  409: error('A payment provider conflict'),
  502: error('The payment provider failed: "Creation failed" / "Update failed"'),
  503: error('No payment provider key is configured (billingNotConfigured)'),
};

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: BASE,
  tags,
  summary: 'Subscriptions of the companies the caller bills or belongs to, newest first; page is 0-based',
  request: { query: ListQuery },
  responses: { 200: json(SubscriptionPage) },
});

export const active = defineRoute(ACCESS, {
  method: 'get',
  path: `${BASE}/active`,
  tags,
  summary: 'Active subscriptions (active, trialing, past due), newest first',
  request: { query: ActiveQuery },
  responses: { 200: json(SubscriptionPage) },
});

export const activeByCompany = defineRoute(ACCESS, {
  method: 'get',
  path: `${BASE}/active/by-company`,
  tags,
  summary: 'Active subscriptions grouped by billed company (by company name)',
  responses: { 200: json(ByCompany) },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: BASE,
  tags,
  summary:
    'Subscribe a company (it needs a billing customer) to a monthly or yearly price, with an optional coupon, tax rate, trial end (free until then) and billing cycle anchor (a day or the end of the month). Activation cannot be undone: `confirm` must be true',
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(SubscriptionSchema, 'Created (status as Stripe reports it)'),
    402: stripe[402],
    502: stripe[502],
    503: stripe[503],
    403: error('The company is outside the caller’s tree'),
    409: error('This company has no billing customer yet, or a payment provider conflict'),
  },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: `${BASE}/{subscriptionId}`,
  tags,
  summary: 'Change the price (same operator, monthly or yearly), the quantity or the coupon (null removes it)',
  request: { params: SubscriptionIdParams, body: jsonBody(UpdateBody) },
  responses: {
    200: json(SubscriptionSchema),
    402: stripe[402],
    502: stripe[502],
    503: stripe[503],
    404: notFound,
    409: error('The subscription is cancelled, or a payment provider conflict'),
  },
});

export const cancel = defineRoute(ACCESS, {
  method: 'delete',
  path: `${BASE}/{subscriptionId}`,
  tags,
  summary:
    'Cancel at the end of the paid period (default) or now (`at_period_end=false`); cancelling a cancelled one changes nothing',
  request: { params: SubscriptionIdParams, query: CancelQuery },
  responses: {
    200: json(SubscriptionSchema),
    404: notFound,
    402: stripe[402],
    409: stripe[409],
    502: stripe[502],
    503: stripe[503],
  },
});
