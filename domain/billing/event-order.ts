/**
 * @module The order rule of Stripe events (issue 17 §9): Stripe may deliver events late, twice or out
 * of order. Every billing row keeps `stripe_event_at`, the `created` second of the last event applied
 * to it. An event created before that second is stale and never overwrites; an event of the same second
 * applies only when the object's own state does not go backwards (an `invoice.updated` saying `open`
 * after `invoice.paid` of the same second never wins).
 */

export type OrderVerdict = 'apply' | 'stale';

/** Where the stored row stands: the second of the last applied event and the rank of its state. */
export interface StoredOrder {
  eventAt: number;
  rank: number;
}

/**
 * Whether an event created at `eventCreated` whose object has state rank `incomingRank` may overwrite
 * the stored row. No stored row (or one never touched by an event: `eventAt` 0): apply.
 */
export function orderVerdict(eventCreated: number, stored: StoredOrder | null, incomingRank: number): OrderVerdict {
  if (!stored) return 'apply';
  if (eventCreated > stored.eventAt) return 'apply';
  if (eventCreated < stored.eventAt) return 'stale';
  return incomingRank >= stored.rank ? 'apply' : 'stale';
}

/**
 * An invoice's status moves draft → open → paid, void or uncollectible. An uncollectible invoice can
 * still be paid, so paid and void (final) rank above uncollectible.
 */
const INVOICE_RANK: Record<string, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

/**
 * A subscription starts incomplete, lives (trialing, active, past_due, unpaid, paused: they move both
 * ways, so they share a rank) and ends (canceled, incomplete_expired: final).
 */
const SUBSCRIPTION_RANK: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 1,
  past_due: 1,
  unpaid: 1,
  paused: 1,
  canceled: 2,
  incomplete_expired: 2,
};

/** A payout is pending, then in transit, then paid, failed or canceled (final). */
const PAYOUT_RANK: Record<string, number> = { pending: 0, in_transit: 1, paid: 2, failed: 2, canceled: 2 };

/** Our setup intent result: pending, processing, then success or failed (final). */
const SETUP_RESULT_RANK: Record<string, number> = { pending: 0, processing: 1, success: 2, failed: 2 };

/** A payment method is attached, then detached (Stripe never re-attaches a detached method). */
const PAYMENT_METHOD_RANK: Record<string, number> = { attached: 0, detached: 1 };

const RANKS = {
  invoice: INVOICE_RANK,
  subscription: SUBSCRIPTION_RANK,
  payout: PAYOUT_RANK,
  setupIntent: SETUP_RESULT_RANK,
  paymentMethod: PAYMENT_METHOD_RANK,
} as const;

export type RankedObject = keyof typeof RANKS;

/** The rank of an object's state; a state we do not know ranks lowest (it never wins a tie). */
export function stateRank(object: RankedObject, state: string | null | undefined): number {
  if (state == null) return 0;
  return RANKS[object][state] ?? 0;
}
