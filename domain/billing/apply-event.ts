/**
 * @module What a Stripe event does to our billing tables (issue 17 §9): gather → decide → write. The
 * webhook handler stores the event, asks `eventTarget` which rows to read, reads them (the facts) and
 * lets `decideEvent` say: write these values (`applied`), the row holds a newer state (`stale`), or
 * nothing to do (`ignored`, with the reason: a type we do not handle, an object unknown to us).
 * Amounts stay Stripe's integer minor units; instants are Stripe's seconds turned into Dates.
 */
import type Stripe from 'stripe';
import { decideTopUpEvent, topUpIdOf } from './apply-top-up';
import { orderVerdict, type RankedObject, stateRank } from './event-order';
import type { BillingEvent, EventDecision, EventFacts, EventTarget, PaymentMethodType } from './event-types';
import { onboardingState } from './onboarding';

export type * from './event-types';

const SETUP_RESULTS: Record<string, 'pending' | 'success' | 'processing' | 'failed'> = {
  'setup_intent.succeeded': 'success',
  'setup_intent.processing': 'processing',
  'setup_intent.setup_failed': 'failed',
  'setup_intent.requires_action': 'pending',
};
const INVOICE_EVENTS = new Set(
  [
    'created',
    'finalized',
    'updated',
    'paid',
    'payment_failed',
    'payment_succeeded',
    'voided',
    'marked_uncollectible',
    'sent',
  ].map((e) => `invoice.${e}`),
);
const SUBSCRIPTION_EVENTS = new Set(['created', 'updated', 'deleted'].map((e) => `customer.subscription.${e}`));
const PAYMENT_METHOD_EVENTS = new Set(['attached', 'detached', 'updated'].map((e) => `payment_method.${e}`));

export const NO_TOP_UP = 'Names no wallet top-up';
/** Checkout in setup mode writes nothing itself: its SetupIntent's events carry the result (the webhook route makes the first method the default). */
export const SETUP_CHECKOUT = 'Checkout in setup mode: the result is its SetupIntent’s';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;
const at = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const obj = <T>(event: BillingEvent) => event.data.object as T;

/** Which rows the event concerns, so the store reads exactly those. */
export function eventTarget(event: BillingEvent): EventTarget {
  const t = event.type;
  const topUpId = topUpIdOf(event);
  if (topUpId !== null) return { kind: 'walletTopUp', objectId: obj<{ id: string }>(event).id, topUpId };
  if (t === 'account.updated') return { kind: 'account', objectId: obj<Stripe.Account>(event).id };
  if (t in SETUP_RESULTS) return { kind: 'setupIntent', objectId: obj<Stripe.SetupIntent>(event).id };
  if (PAYMENT_METHOD_EVENTS.has(t)) {
    const pm = obj<Stripe.PaymentMethod>(event);
    return { kind: 'paymentMethod', objectId: pm.id, customerId: idOf(pm.customer) };
  }
  if (t === 'customer.updated') return { kind: 'customer', objectId: obj<Stripe.Customer>(event).id };
  if (SUBSCRIPTION_EVENTS.has(t)) return { kind: 'subscription', objectId: obj<Stripe.Subscription>(event).id };
  if (INVOICE_EVENTS.has(t)) {
    const inv = obj<Stripe.Invoice>(event);
    return {
      kind: 'invoice',
      objectId: inv.id ?? null,
      customerId: idOf(inv.customer),
      subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
    };
  }
  if (t.startsWith('payout.')) return { kind: 'payout', objectId: obj<Stripe.Payout>(event).id };
  const o = event.data.object as { id?: unknown } | null;
  return { kind: 'none', objectId: typeof o?.id === 'string' ? o.id : null };
}

/** The order rule against a stored row that carries its rank's state. */
function ordered(
  event: BillingEvent,
  kind: RankedObject | null,
  stored: { stripeEventAt: number; state?: string },
  incoming?: string,
) {
  const rank = (s?: string) => (kind ? stateRank(kind, s) : 0);
  return orderVerdict(event.created, { eventAt: stored.stripeEventAt, rank: rank(stored.state) }, rank(incoming));
}

const unknown = (what: string): EventDecision => ({ outcome: 'ignored', reason: `${what} unknown to us` });

/**
 * A row owned by another company than the connected account the event came from is not this event's:
 * treated as unknown. Platform events (no account) are not restricted.
 */
function owned(event: BillingEvent, facts: EventFacts, ownerCompanyId: number): boolean {
  return !event.account || facts.accountCompanyId === ownerCompanyId;
}

/** The decision for a verified event, from the rows the store read for `eventTarget(event)`. */
export function decideEvent(event: BillingEvent, facts: EventFacts): EventDecision {
  const t = event.type;
  if (topUpIdOf(event) !== null) return decideTopUpEvent(event, facts);
  if (t.startsWith('checkout.session.'))
    return { outcome: 'ignored', reason: obj<{ mode?: string }>(event).mode === 'setup' ? SETUP_CHECKOUT : NO_TOP_UP };
  if (event.account && facts.accountCompanyId === null) return unknown(`Connected account ${event.account}`);
  if (t === 'account.updated') return decideAccount(event, facts);
  if (t in SETUP_RESULTS) {
    const row = facts.setupIntent;
    if (!row || !owned(event, facts, row.ownerCompanyId)) return unknown('Setup intent');
    const result = SETUP_RESULTS[t] as 'pending' | 'success' | 'processing' | 'failed';
    if (ordered(event, 'setupIntent', { ...row, state: row.result }, result) === 'stale') return { outcome: 'stale' };
    return {
      outcome: 'applied',
      write: { table: 'setupIntent', stripeSetupIntentId: obj<Stripe.SetupIntent>(event).id, result },
    };
  }
  if (PAYMENT_METHOD_EVENTS.has(t)) return decidePaymentMethod(event, facts);
  if (t === 'customer.updated') {
    const row = facts.customer;
    if (!row || !owned(event, facts, row.ownerCompanyId)) return unknown('Customer');
    if (ordered(event, null, row) === 'stale') return { outcome: 'stale' };
    const dpm = idOf(obj<Stripe.Customer>(event).invoice_settings?.default_payment_method);
    return { outcome: 'applied', write: { table: 'customer', customerId: row.id, defaultPaymentMethodId: dpm } };
  }
  if (SUBSCRIPTION_EVENTS.has(t)) return decideSubscription(event, facts);
  if (INVOICE_EVENTS.has(t)) return decideInvoice(event, facts);
  if (t.startsWith('payout.')) return decidePayout(event, facts);
  return { outcome: 'ignored', reason: `Event type ${t} is not handled` };
}

function decideAccount(event: BillingEvent, facts: EventFacts): EventDecision {
  const row = facts.account;
  const account = obj<Stripe.Account>(event);
  if (!row) return unknown('Connected account');
  if (event.account && event.account !== account.id) return unknown('Connected account');
  if (ordered(event, null, row) === 'stale') return { outcome: 'stale' };
  const flags = {
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
  };
  const state = onboardingState({ hasAccount: true, ...flags, previous: row.state });
  return { outcome: 'applied', write: { table: 'account', stripeAccountId: account.id, values: { ...flags, state } } };
}

/** Our payment method types (spec 9: card, SEPA, BACS, bank transfer); null for any other. */
function paymentMethodType(type: string): PaymentMethodType | null {
  return type === 'card' || type === 'sepa_debit' || type === 'bacs_debit' || type === 'customer_balance' ? type : null;
}

function decidePaymentMethod(event: BillingEvent, facts: EventFacts): EventDecision {
  const pm = obj<Stripe.PaymentMethod>(event);
  const detached = event.type === 'payment_method.detached' || pm.customer == null;
  const row = facts.paymentMethod;
  const customer = facts.customer;
  if (row && !owned(event, facts, row.ownerCompanyId)) return unknown('Payment method');
  // A method we never stored is recorded once its customer is ours; a detach of one we never stored changes nothing.
  if (!row && (detached || !customer || !owned(event, facts, customer.ownerCompanyId)))
    return unknown('Payment method');
  const type = paymentMethodType(pm.type);
  if (!type) return { outcome: 'ignored', reason: `Payment method type ${pm.type} is not used` };
  if (row) {
    const state = row.detached ? 'detached' : 'attached';
    if (ordered(event, 'paymentMethod', { ...row, state }, detached ? 'detached' : 'attached') === 'stale')
      return { outcome: 'stale' };
  }
  const card = pm.card;
  return {
    outcome: 'applied',
    write: {
      table: 'paymentMethod',
      row: {
        stripePaymentMethodId: pm.id,
        customerId: customer?.id ?? null,
        type,
        brand: card?.brand ?? null,
        last4: card?.last4 ?? pm.sepa_debit?.last4 ?? pm.bacs_debit?.last4 ?? null,
        expMonth: card?.exp_month ?? null,
        expYear: card?.exp_year ?? null,
        bankCode: pm.sepa_debit?.bank_code ?? pm.bacs_debit?.sort_code ?? null,
        detachedAt: detached ? new Date(event.created * 1000) : null,
      },
    },
  };
}

/** A subscription's period end: per item since API 2025-03-31 (the latest of its items). */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const ends = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((s): s is number => Boolean(s));
  return ends.length ? at(Math.max(...ends)) : null;
}

function decideSubscription(event: BillingEvent, facts: EventFacts): EventDecision {
  const sub = obj<Stripe.Subscription>(event);
  const row = facts.subscription;
  if (!row || !owned(event, facts, row.ownerCompanyId)) return unknown('Subscription');
  const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
  if (ordered(event, 'subscription', { ...row, state: row.status }, status) === 'stale') return { outcome: 'stale' };
  const live = status === 'active' || status === 'trialing' || status === 'past_due';
  return {
    outcome: 'applied',
    write: {
      table: 'subscription',
      subscriptionId: row.id,
      values: {
        status,
        currentPeriodEnd: periodEnd(sub),
        trialEnd: at(sub.trial_end),
        cancelAtPeriodEnd: sub.cancel_at_period_end === true,
        canceledAt: at(sub.canceled_at),
      },
      activatedAt: live ? new Date(event.created * 1000) : null,
    },
  };
}

function decideInvoice(event: BillingEvent, facts: EventFacts): EventDecision {
  const inv = obj<Stripe.Invoice>(event);
  const row = facts.invoice;
  const customer = facts.customer;
  if (!inv.id) return unknown('Invoice');
  if (row) {
    if (!owned(event, facts, row.ownerCompanyId)) return unknown('Invoice');
    if (ordered(event, 'invoice', { ...row, state: row.status }, inv.status ?? row.status) === 'stale')
      return { outcome: 'stale' };
  } else if (!customer || !owned(event, facts, customer.ownerCompanyId)) {
    return unknown('Invoice customer');
  }
  const ofSubscription = Boolean(inv.parent?.subscription_details?.subscription);
  const subscription =
    facts.subscription && facts.subscription.ownerCompanyId === (row?.ownerCompanyId ?? customer?.ownerCompanyId)
      ? facts.subscription
      : null;
  const taxes = (inv.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  return {
    outcome: 'applied',
    write: {
      table: 'invoice',
      row: {
        stripeInvoiceId: inv.id,
        insert:
          row || !customer
            ? null
            : {
                ownerCompanyId: customer.ownerCompanyId,
                companyId: customer.companyId,
                customerId: customer.id,
                kind: ofSubscription ? 'subscription' : 'one_time',
              },
        subscriptionId: subscription?.id ?? null,
        number: inv.number ?? null,
        status: inv.status ?? null,
        currency: inv.currency,
        subtotal: inv.subtotal,
        totalExcludingTax: inv.total_excluding_tax ?? inv.total - taxes,
        tax: taxes,
        total: inv.total,
        amountDue: inv.amount_due,
        amountPaid: inv.amount_paid,
        customerEmail: inv.customer_email ?? null,
        periodStart: at(inv.period_start),
        periodEnd: at(inv.period_end),
        attemptCount: inv.attempt_count ?? 0,
        nextPaymentAttempt: at(inv.next_payment_attempt),
        hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
        invoicePdf: inv.invoice_pdf ?? null,
        paidAt: at(inv.status_transitions?.paid_at),
        sentAt: event.type === 'invoice.sent' ? new Date(event.created * 1000) : null,
      },
    },
  };
}

function decidePayout(event: BillingEvent, facts: EventFacts): EventDecision {
  const payout = obj<Stripe.Payout>(event);
  const row = facts.payout;
  if (row) {
    if (event.account && row.companyId !== facts.accountCompanyId) return unknown('Payout');
    if (ordered(event, 'payout', { ...row, state: row.status }, payout.status) === 'stale') return { outcome: 'stale' };
  }
  // A payout is an operator's: a new one is recorded for the connected account it came from.
  const companyId = row?.companyId ?? facts.accountCompanyId;
  if (companyId == null) return unknown('Payout');
  const userId = Number(payout.metadata?.user_id);
  return {
    outcome: 'applied',
    write: {
      table: 'payout',
      row: {
        stripePayoutId: payout.id,
        companyId,
        userId: Number.isInteger(userId) && userId > 0 ? userId : null,
        amount: payout.amount,
        currency: payout.currency,
        status: payout.status,
        arrivalDate: at(payout.arrival_date),
      },
    },
  };
}
