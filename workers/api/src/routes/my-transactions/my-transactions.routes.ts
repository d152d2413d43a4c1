/** @module Route declaration of a private user's transactions (issue 18, spec: GET my-transactions), behind `personal:self-charge`. */
import { defineRoute, json } from '../../lib/route';
import { MyTransactions, MyTransactionsQuery } from './my-transactions.schemas';

export const myTransactions = defineRoute('personal:self-charge', {
  method: 'get',
  path: '/my-transactions',
  tags: ['Wallets'],
  summary:
    "The caller's own prepaid wallet: balance, currency, the ledger paged newest first and the top-ups with their status; wallet null when the caller has none",
  request: { query: MyTransactionsQuery },
  responses: { 200: json(MyTransactions) },
});
