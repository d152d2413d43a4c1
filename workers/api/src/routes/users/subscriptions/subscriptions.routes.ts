/**
 * @module Route declarations of a user's subscription contracts (spec 2 7.8, service setting 31).
 * The spec makes buy and autorenew GET calls; they change state, so they are POST here (issue 24).
 */

import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { UserContract } from '@api/routes/subscription-contracts/subscription-contracts.schemas';
import { z } from '@hono/zod-openapi';
import { AutorenewParams, BuyParams, UserIdParams } from './subscriptions.schemas';

const VIEW = 'fleet:subscriptions';
const MANAGE = 'fleet:subscriptions:manage';
const tags = ['Subscription contracts'];
const notFound = error('User or contract not found (or outside the scope)');

export const ofUser = defineRoute(VIEW, {
  method: 'get',
  path: '/users/{userId}/subscription-contracts',
  tags,
  summary: "A user's contracts, newest first",
  request: { params: UserIdParams },
  responses: { 200: json(z.object({ data: z.array(UserContract) })), 404: notFound },
});

export const buy = defineRoute(MANAGE, {
  method: 'post',
  path: '/users/{userId}/subscription-contracts/{contractId}/buy',
  tags,
  summary:
    'Buy a contract for the user (irreversible). A free contract is activated at once; a paid one becomes a Stripe subscription of the billing customer of the user’s company, recurring once per term, renewing only when autorenew is switched on; the term starts when Stripe reports it active',
  request: { params: BuyParams },
  responses: {
    201: json(UserContract, 'Activated'),
    402: error('Payment error: failed (Stripe did not activate the subscription)'),
    404: notFound,
    409: error(
      'The user already has an active contract of this kind, or is deleted, or the company has no billing customer yet',
    ),
    502: error('The payment provider failed: "Creation failed"'),
    503: error('No payment provider key is configured (billingNotConfigured)'),
  },
});

export const autorenew = defineRoute(MANAGE, {
  method: 'post',
  path: '/users/{userId}/subscription-contracts/{contractId}/autorenew/{autorenewNextTime}',
  tags,
  summary:
    "Switch renewal at the end of the term of the user's active contract of this kind (a paid one: Stripe's cancel_at_period_end)",
  request: { params: AutorenewParams },
  responses: {
    200: json(UserContract),
    402: error('The payment provider refused'),
    404: notFound,
    409: error('A payment provider conflict'),
    502: error('The payment provider failed: "Update failed"'),
    503: error('No payment provider key is configured (billingNotConfigured)'),
  },
});
