/**
 * @module Route declarations of reimbursement payouts (issue 19 part 7, spec 7.12): the employee's own
 * Stripe payout account (`personal:home-reimbursement`), paying one reimbursement through Stripe and
 * the SEPA bank transfer file of several (`fleet:home-reimbursement:manage`).
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  BankTransferBody,
  PayoutAccountSchema,
  PayoutLinkSchema,
  PayoutSchema,
  ReimbursementParam,
} from './payouts.schemas';

const tags = ['Home reimbursement: payouts'];
const inactive = error(
  'Home reimbursement is not active, or the company pays by bank transfer (no payment provider flow)',
);
/** What a Stripe failure answers (`stripeFailure`): 402 payment, 409 idempotency, 502 unavailable. */
const refused = error('The payment provider refused the request');
const failed = error('The payment provider failed: the spec’s failure text');
const notConfigured = error('No payment provider key is configured (billingNotConfigured)');

export const status = defineRoute('personal:home-reimbursement', {
  method: 'get',
  path: '/fleet-reimbursement/stripe/status',
  tags,
  summary:
    'The caller’s own payout account: none, pending (details not submitted), restricted or done (payouts enabled)',
  responses: { 200: json(PayoutAccountSchema) },
});

export const createAccount = defineRoute('personal:home-reimbursement', {
  method: 'post',
  path: '/fleet-reimbursement/stripe/create-account',
  tags,
  summary:
    'Creates the caller’s Express connected account once (a second call reuses it) and answers an onboarding link back to /stripe-home-reimbursement',
  responses: {
    200: json(PayoutLinkSchema),
    400: refused,
    402: refused,
    409: inactive,
    502: failed,
    503: notConfigured,
  },
});

export const refreshLink = defineRoute('personal:home-reimbursement', {
  method: 'post',
  path: '/fleet-reimbursement/stripe/refresh-account-link',
  tags,
  summary: 'A fresh onboarding link for the caller’s existing account (an expired or used link)',
  responses: {
    200: json(PayoutLinkSchema),
    400: refused,
    402: refused,
    409: error('No payout account yet, or home reimbursement inactive'),
    502: failed,
    503: notConfigured,
  },
});

export const bankTransfer = defineRoute('fleet:home-reimbursement:manage', {
  method: 'post',
  path: '/fleet-reimbursement/bank-transfer',
  tags,
  summary:
    'The SEPA credit-transfer file (pain.001.001.03) of approved bank-transfer reimbursements of one company; they become processed',
  request: { body: jsonBody(BankTransferBody) },
  responses: {
    200: {
      description: 'The XML file, as a download',
      content: { 'application/xml': { schema: { type: 'string' as const } } },
    },
    404: error('A reimbursement does not exist or is outside the caller’s scope (reimbursementNotFound)'),
    409: error(
      'Not approved, not a bank transfer, changed meanwhile, an employee without an IBAN (all listed), the company without an IBAN, or not in euro',
    ),
  },
});

export const pay = defineRoute('fleet:home-reimbursement:manage', {
  method: 'post',
  path: '/reimbursement/{reimbursementId}/payout',
  tags,
  summary:
    'Pays an approved (or failed) Stripe reimbursement: a transfer to the employee’s connected account, then a payout to their bank; processed',
  request: { params: ReimbursementParam },
  responses: {
    200: json(PayoutSchema),
    400: refused,
    402: refused,
    404: error('The reimbursement does not exist or is outside the caller’s scope (reimbursementNotFound)'),
    409: error(
      'Not payable now (status, bank transfer), the employee’s account not ready (payoutAccountNotReady), or changed meanwhile',
    ),
    502: failed,
    503: notConfigured,
  },
});
