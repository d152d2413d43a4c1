/**
 * @module Reads and writes of wallet top-ups: the only file of the resource that touches the database.
 * A wallet is reached within the caller's reach (companies whose wallets it manages, or its own user
 * wallet); any other answers undefined, so the handler answers 404 without knowing why.
 */
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { balanceOf } from '@db/queries/wallet-ledger.store';

export { payeeOf } from '@db/queries/wallet-top-ups.store';

import { wallets, walletTopUps } from '@db/schema';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';

/** Whose wallets a caller reaches: every wallet of `companies`, and the wallet of `userId` (a private user). */
export interface WalletReach {
  companies: readonly number[];
  userId: number | null;
}

/** A live wallet the caller reaches; undefined for a deleted one, another company's or another user's. */
export function reachableWallet(db: Db, reach: WalletReach, walletId: number) {
  const own = reach.userId === null ? undefined : eq(wallets.userId, reach.userId);
  return db
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.id, walletId),
        isNull(wallets.deletedAt),
        or(inCompanies(wallets.companyId, reach.companies), own),
      ),
    )
    .get();
}

/** A page of a wallet's top-ups, newest first. */
export async function listTopUps(db: Db, walletId: number, page: { page: number; itemsPerPage: number }) {
  const where = eq(walletTopUps.walletId, walletId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(walletTopUps)
      .where(where)
      .orderBy(desc(walletTopUps.id))
      .limit(page.itemsPerPage)
      .offset(page.page * page.itemsPerPage),
    db.select({ n: count() }).from(walletTopUps).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One top-up of the wallet (already reached) and the wallet's balance now. */
export async function topUpWithBalance(db: Db, walletId: number, topUpId: number) {
  const [row, balance] = await Promise.all([
    db
      .select()
      .from(walletTopUps)
      .where(and(eq(walletTopUps.id, topUpId), eq(walletTopUps.walletId, walletId)))
      .get(),
    balanceOf(db, walletId),
  ]);
  return row ? { row, balance } : undefined;
}

/** Our row first: its id names the Stripe creation (idempotency key), so a retry never charges twice. */
export async function insertTopUp(db: Db, values: typeof walletTopUps.$inferInsert) {
  const [row] = await db.insert(walletTopUps).values(values).returning();
  if (!row) throw new Error('top-up insert returned nothing');
  return row;
}

/** The Checkout session Stripe made for the top-up. */
export async function setCheckoutSession(db: Db, topUpId: number, stripeCheckoutSessionId: string) {
  const [row] = await db
    .update(walletTopUps)
    .set({ stripeCheckoutSessionId, updatedAt: new Date() })
    .where(eq(walletTopUps.id, topUpId))
    .returning();
  if (!row) throw new Error(`top-up ${topUpId} vanished`);
  return row;
}

/** Stripe refused to start the payment: the top-up fails at once (nothing was charged). */
export function failPendingTopUp(db: Db, topUpId: number, failure: string) {
  return db
    .update(walletTopUps)
    .set({ status: 'failed', failure, updatedAt: new Date() })
    .where(and(eq(walletTopUps.id, topUpId), eq(walletTopUps.status, 'pending')));
}

/** Auto top-ups queued after a debit and not yet sent to Stripe, oldest first, with their wallet's company. */
export function queuedAutoRecharges(db: Db, limit: number) {
  return db
    .select({ topUp: walletTopUps, companyId: wallets.companyId, walletName: wallets.name })
    .from(walletTopUps)
    .innerJoin(wallets, eq(wallets.id, walletTopUps.walletId))
    .where(
      and(
        eq(walletTopUps.origin, 'auto_recharge'),
        eq(walletTopUps.status, 'pending'),
        isNull(walletTopUps.stripePaymentIntentId),
      ),
    )
    .orderBy(walletTopUps.id)
    .limit(limit);
}

/** The PaymentIntent Stripe made for an auto top-up (its events then settle the top-up). */
export function setPaymentIntent(db: Db, topUpId: number, stripePaymentIntentId: string) {
  return db
    .update(walletTopUps)
    .set({ stripePaymentIntentId, updatedAt: new Date() })
    .where(and(eq(walletTopUps.id, topUpId), isNull(walletTopUps.stripePaymentIntentId)));
}
