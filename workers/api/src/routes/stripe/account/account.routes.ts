/**
 * @module Route declarations of the Stripe Connect account API (spec 7.2), behind 'billing:onboarding'.
 *
 * The spec's `GET stripe/account/onboard/refresh` makes a new account link, a write at Stripe and a
 * state change here, so it is a POST (no state change on GET); so is the return page's report
 * (`/stripe/account/onboard/return`), which reads the account from Stripe and stores its state.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  AccountSchema,
  AccountUpdateBody,
  CollectionMethodBody,
  CompanyBody,
  CompanyQuery,
  DeletedPayoutAccountSchema,
  EmployeeParam,
  OnboardLinkSchema,
  ReturnBody,
} from './account.schemas';

const ACCESS = 'billing:onboarding';
const tags = ['Payment provider: account'];
const notFound = error('The company does not exist or is outside the caller’s tree');
/** What a Stripe failure answers (`stripeFailure`): 402 payment, 409 idempotency, 502 unavailable. */
const refused = error('The payment provider refused the payment details');
const conflict = error('No connected account yet (billingOnboardingIncomplete), or a payment provider conflict');
const failed = error('The payment provider failed: the spec’s failure text');
const notConfigured = error('No payment provider key is configured (billingNotConfigured)');

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/account',
  tags,
  summary: 'The operator’s connected account, its onboarding state and the incomplete notice; refresh=1 reads Stripe',
  request: { query: CompanyQuery },
  responses: { 200: json(AccountSchema), 404: notFound, 402: refused, 409: conflict, 502: failed, 503: notConfigured },
});

export const onboard = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/account/onboard',
  tags,
  summary:
    'Start or resume the onboarding: creates the connected account once (idempotent), then a fresh onboarding link to follow',
  request: { body: jsonBody(CompanyBody) },
  responses: {
    200: json(OnboardLinkSchema),
    404: notFound,
    402: refused,
    409: conflict,
    502: failed,
    503: notConfigured,
  },
});

export const refresh = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/account/onboard/refresh',
  tags,
  summary: 'The link expired or was reused (reauth): a fresh onboarding link (the spec’s GET, as a POST)',
  request: { body: jsonBody(CompanyBody) },
  responses: {
    200: json(OnboardLinkSchema),
    404: notFound,
    402: refused,
    409: conflict,
    502: failed,
    503: notConfigured,
  },
});

export const returned = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/account/onboard/return',
  tags,
  summary:
    'Back from the onboarding (return) or stopped from our screen (left): the account is read and its state stored',
  request: { body: jsonBody(ReturnBody) },
  responses: { 200: json(AccountSchema), 404: notFound, 402: refused, 409: conflict, 502: failed, 503: notConfigured },
});

export const collectionMethod = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/account/collection-method',
  tags,
  summary: 'How the operator’s invoices are collected: charge_automatically or send_invoice',
  request: { body: jsonBody(CollectionMethodBody) },
  responses: { 200: json(AccountSchema), 404: notFound, 409: conflict },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/account',
  tags,
  summary:
    'Update the connected account’s e-mail and business profile at Stripe (idempotent per change) and the collection method here; "Update failed" when Stripe does not take it',
  request: { body: jsonBody(AccountUpdateBody) },
  responses: {
    200: json(AccountSchema),
    400: error('A field is invalid (its own text), or Stripe refused the change ("Update failed")'),
    404: notFound,
    402: refused,
    409: conflict,
    502: failed,
    503: notConfigured,
  },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/account',
  tags,
  summary: 'Delete the connected account at Stripe and here (irreversible; the screen asks for a confirmation)',
  request: { query: CompanyQuery },
  responses: { 200: json(AccountSchema), 404: notFound, 402: refused, 409: conflict, 502: failed, 503: notConfigured },
});

/** An employee's home-reimbursement payout account (issue 19): a fleet manager or a billing admin deletes it. */
export const removeEmployeeAccount = defineRoute('payout-accounts:delete', {
  method: 'delete',
  path: '/stripe/account/user/{userId}',
  tags,
  summary: 'Delete an employee’s payout account at Stripe and here (irreversible; the screen asks for a confirmation)',
  request: { params: EmployeeParam },
  responses: {
    200: json(DeletedPayoutAccountSchema),
    404: error('The user does not exist or is outside the caller’s tree (userNotFound)'),
    402: refused,
    409: error('The employee has no payout account (payoutAccountNotReady)'),
    400: error('Stripe refused the deletion'),
    502: failed,
    503: notConfigured,
  },
});
