/**
 * @module Wallet top-up queries shared by the API (the top-ups routes, the Stripe webhook) and the
 * ocpp worker (auto-recharge after a session debit): where a wallet's money is paid, a top-up's facts
 * for a Stripe event, and the writes an event decides (status, and the one credit of a paid top-up).
 */
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type AutoRechargeFacts, decideAutoRecharge } from '../../domain/wallets/top-ups';
import type { Db } from '../db';
import { billingAccounts, billingCustomers, userPersonalData, wallets, walletTopUps } from '../schema';
import { appendEntryStatement, balanceOf } from './wallet-ledger.store';

/**
 * Where a wallet's money is paid (ADR 043's owner rule): the Stripe customer of the wallet's company
 * on its operator's Connect account (the platform's when that operator has none); no customer on the
 * platform account when the company has none synced with Stripe.
 */
export async function payeeOf(db: Db, companyId: number) {
  const row = await db
    .select({
      stripeCustomerId: billingCustomers.stripeCustomerId,
      stripeAccountId: billingAccounts.stripeAccountId,
      defaultPaymentMethodId: billingCustomers.defaultPaymentMethodId,
    })
    .from(billingCustomers)
    .leftJoin(billingAccounts, eq(billingAccounts.companyId, billingCustomers.ownerCompanyId))
    .where(and(eq(billingCustomers.companyId, companyId), isNotNull(billingCustomers.stripeCustomerId)))
    .orderBy(asc(billingCustomers.id))
    .get();
  return {
    stripeCustomerId: row?.stripeCustomerId ?? null,
    stripeAccountId: row?.stripeAccountId ?? null,
    /** The customer's default payment method: what an auto-recharge charges off-session. */
    defaultPaymentMethodId: row?.defaultPaymentMethodId ?? null,
  };
}

/** A top-up as a Stripe event's decision reads it, with the account its payment must come from. */
export async function topUpEventFacts(db: Db, topUpId: number) {
  const row = await db
    .select({ topUp: walletTopUps, companyId: wallets.companyId })
    .from(walletTopUps)
    .innerJoin(wallets, eq(wallets.id, walletTopUps.walletId))
    .where(eq(walletTopUps.id, topUpId))
    .get();
  if (!row) return null;
  const payee = await payeeOf(db, row.companyId);
  const t = row.topUp;
  return {
    id: t.id,
    walletId: t.walletId,
    amount: t.amount,
    currency: t.currency,
    status: t.status,
    stripeCheckoutSessionId: t.stripeCheckoutSessionId,
    stripePaymentIntentId: t.stripePaymentIntentId,
    stripeAccountId: payee.stripeAccountId,
  };
}

export interface TopUpWrite {
  topUpId: number;
  status: 'paid' | 'failed' | 'expired';
  failure: string | null;
  /** The Stripe object that paid it, recorded when our row did not name it yet (a crash before it was stored). */
  stripeCheckoutSessionId?: string;
  stripePaymentIntentId?: string;
  credit?: { walletId: number; amount: number; reference: string };
}

/**
 * The statements of a top-up event, for the caller's batch: `paid` from any other state together with
 * its one credit (the `(wallet_id, reference)` index makes a second append a no-op); `failed` and
 * `expired` from `pending` only. Each guarded in SQL too, so a concurrent event cannot undo `paid`.
 */
export function topUpStatements(db: Db, w: TopUpWrite, eventAt: number) {
  const ids = {
    ...(w.stripeCheckoutSessionId
      ? {
          stripeCheckoutSessionId: sql`coalesce(${walletTopUps.stripeCheckoutSessionId}, ${w.stripeCheckoutSessionId})`,
        }
      : {}),
    ...(w.stripePaymentIntentId
      ? { stripePaymentIntentId: sql`coalesce(${walletTopUps.stripePaymentIntentId}, ${w.stripePaymentIntentId})` }
      : {}),
  };
  const set = {
    status: w.status,
    failure: w.failure,
    stripeEventAt: sql`max(${walletTopUps.stripeEventAt}, ${eventAt})`,
    updatedAt: new Date(),
    ...ids,
  };
  const guard = w.status === 'paid' ? ne(walletTopUps.status, 'paid') : eq(walletTopUps.status, 'pending');
  const update = db
    .update(walletTopUps)
    .set(set)
    .where(and(eq(walletTopUps.id, w.topUpId), guard));
  if (!w.credit) return [update] as const;
  const credit = appendEntryStatement(db, {
    walletId: w.credit.walletId,
    kind: 'top_up',
    amount: w.credit.amount,
    reference: w.credit.reference,
    topUpId: w.topUpId,
  });
  return [update, credit] as const;
}

/** A pending top-up that an event refused (amount mismatch): failed with the reason, nothing credited. */
export function refuseTopUpStatement(db: Db, topUpId: number, reason: string) {
  return db
    .update(walletTopUps)
    .set({ status: 'failed', failure: reason, updatedAt: new Date() })
    .where(and(eq(walletTopUps.id, topUpId), ne(walletTopUps.status, 'paid')));
}

/** What an auto-recharge check reads about a wallet after a debit; null for a deleted wallet. */
export async function autoRechargeFacts(db: Db, walletId: number): Promise<AutoRechargeFacts | null> {
  const [row, balance, pending] = await Promise.all([
    db
      .select({
        threshold: wallets.autoRechargeThreshold,
        amount: wallets.autoRechargeAmount,
        currency: wallets.currency,
        userId: wallets.userId,
        userEnabled: userPersonalData.autoRechargeEnabled,
      })
      .from(wallets)
      .leftJoin(userPersonalData, eq(userPersonalData.userId, wallets.userId))
      .where(and(eq(wallets.id, walletId), isNull(wallets.deletedAt)))
      .get(),
    balanceOf(db, walletId),
    db
      .select({ id: walletTopUps.id })
      .from(walletTopUps)
      .where(
        and(
          eq(walletTopUps.walletId, walletId),
          eq(walletTopUps.origin, 'auto_recharge'),
          eq(walletTopUps.status, 'pending'),
        ),
      )
      .get(),
  ]);
  if (!row) return null;
  return {
    balance,
    threshold: row.threshold,
    amount: row.amount,
    currency: row.currency,
    // A company's wallet recharges whenever it is set up; a user's only while the user turned it on.
    enabled: row.userId === null ? true : (row.userEnabled ?? false),
    pendingAuto: pending !== undefined,
  };
}

/**
 * After a debit: queues an auto top-up when `decideAutoRecharge` says so. The INSERT itself checks that
 * no auto top-up of the wallet is pending (one statement: two closes at once queue one). The scheduled
 * job charges it (`chargeAutoRecharges`). Answers the queued top-up's id, or null.
 */
export async function maybeQueueAutoRecharge(db: Db, walletId: number): Promise<number | null> {
  const facts = await autoRechargeFacts(db, walletId);
  if (!facts) return null;
  const decision = decideAutoRecharge(facts);
  if (!decision.recharge) return null;
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO wallet_top_ups (wallet_id, amount, currency, status, origin, created_at)
    SELECT ${walletId}, ${decision.amount}, ${facts.currency}, 'pending', 'auto_recharge', ${Date.now()}
    WHERE NOT EXISTS (SELECT 1 FROM wallet_top_ups WHERE wallet_id = ${walletId}
      AND origin = 'auto_recharge' AND status = 'pending')
    RETURNING id`);
  return rows[0]?.id ?? null;
}
