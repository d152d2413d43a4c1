/** @module Route declarations of the payouts API (spec 7.2), behind 'billing:onboarding'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { CreateBody, PayoutParams, PayoutSchema, UserParams } from './payouts.schemas';

const ACCESS = 'billing:onboarding';
const tags = ['Payment provider: account'];

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/payout/{userId}',
  tags,
  summary:
    'Pay out an amount from the operator’s connected account, for a user of its tree (recorded first; idempotent per record)',
  request: { params: UserParams, body: jsonBody(CreateBody) },
  responses: {
    201: json(PayoutSchema, 'Created'),
    402: error('The payment provider refused the payout (paymentFailed)'),
    404: error('The user does not exist or is outside the caller’s tree'),
    409: error('The operator’s onboarding is not done (billingOnboardingIncomplete)'),
    502: error('The payment provider failed: the spec’s failure text'),
    503: error('No payment provider key is configured (billingNotConfigured)'),
  },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/payout/{userId}/id/{payoutId}',
  tags,
  summary: 'A payout of the user and its status (pending, in_transit, paid, failed, canceled), as last reported',
  request: { params: PayoutParams },
  responses: { 200: json(PayoutSchema), 404: error('No such payout of this user in the caller’s tree') },
});
