/**
 * @module Subscription rules (issue 17 §6, spec 4 and 9): the billing cycle anchor (a day of the
 * month or the month's end), the trial end (future, at most two years ahead: Stripe's limit; a
 * subscription is free until then), irreversible activation, cancellation, and how a paid fleet
 * subscription contract maps to a Stripe price. Stripe counts anchors in UTC, so these do too: plain
 * calendar arithmetic on UTC dates, no time zone involved.
 */

/** 'eom': the last day of every month (Stripe's `day_of_month: 31`); else a day 1–28. */
export type BillingAnchor = 'eom' | number;

export const ANCHOR_DAYS_MAX = 28;
/** Stripe refuses a `trial_end` more than two years (730 days) after the request. */
export const TRIAL_MAX_DAYS = 730;
const DAY_MS = 86_400_000;

/** The stored form of an anchor ('eom' or '1'…'28') read back; anything else is none. */
export function parseAnchor(stored: string | null | undefined): BillingAnchor | null {
  if (stored === 'eom') return 'eom';
  const day = Number(stored);
  return Number.isInteger(day) && day >= 1 && day <= ANCHOR_DAYS_MAX ? day : null;
}

export function lastDayOfMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Stripe's `billing_cycle_anchor_config` for an anchor: day 31 means "the month's last day". */
export function anchorConfig(anchor: BillingAnchor): { day_of_month: number } {
  return { day_of_month: anchor === 'eom' ? 31 : anchor };
}

/** The anchor's instant (00:00 UTC) in the month of (`year`, `monthIndex`), clamped to its last day. */
function anchorIn(anchor: BillingAnchor, year: number, monthIndex: number): Date {
  const last = lastDayOfMonth(year, monthIndex);
  const day = anchor === 'eom' ? last : Math.min(anchor, last);
  return new Date(Date.UTC(year, monthIndex, day));
}

/** The first billing date after `from`: this month's anchor if still ahead, else next month's. */
export function firstAnchorDate(anchor: BillingAnchor, from: Date): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth();
  const here = anchorIn(anchor, year, month);
  return here.getTime() > from.getTime() ? here : anchorIn(anchor, year, month + 1);
}

/**
 * The next `count` billing dates after `from` for a monthly or yearly price: each one the anchor
 * day of its month, so an end-of-month anchor gives 31 January, 28 (or 29) February, 31 March…
 */
export function anchorDates(anchor: BillingAnchor, from: Date, interval: 'month' | 'year', count: number): Date[] {
  const first = firstAnchorDate(anchor, from);
  const step = interval === 'month' ? 1 : 12;
  return Array.from({ length: count }, (_, i) =>
    anchorIn(anchor, first.getUTCFullYear(), first.getUTCMonth() + i * step),
  );
}

export type TrialRefusal = 'trialInPast' | 'trialTooFar';

/** Why a trial end cannot be used (it must lie in the future, at most two years ahead), or null. */
export function trialRefusal(trialEnd: Date | null | undefined, now: Date): TrialRefusal | null {
  if (!trialEnd) return null;
  if (trialEnd.getTime() <= now.getTime()) return 'trialInPast';
  if (trialEnd.getTime() - now.getTime() > TRIAL_MAX_DAYS * DAY_MS) return 'trialTooFar';
  return null;
}

/** A subscription costs nothing while its trial runs (spec 9: a trial end date makes it free). */
export function isFree(sub: { status: string; trialEnd: Date | null }, now: Date): boolean {
  return sub.status === 'trialing' || (sub.trialEnd !== null && sub.trialEnd.getTime() > now.getTime());
}

/** Stripe statuses in which a subscription counts as activated (spec 4: irreversible once set). */
const ACTIVATED = new Set(['active', 'trialing', 'past_due']);

/** The activation instant to keep: the first one ever set stays, whatever Stripe reports later. */
export function activationAt(current: Date | null, status: string, at: Date): Date | null {
  if (current) return current;
  return ACTIVATED.has(status) ? at : null;
}

/** Subscriptions the `active` lists show. */
export const ACTIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

export type SubscriptionRefusal =
  | 'noCustomer'
  | 'priceNotFound'
  | 'priceNotRecurring'
  | 'couponNotFound'
  | 'taxRateNotFound'
  | TrialRefusal;

/**
 * Whether a subscription may be created from these facts, or the first reason why not: the company
 * needs a billing customer known to Stripe, the price must be a recurring (monthly or yearly) one of
 * the same operator, a named coupon or tax rate must exist there, the trial end must be valid.
 */
export function subscriptionRefusal(facts: {
  customer: { stripeCustomerId: string | null } | null | undefined;
  price: { interval: string; active: boolean; stripePriceId: string | null } | null | undefined;
  couponWanted: boolean;
  coupon: { stripeCouponId: string | null } | null | undefined;
  taxRateWanted: boolean;
  taxRate: { stripeTaxRateId: string | null } | null | undefined;
  trialEnd: Date | null;
  now: Date;
}): SubscriptionRefusal | null {
  if (!facts.customer?.stripeCustomerId) return 'noCustomer';
  if (!facts.price?.active || !facts.price.stripePriceId) return 'priceNotFound';
  if (facts.price.interval !== 'month' && facts.price.interval !== 'year') return 'priceNotRecurring';
  if (facts.couponWanted && !facts.coupon?.stripeCouponId) return 'couponNotFound';
  if (facts.taxRateWanted && !facts.taxRate?.stripeTaxRateId) return 'taxRateNotFound';
  return trialRefusal(facts.trialEnd, facts.now);
}

/** A canceled subscription cannot change any more; cancelling one twice changes nothing. */
export function isEnded(status: string): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}

/**
 * A fleet subscription contract (spec 7.8) as a Stripe recurring price: a contract is a term of
 * `durationMonths` paid up front at `priceMinor`, renewed for another term when autorenew is on.
 * That is exactly a subscription whose price recurs every term (whole years as years, otherwise
 * months; Stripe allows at most three years), with `cancel_at_period_end` = not autorenew.
 */
export function contractRecurrence(durationMonths: number): { interval: 'month' | 'year'; intervalCount: number } {
  if (!Number.isInteger(durationMonths) || durationMonths < 1 || durationMonths > 36)
    throw new RangeError(`a contract term of ${durationMonths} months cannot recur in Stripe (1 to 36)`);
  return durationMonths % 12 === 0
    ? { interval: 'year', intervalCount: durationMonths / 12 }
    : { interval: 'month', intervalCount: durationMonths };
}

/** Days a customer paying by bank transfer has to pay an invoice Stripe sends. */
export const DAYS_UNTIL_DUE = 30;

/**
 * How Stripe collects a subscription's invoices: the operator's choice when it is "send invoice";
 * otherwise charged to the customer's default payment method, and sent (to pay by transfer, within
 * 30 days) when the customer has none yet, so the subscription starts instead of staying incomplete.
 */
export function collectionFor(
  operatorMethod: 'charge_automatically' | 'send_invoice' | null | undefined,
  defaultPaymentMethodId: string | null,
): { collection_method: 'charge_automatically' } | { collection_method: 'send_invoice'; days_until_due: number } {
  if (operatorMethod !== 'send_invoice' && defaultPaymentMethodId) return { collection_method: 'charge_automatically' };
  return { collection_method: 'send_invoice', days_until_due: DAYS_UNTIL_DUE };
}

/**
 * The billing cycle anchor as Stripe's subscription parameters. A day 1–28 exists in every month, so
 * it is sent as the first such date (after the trial when there is one), Stripe keeping that day for
 * every later period. The end of the month is `billing_cycle_anchor_config: { day_of_month: 31 }`,
 * which Stripe puts on the last day of shorter months (a first anchor on 30 November would keep the
 * 30th instead).
 */
export function anchorParams(
  anchor: BillingAnchor | null | undefined,
  trialEnd: Date | null | undefined,
  now: Date,
): { billing_cycle_anchor?: number; billing_cycle_anchor_config?: { day_of_month: number } } {
  if (!anchor) return {};
  if (anchor === 'eom') return { billing_cycle_anchor_config: anchorConfig(anchor) };
  const from = trialEnd && trialEnd > now ? trialEnd : now;
  return { billing_cycle_anchor: Math.floor(firstAnchorDate(anchor, from).getTime() / 1000) };
}
