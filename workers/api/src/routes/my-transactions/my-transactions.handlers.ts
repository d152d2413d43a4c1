/**
 * @module GET /my-transactions (issue 18): the private user's own wallet (gather) with its balance, a page of
 * its ledger and a page of its top-ups. Only the caller's wallet is ever read: no id comes from the request.
 */
import type { AppEnv } from '@api/env';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import { toEntry } from '../wallet/wallet.schemas';
import { toTopUp } from '../wallet-top-ups/wallet-top-ups.schemas';
import { myTransactions } from './my-transactions.routes';
import { balanceOf, entriesPage, listTopUps, ownWallet } from './my-transactions.store';

const TOP_UPS_PER_PAGE = 10;

export const myTransactionRoutes = new OpenAPIHono<AppEnv>().openapi(myTransactions, async (c) => {
  const auth = authOf(c);
  const { page, itemsPerPage, topUpPage } = c.req.valid('query');
  const db = c.get('db');
  const wallet = await ownWallet(db, auth.user.id, auth.company.id);
  if (!wallet) return c.json({ wallet: null, entries: null, topUps: null }, 200);
  const [balance, entries, topUps] = await Promise.all([
    balanceOf(db, wallet.id),
    entriesPage(db, wallet.id, page, itemsPerPage),
    listTopUps(db, wallet.id, { page: topUpPage, itemsPerPage: TOP_UPS_PER_PAGE }),
  ]);
  return c.json(
    {
      wallet: { id: wallet.id, name: wallet.name, currency: wallet.currency, balance },
      entries: {
        data: entries.rows.map((r) => toEntry(r.entry, r.author)),
        total: entries.total,
        page,
        items_per_page: itemsPerPage,
      },
      topUps: {
        data: topUps.rows.map(toTopUp),
        total: topUps.total,
        page: topUpPage,
        items_per_page: TOP_UPS_PER_PAGE,
      },
    },
    200,
  );
});
