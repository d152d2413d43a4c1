/**
 * @module Route declarations of wallet top-ups (issue 18 part 2), behind `wallets:top-up`: whoever
 * manages wallets (the scope's), a fleet company's admins (their company's wallets) and a private user
 * (own wallet only). Any other wallet answers 404 like a missing one.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  PageQuery,
  StartAnswer,
  StartBody,
  TopUpDetail,
  TopUpPage,
  TopUpParams,
  WalletParams,
} from './wallet-top-ups.schemas';

const ACCESS = 'wallets:top-up';
const tags = ['Wallets'];
const walletNotFound = error("The wallet doesn't exist (or is not the caller's to top up)");

export const start = defineRoute(ACCESS, {
  method: 'post',
  path: '/wallet/{walletId}/top-ups',
  tags,
  summary:
    'Starts a top-up by card: a pending top-up and a Stripe Checkout session for its amount; the wallet is credited only when Stripe confirms the payment (webhook), once',
  request: { params: WalletParams, body: jsonBody(StartBody) },
  responses: {
    201: json(StartAnswer, 'Pending; the browser goes to checkoutUrl'),
    402: error('Stripe refused the payment details (card error)'),
    404: walletNotFound,
    409: error('Stripe saw this top-up started with other parameters (idempotency conflict)'),
    502: error('Stripe refused or failed (Payment error: failed)'),
    503: error('Billing is not available (no Stripe key)'),
  },
});

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/wallet/{walletId}/top-ups',
  tags,
  summary: 'Top-ups of a wallet with their status, newest first; page is 0-based',
  request: { params: WalletParams, query: PageQuery },
  responses: { 200: json(TopUpPage), 404: walletNotFound },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/wallet/{walletId}/top-ups/{topUpId}',
  tags,
  summary: 'One top-up and its wallet’s balance now (the page Stripe returns to)',
  request: { params: TopUpParams },
  responses: { 200: json(TopUpDetail), 404: error('No such top-up of a wallet the caller may top up') },
});
