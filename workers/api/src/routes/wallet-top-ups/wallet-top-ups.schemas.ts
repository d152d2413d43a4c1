/** @module Shapes of the wallet top-ups API (issue 18 part 2): camelCase, as the wallets API's. */

import { TOP_UP_ORIGINS, TOP_UP_STATUSES, type walletTopUps } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { pageOf } from '../../lib/pagination';

const pathId = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 12 });

export const WalletParams = z.object({ walletId: pathId('walletId') });
export const TopUpParams = z.object({ walletId: pathId('walletId'), topUpId: pathId('topUpId') });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(10),
});

/** Where the payer comes back to after Stripe's page: the wallet's screen or the private user's transactions. */
export const RETURN_SCREENS = ['wallet', 'my-transactions'] as const;

export const StartBody = z.strictObject({
  /** Minor units of the wallet's currency, 5.00 to 1,000.00 of it (checked against the wallet's currency). */
  amount: z.number({ error: 'topUpAmountInvalid' }).int({ error: 'topUpAmountInvalid' }),
  returnTo: z.enum(RETURN_SCREENS).default('wallet'),
});

export const TopUpSchema = z
  .object({
    id: z.number(),
    walletId: z.number(),
    amount: z.number(),
    currency: z.string(),
    status: z.enum(TOP_UP_STATUSES),
    origin: z.enum(TOP_UP_ORIGINS),
    /** Why it failed (Stripe's decline, an amount mismatch); null otherwise. */
    failure: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('WalletTopUp');

export const TopUpPage = pageOf(TopUpSchema).openapi('WalletTopUpPage');

export const StartAnswer = z
  .object({
    topUp: TopUpSchema,
    /** Stripe Checkout's page (the local Stripe server's dev page in development): the browser goes there. */
    checkoutUrl: z.string(),
  })
  .openapi('WalletTopUpStart');

/** One top-up with its wallet's balance now (the return page shows both: pending until the webhook). */
export const TopUpDetail = z
  .object({ topUp: TopUpSchema, balance: z.number(), walletName: z.string() })
  .openapi('WalletTopUpDetail');

export function toTopUp(row: typeof walletTopUps.$inferSelect): z.infer<typeof TopUpSchema> {
  return {
    id: row.id,
    walletId: row.walletId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    origin: row.origin,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
