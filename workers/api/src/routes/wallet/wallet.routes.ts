/**
 * @module Route declarations of the wallets API (spec 001 §7.6, issue 18). Reading needs
 * `wallets:view` (wallets:manage or wallets:company); creating, changing, deleting and adjusting need
 * `wallets:manage`. Literal paths (/wallet/users, /wallet/balance/…) are declared before /wallet/{walletId}.
 */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  BalanceSchema,
  CreateBody,
  ListQuery,
  UpdateBody,
  UserOption,
  UserParams,
  UserSearchQuery,
  WalletPage,
  WalletParams,
  WalletSchema,
} from './wallet.schemas';

const tags = ['Wallets'];
export const walletNotFound = error("The wallet doesn't exist (or belongs to a company outside the scope)");

export const list = defineRoute('wallets:view', {
  method: 'get',
  path: '/wallet',
  tags,
  summary:
    'Wallets of the scope (a fleet admin: their company’s and its users’), filtered by company (administrativeId: with its descendants; company_filter_id: that one), user or keyword; page is 0-based',
  request: { query: ListQuery },
  responses: { 200: json(WalletPage), 403: error('A company filter outside the scope') },
});

export const userOptions = defineRoute('wallets:manage', {
  method: 'get',
  path: '/wallet/users',
  tags,
  summary: 'Active users of a company of the scope a wallet may be created for, by e-mail or name: 20 at most',
  request: { query: UserSearchQuery },
  responses: { 200: json(z.object({ data: z.array(UserOption) })), 403: error('companyId outside the scope') },
});

export const companyBalance = defineRoute('wallets:view', {
  method: 'get',
  path: '/wallet/balance/company',
  tags,
  summary: 'The balance (minor units) and currency of the selected company’s own wallet',
  responses: { 200: json(BalanceSchema), 404: error('The company has no wallet') },
});

export const userBalance = defineRoute('wallets:view', {
  method: 'get',
  path: '/wallet/balance/user/{userId}',
  tags,
  summary: 'The balance (minor units) and currency of one user’s wallet, within the scope',
  request: { params: UserParams },
  responses: { 200: json(BalanceSchema), 404: error('The user has no wallet in the scope') },
});

export const create = defineRoute('wallets:manage', {
  method: 'post',
  path: '/wallet',
  tags,
  summary:
    'Create a company’s wallet (no userId) or one of its active users’; the currency defaults to the company’s. One live wallet per owner',
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(WalletSchema, 'Created'),
    403: error('companyId outside the scope'),
    409: error('The owner already has a wallet'),
  },
});

export const detail = defineRoute('wallets:view', {
  method: 'get',
  path: '/wallet/{walletId}',
  tags,
  summary: 'One wallet with its balance',
  request: { params: WalletParams },
  responses: { 200: json(WalletSchema), 404: walletNotFound },
});

export const update = defineRoute('wallets:manage', {
  method: 'put',
  path: '/wallet/{walletId}',
  tags,
  summary: 'Rename the wallet, or set its auto-recharge (threshold and amount together; both null: off)',
  request: { params: WalletParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(WalletSchema), 404: walletNotFound },
});

export const remove = defineRoute('wallets:manage', {
  method: 'delete',
  path: '/wallet/{walletId}',
  tags,
  summary:
    'Delete the wallet (its ledger is kept); refused while the balance is not 0: a refund or an adjustment must bring it to 0 first',
  request: { params: WalletParams },
  responses: { 200: json(WalletSchema), 404: walletNotFound, 409: error('The balance is not 0') },
});
