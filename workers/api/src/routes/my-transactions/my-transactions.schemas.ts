/** @module Shapes of GET /my-transactions (issue 18): a private user's own wallet, its ledger page and top-ups. */
import { z } from '@hono/zod-openapi';
import { EntryPage } from '../wallet/wallet.schemas';
import { TopUpPage } from '../wallet-top-ups/wallet-top-ups.schemas';

export const MyTransactionsQuery = z.object({
  /** 0-based page of the ledger, newest first. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(20),
  /** 0-based page of the top-ups, newest first (10 a page). */
  topUpPage: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const MyWallet = z.object({
  id: z.number(),
  name: z.string(),
  currency: z.string(),
  /** Minor units: the newest ledger entry's running balance (0 without entries). */
  balance: z.number(),
});

export const MyTransactions = z
  .object({
    /** Null when the caller has no (live) wallet of their own; entries and topUps are then null too. */
    wallet: MyWallet.nullable(),
    entries: EntryPage.nullable(),
    topUps: TopUpPage.nullable(),
  })
  .openapi('MyTransactions');
