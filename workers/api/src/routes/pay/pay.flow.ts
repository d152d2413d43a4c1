/**
 * @module The QR payment's life after the driver pressed "Pay and charge" (issue 18 part 4): the card
 * step, a Stripe Checkout Session in payment mode whose PaymentIntent holds the amount (manual capture),
 * confirmed (webhook `payment_intent.amount_capturable_updated`, or the session and its intent
 * retrieved when the driver comes back from Checkout), the remote start with the one-time `EP-…` auth id through the
 * maintenance remote start's command path (`dispatchAs`), the release of the hold when the charger
 * refuses or never starts, and at stop the capture of the real driver price (never more than the
 * hold). Every step is gather → decide (domain/qr-payments) → write, and every status change is a
 * guarded update, so the webhook, the driver's page and the cron may all call `advance` at once.
 *
 * The payment's `stripePaymentIntentId` names the Checkout Session (`cs_…`) while the card step is
 * open, then the PaymentIntent (`pi_…`) once Stripe holds the amount: the session makes its intent only
 * when the driver pays, and capture and release need the intent.
 *
 * Ordering with Stripe: a hold released before the session exists is first marked released (then a
 * StartTransaction arriving in the same instant is refused its link rather than charging on a
 * cancelled hold); a capture or release at stop calls Stripe first, with an idempotency key of the
 * row, then writes, so a retry after a failure repeats the same call.
 */
import { dispatchAs } from '@api/lib/charge-point-command';
import { idempotencyKey, type Stripe, stripeClient } from '@api/lib/stripe';
import type { Db } from '@db/db';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { dueAction, settlementOf } from '@domain/qr-payments/decide';
import type { FailureReason, QrPaymentStatus } from '@domain/qr-payments/status';
import { sendReceipt } from './pay.receipt';
import {
  movePayment,
  openPayments,
  operatorAccount,
  type PaymentRow,
  paymentById,
  sessionOf,
  targetOf,
} from './pay.store';

export interface Deps {
  env: Env;
  db: Db;
  now: Date;
  /** The product's origin when known (a request), for the link in the receipt e-mail. */
  origin?: string;
}

async function stripeFor(deps: Deps, p: PaymentRow) {
  const stripe = stripeClient(deps.env);
  if (!stripe) throw new Error('Stripe is not configured');
  const options = stripeAccountOptions(await operatorAccount(deps.db, p.companyId));
  // The SDK refuses an empty options object: none for the platform's account.
  return { stripe, options, read: options.stripeAccount ? options : undefined };
}

const isCheckoutSession = (id: string) => id.startsWith('cs_');
const idOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Cancels the hold, or ends the card step: an open Checkout Session is expired (Stripe cancels its intent). */
async function cancelIntent(deps: Deps, p: PaymentRow): Promise<void> {
  if (!p.stripePaymentIntentId) return;
  const { stripe, options, read } = await stripeFor(deps, p);
  let intentId: string | null = p.stripePaymentIntentId;
  if (isCheckoutSession(intentId)) {
    const session = await stripe.checkout.sessions.retrieve(intentId, undefined, read);
    if (session.status === 'open') {
      await stripe.checkout.sessions.expire(intentId, undefined, {
        ...options,
        idempotencyKey: idempotencyKey('qr-payment', 'expire', p.id),
      });
      return;
    }
    intentId = idOf(session.payment_intent);
    if (!intentId) return;
  }
  const intent = await stripe.paymentIntents.retrieve(intentId, undefined, read);
  if (intent.status === 'canceled' || intent.status === 'succeeded') return;
  await stripe.paymentIntents.cancel(
    intentId,
    { cancellation_reason: 'abandoned' },
    { ...options, idempotencyKey: idempotencyKey('qr-payment', 'cancel', p.id) },
  );
}

/** Before a session exists: marked released first (see the module note), then the hold cancelled. */
async function releaseEarly(deps: Deps, p: PaymentRow, from: QrPaymentStatus, reason: FailureReason) {
  // Before the card step succeeded nothing was held: the payment failed rather than released a hold.
  const to = from === 'pending' ? 'failed' : 'released';
  const moved = await movePayment(deps.db, p.id, from, { status: to, failureReason: reason, finishedAt: deps.now });
  if (moved) await cancelIntent(deps, p);
}

/** The driver is back from Checkout, or the cron asks: what does Stripe say about the card step? */
async function confirmCard(deps: Deps, p: PaymentRow): Promise<void> {
  if (!p.stripePaymentIntentId) return;
  const { stripe, read } = await stripeFor(deps, p);
  let intentId: string | null = p.stripePaymentIntentId;
  if (isCheckoutSession(intentId)) {
    const session = await stripe.checkout.sessions.retrieve(intentId, undefined, read);
    if (session.status === 'expired') {
      await applyCheckoutExpired(deps, p, session);
      return;
    }
    // The session makes its intent at the driver's first attempt to pay.
    intentId = idOf(session.payment_intent);
    if (!intentId) return;
  }
  const intent = await stripe.paymentIntents.retrieve(intentId, undefined, read);
  await applyIntent(deps, p, intent);
}

/** The card step's Checkout Session expired before the driver paid (webhook or retrieve). */
export async function applyCheckoutExpired(deps: Deps, p: PaymentRow, session: Stripe.Checkout.Session) {
  if (p.stripePaymentIntentId !== session.id) return false;
  return movePayment(deps.db, p.id, 'pending', {
    status: 'failed',
    failureReason: 'CARD_STEP_ABANDONED',
    finishedAt: deps.now,
  });
}

/** What an intent's state means for a payment (from the webhook or a retrieve); true when it moved it. */
export async function applyIntent(deps: Deps, p: PaymentRow, intent: Stripe.PaymentIntent): Promise<boolean> {
  // Only the intent our Checkout Session made for this payment (its metadata names the payment's token).
  if (intent.metadata?.qr_payment_token !== p.token) return false;
  const known = p.stripePaymentIntentId;
  if (known && !isCheckoutSession(known) && known !== intent.id) return false;
  if (p.status !== 'pending') return false;
  if (
    intent.status === 'requires_capture' &&
    intent.amount_capturable >= p.amountHeld &&
    intent.currency.toUpperCase() === p.currency.toUpperCase()
  ) {
    return movePayment(deps.db, p.id, 'pending', {
      status: 'authorized',
      authorizedAt: deps.now,
      stripePaymentIntentId: intent.id,
    });
  }
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    // Declined: the payment fails with the reason and the Checkout Session is expired, so no later
    // card on that page can hold money for a payment that no longer starts anything.
    await releaseEarly(deps, p, 'pending', 'CARD_DECLINED');
    return true;
  }
  if (intent.status === 'canceled') {
    return movePayment(deps.db, p.id, 'pending', {
      status: 'failed',
      failureReason: 'CARD_STEP_ABANDONED',
      finishedAt: deps.now,
    });
  }
  return false;
}

/** The remote start, once (authorized → starting), with the payment's one-time auth id. */
async function startCharging(deps: Deps, p: PaymentRow): Promise<void> {
  if (!(await movePayment(deps.db, p.id, 'authorized', { status: 'starting', startRequestedAt: deps.now }))) return;
  const target = await targetOf(deps.db, p);
  if (!target) return releaseEarly(deps, p, 'starting', 'STATION_OFFLINE');
  const sent = await dispatchAs(deps.env, deps.db, null, target, 'RemoteStartTransaction', {
    connectorId: p.connectorNumber,
    idTag: p.authId,
  });
  if (sent.outcome.status === 'offline') return releaseEarly(deps, p, 'starting', 'STATION_OFFLINE');
  if (!sent.succeeded) return releaseEarly(deps, p, 'starting', 'START_REJECTED');
  // Accepted: the StartTransaction with the auth id links the session (drizzle/queries/qr-payments.store.ts).
}

/** At stop, after pricing: capture min(price, hold) or release; then the receipt. */
async function settle(deps: Deps, p: PaymentRow): Promise<void> {
  const s = p.sessionId === null ? undefined : await sessionOf(deps.db, p.sessionId);
  const decision = settlementOf(
    { amount: p.amountHeld, currency: p.currency },
    s
      ? {
          status: s.status,
          refused: s.refusedStatus !== null,
          pricingStatus: s.pricingStatus,
          driverTotal: s.empTotal,
          currency: s.currency,
        }
      : null,
  );
  if (decision.kind === 'wait') return;
  if (decision.kind === 'capture') {
    const { stripe, options } = await stripeFor(deps, p);
    await stripe.paymentIntents.capture(
      p.stripePaymentIntentId ?? '',
      { amount_to_capture: decision.amount },
      { ...options, idempotencyKey: idempotencyKey('qr-payment', 'capture', p.id) },
    );
    await movePayment(deps.db, p.id, 'charging', {
      status: 'captured',
      capturedAmount: decision.amount,
      finishedAt: deps.now,
    });
  } else {
    await cancelIntent(deps, p);
    await movePayment(deps.db, p.id, 'charging', {
      status: 'released',
      capturedAmount: 0,
      failureReason: decision.reason,
      finishedAt: deps.now,
    });
  }
  const done = await paymentById(deps.db, p.id);
  if (done) await sendReceipt(deps.db, done, deps.origin);
}

/** Moves the payment as far as the facts allow now; answers the payment as it then stands. */
export async function advance(deps: Deps, payment: PaymentRow): Promise<PaymentRow> {
  let p = payment;
  // At most one step per kind: card confirmed → started; or settled. Never a loop on Stripe.
  for (let step = 0; step < 3; step++) {
    const action = dueAction(
      {
        status: p.status,
        createdAt: p.createdAt.getTime(),
        startRequestedAt: p.startRequestedAt?.getTime() ?? null,
        sessionId: p.sessionId,
      },
      deps.now.getTime(),
    );
    if (action.kind === 'none') break;
    if (action.kind === 'confirm-card') await confirmCard(deps, p);
    else if (action.kind === 'abandon') await releaseEarly(deps, p, 'pending', 'CARD_STEP_ABANDONED');
    else if (action.kind === 'start') await startCharging(deps, p);
    else if (action.kind === 'release') await releaseEarly(deps, p, p.status, action.reason);
    else await settle(deps, p);
    const next = await paymentById(deps.db, p.id);
    if (!next || next.status === p.status) return next ?? p;
    p = next;
  }
  return p;
}

/** How many open payments one periodic run moves on (oldest first). */
export const PERIODIC_BATCH = 100;

/**
 * The periodic check (cron, every 5 minutes): releases holds whose charger never started, abandons
 * card steps left open, captures sessions priced since. A failure leaves that payment for the next run.
 */
export async function advanceOpenPayments(env: Env, db: Db, now: Date): Promise<number> {
  let moved = 0;
  for (const p of await openPayments(db, PERIODIC_BATCH, now)) {
    try {
      const next = await advance({ env, db, now }, p);
      if (next.status !== p.status) moved++;
    } catch (error) {
      console.warn(`[qr-payments] payment ${p.id} not moved on: ${error instanceof Error ? error.message : error}`);
    }
  }
  return moved;
}
