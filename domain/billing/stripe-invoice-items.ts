/**
 * @module What a usage invoice puts on Stripe. Stripe refuses more than 250 invoice items on one
 * invoice (API changelog 2016-02-22), and a fleet can charge thousands of times a month, so the
 * invoice's session lines become ONE Stripe item (count, energy, total), while fees and one-time
 * products keep an item each. Our own lines, the invoice screen and the XLS keep every session.
 * Grouping is a pure function of the invoice's lines, which never change once written, so a rerun
 * makes the same groups with the same idempotency keys and Stripe answers with the items it made.
 */

/** Stripe's limit of invoice items per invoice. */
export const STRIPE_MAX_INVOICE_ITEMS = 250;

export interface MirrorLine {
  id: number;
  kind: 'session' | 'fee' | 'subscription' | 'one_time';
  amount: number;
  description: string;
  energyWh: number | null;
  periodStart: number;
  periodEnd: number;
}

export interface StripeItemGroup {
  /** Stable within the invoice: 'sessions', 'other' or 'line-<id>'; part of the idempotency key. */
  key: string;
  lineIds: number[];
  amount: number;
  /** What the item says; the sessions item names its count and energy for the customer's invoice. */
  description: string;
  periodStart: number;
  periodEnd: number;
}

function group(key: string, lines: MirrorLine[], description: string): StripeItemGroup {
  return {
    key,
    lineIds: lines.map((l) => l.id),
    amount: lines.reduce((t, l) => t + l.amount, 0),
    description,
    periodStart: Math.min(...lines.map((l) => l.periodStart)),
    periodEnd: Math.max(...lines.map((l) => l.periodEnd)),
  };
}

/**
 * The Stripe items of an invoice, at most {@link STRIPE_MAX_INVOICE_ITEMS}: session lines as one
 * item, every other line as its own in line order; if even that is too many, the lines past the
 * limit share one last "other" item. `sessionsLabel` words the sessions item, e.g.
 * `(count, kWh) => "Charging sessions: 1,204 (12,345.6 kWh)"`.
 */
export function stripeItemGroups(
  lines: readonly MirrorLine[],
  sessionsLabel: (count: number, energyWh: number) => string,
  otherLabel: (count: number) => string,
): StripeItemGroup[] {
  const sessions = lines.filter((l) => l.kind === 'session');
  const others = [...lines.filter((l) => l.kind !== 'session')].sort((a, b) => a.id - b.id);
  const groups: StripeItemGroup[] = [];
  if (sessions.length > 0) {
    const energy = sessions.reduce((t, l) => t + (l.energyWh ?? 0), 0);
    groups.push(group('sessions', sessions, sessionsLabel(sessions.length, energy)));
  }
  const room = STRIPE_MAX_INVOICE_ITEMS - groups.length;
  const own = others.length <= room ? others : others.slice(0, room - 1);
  for (const line of own) groups.push(group(`line-${line.id}`, [line], line.description));
  const rest = others.slice(own.length);
  if (rest.length > 0) groups.push(group('other', rest, otherLabel(rest.length)));
  return groups;
}
