/**
 * @module Auto-recharge (issue 18 part 2): a session debit that leaves a wallet below its threshold
 * queues one auto top-up (drizzle/queries/wallet-top-ups.store.ts `maybeQueueAutoRecharge`); this
 * flow, run by the five-minute trigger, charges each queued one off-session on the default payment
 * method of the wallet company's Stripe customer. Stripe's `payment_intent.succeeded` then credits the
 * wallet once through the same webhook as a manual top-up; a decline fails the top-up with Stripe's
 * reason (and a later debit may queue a new one). The PaymentIntent's idempotency key is the top-up's
 * id, so a run that dies after Stripe answered and before we stored the id charges nothing twice.
 */
import type { Db } from '@db/db';
import { idempotencyKey, type Stripe, type StripeSettings, stripeClient } from '../../lib/stripe';
import { failPendingTopUp, payeeOf, queuedAutoRecharges, setPaymentIntent } from './wallet-top-ups.store';

export const NO_SAVED_CARD = 'No saved payment method to charge: add one to the company’s billing customer';

/** Charges up to `limit` queued auto top-ups; answers how many went to Stripe and how many failed. */
export async function chargeAutoRecharges(env: StripeSettings, db: Db, limit = 25) {
  const stripe = stripeClient(env);
  const queued = await queuedAutoRecharges(db, limit);
  let sent = 0;
  let failed = 0;
  for (const { topUp, companyId, walletName } of queued) {
    if (!stripe) break;
    const payee = await payeeOf(db, companyId);
    if (!payee.stripeCustomerId || !payee.defaultPaymentMethodId) {
      await failPendingTopUp(db, topUp.id, NO_SAVED_CARD);
      failed++;
      continue;
    }
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: topUp.amount,
          currency: topUp.currency.toLowerCase(),
          customer: payee.stripeCustomerId,
          payment_method: payee.defaultPaymentMethodId,
          off_session: true,
          confirm: true,
          description: `Automatic top-up: ${walletName}`,
          metadata: { wallet_top_up_id: String(topUp.id), wallet_id: String(topUp.walletId), origin: 'auto_recharge' },
        },
        {
          ...(payee.stripeAccountId ? { stripeAccount: payee.stripeAccountId } : {}),
          idempotencyKey: idempotencyKey('wallet_top_up', 'auto', topUp.id),
        },
      );
      await setPaymentIntent(db, topUp.id, intent.id);
      sent++;
    } catch (err) {
      // Stripe unreachable: left queued, the next run retries with the same key (no double charge).
      const reason = refusalOf(err);
      if (reason === null) continue;
      await failPendingTopUp(db, topUp.id, reason);
      failed++;
    }
  }
  return { sent, failed };
}

/** Stripe's reason for a refused charge (never a stack); null when Stripe was not reached (retry later). */
function refusalOf(err: unknown): string | null {
  const e = err as Partial<Stripe.errors.StripeError>;
  if (e?.type === 'StripeCardError') return `Card refused: ${e.message ?? 'declined'}`;
  if (e?.type === 'StripeConnectionError' || e?.type === 'StripeAPIError' || !e?.type) return null;
  return `Stripe refused the charge: ${e.message ?? e.type}`;
}
