/**
 * @module The operator invoice board (issue 17 part 8, spec routes /cpo-invoices/*): the platform
 * settles each month with each operator whose stations served sessions. Pure decisions; the store
 * (workers/api/src/routes/cpo-invoices/cpo-invoices.store.ts) gathers the month's session sums and
 * writes what these return.
 *
 * Figures come from the CDR price perspectives that pricing at close wrote (price-at-close.ts):
 * - `energyAmount` and `subOperatorTotal`: the sub-operator perspective (`subcpo_price_energy`,
 *   `subcpo_price_total`), priced with the operator's cpo tariff: what the operator's stations earned;
 * - `ownerTotal`: the owner perspective (`owner_price_total`): the share due to the stations' owners.
 * The driver's (e-mobility provider) perspective is not the operator's business and is left out.
 * A session whose sub-operator perspective has no price counts in `unpricedSessions` (shown, never
 * a silent 0), and its kWh still count.
 *
 * A month is the operator's local calendar month (its company time zone); refused sessions (ADR 040)
 * and sessions still in progress are never part of it.
 */
import { zoneClock } from '../time/zone-clock';

export const CPO_INVOICE_STATUSES = ['draft', 'checked', 'sent', 'paid', 'disputed'] as const;
export type CpoInvoiceStatus = (typeof CPO_INVOICE_STATUSES)[number];

/** The three admin checks of a board row, unchecked when it is created. */
export const CPO_INVOICE_CHECKS = ['sessions_checked', 'amounts_checked', 'sent_to_operator'] as const;
export type CpoInvoiceCheck = (typeof CPO_INVOICE_CHECKS)[number];
export type CpoInvoiceChecks = Record<CpoInvoiceCheck, boolean>;

export const UNCHECKED: CpoInvoiceChecks = { sessions_checked: false, amounts_checked: false, sent_to_operator: false };

/** Where each status may go. Paid is final; a disputed row is corrected (back to draft) or paid. */
export const CPO_INVOICE_TRANSITIONS: Record<CpoInvoiceStatus, readonly CpoInvoiceStatus[]> = {
  draft: ['checked'],
  checked: ['draft', 'sent'],
  sent: ['paid', 'disputed'],
  disputed: ['draft', 'paid'],
  paid: [],
};

/** The checks a status stands for: a checked row had its sessions and amounts checked, a sent one was sent. */
const REQUIRED_CHECKS: Record<CpoInvoiceStatus, readonly CpoInvoiceCheck[]> = {
  draft: [],
  checked: ['sessions_checked', 'amounts_checked'],
  sent: ['sessions_checked', 'amounts_checked', 'sent_to_operator'],
  disputed: ['sessions_checked', 'amounts_checked', 'sent_to_operator'],
  paid: ['sessions_checked', 'amounts_checked', 'sent_to_operator'],
};

/** One group of the month's sessions on the operator's stations, as the store sums them (per currency). */
export interface SessionSums {
  currency: string;
  sessions: number;
  /** Sum of cdr_consumed_energy, Wh. */
  energyWh: number;
  /** Sums of the sub-operator and owner perspectives, minor units (null values left out). */
  subOperatorEnergy: number;
  subOperatorTotal: number;
  ownerTotal: number;
  /** Sessions whose sub-operator total is null. */
  unpriced: number;
}

export interface CpoInvoiceFigures {
  currency: string;
  sessions: number;
  energyWh: number;
  energyAmount: number;
  subOperatorTotal: number;
  ownerTotal: number;
  unpricedSessions: number;
}

export type FiguresDecision =
  | { ok: true; figures: CpoInvoiceFigures }
  | { ok: false; reason: 'mixed-currencies'; currencies: string[] };

/**
 * The row's figures from the month's sums. No sessions: zeros in the operator's currency. Sessions
 * in several currencies are refused rather than added up (one board row holds one currency).
 */
export function invoiceFigures(sums: readonly SessionSums[], operatorCurrency: string): FiguresDecision {
  const groups = sums.filter((s) => s.sessions > 0);
  const currencies = [...new Set(groups.map((s) => s.currency))].sort();
  if (currencies.length > 1) return { ok: false, reason: 'mixed-currencies', currencies };
  const figures: CpoInvoiceFigures = {
    currency: currencies[0] ?? operatorCurrency,
    sessions: 0,
    energyWh: 0,
    energyAmount: 0,
    subOperatorTotal: 0,
    ownerTotal: 0,
    unpricedSessions: 0,
  };
  for (const s of groups) {
    figures.sessions += s.sessions;
    figures.energyWh += s.energyWh;
    figures.energyAmount += s.subOperatorEnergy;
    figures.subOperatorTotal += s.subOperatorTotal;
    figures.ownerTotal += s.ownerTotal;
    figures.unpricedSessions += s.unpriced;
  }
  return { ok: true, figures };
}

/** "2026-10" → { year, month }; null for anything else. */
export function parseMonth(value: string): { year: number; month: number } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null;
}

/** The local date of `at` in `timeZone`, as "YYYY-MM-DD" (a new row's invoice date is today's). */
export function localDate(at: Date, timeZone: string): string {
  return new Date(zoneClock(timeZone).wall(at.getTime())).toISOString().slice(0, 10);
}

/** The month `at` falls in, in `timeZone`, as "YYYY-MM". */
export function monthOf(at: Date, timeZone: string): string {
  return localDate(at, timeZone).slice(0, 7);
}

/** The UTC instants [from, to) of a local calendar month. */
export function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  const clock = zoneClock(timeZone);
  return {
    from: new Date(clock.earliestUtcOf(Date.UTC(parsed.year, parsed.month - 1, 1))),
    to: new Date(clock.earliestUtcOf(Date.UTC(parsed.year, parsed.month, 1))),
  };
}

/** A row can be made for the current month (figures refreshed while draft) or a past one, not a future one. */
export function monthOpen(month: string, now: Date, timeZone: string): boolean {
  return month <= monthOf(now, timeZone);
}

/** The board row's name: the operator and month it settles, e.g. CPO-2026-10-000012. */
export function cpoInvoiceName(operatorCompanyId: number, month: string): string {
  return `CPO-${month}-${String(operatorCompanyId).padStart(6, '0')}`;
}

/** Figures are refreshed only while nobody has vouched for them. */
export function canRecompute(status: CpoInvoiceStatus): boolean {
  return status === 'draft';
}

export interface CpoInvoiceState {
  status: CpoInvoiceStatus;
  checks: CpoInvoiceChecks;
}

export interface CpoInvoiceChange {
  status?: CpoInvoiceStatus;
  checks?: Partial<CpoInvoiceChecks>;
  /** Whether the notes or the invoice date change (the timeline records that they did). */
  notes?: boolean;
  invoiceDate?: boolean;
}

/** One entry of the row's timeline. */
export type TimelineEntry =
  | { kind: 'status'; from: CpoInvoiceStatus; to: CpoInvoiceStatus }
  | { kind: 'check'; check: CpoInvoiceCheck; value: boolean }
  | { kind: 'notes' }
  | { kind: 'invoice-date' };

export type EditDecision =
  | { ok: true; state: CpoInvoiceState; timeline: TimelineEntry[] }
  | { ok: false; reason: 'paid-final' }
  | { ok: false; reason: 'transition'; from: CpoInvoiceStatus; to: CpoInvoiceStatus }
  | { ok: false; reason: 'checks-missing'; status: CpoInvoiceStatus; missing: CpoInvoiceCheck[] };

/** The statuses a row may be moved to now. */
export function nextStatuses(status: CpoInvoiceStatus): readonly CpoInvoiceStatus[] {
  return CPO_INVOICE_TRANSITIONS[status];
}

/**
 * An edit of checks and status: the checks change first, then the status moves along an allowed
 * transition, and the result must hold the checks its status stands for (so unticking a check of a
 * checked row needs it moved back to draft in the same edit). A paid row changes no more, except
 * its notes. Unchanged values are no change and make no timeline entry.
 */
export function decideEdit(current: CpoInvoiceState, change: CpoInvoiceChange): EditDecision {
  const checks: CpoInvoiceChecks = { ...current.checks, ...change.checks };
  const timeline: TimelineEntry[] = [];
  for (const check of CPO_INVOICE_CHECKS)
    if (checks[check] !== current.checks[check]) timeline.push({ kind: 'check', check, value: checks[check] });
  const status = change.status ?? current.status;
  if (current.status === 'paid' && (timeline.length > 0 || status !== 'paid' || change.invoiceDate))
    return { ok: false, reason: 'paid-final' };
  if (status !== current.status) {
    if (!CPO_INVOICE_TRANSITIONS[current.status].includes(status))
      return { ok: false, reason: 'transition', from: current.status, to: status };
    timeline.push({ kind: 'status', from: current.status, to: status });
  }
  const missing = REQUIRED_CHECKS[status].filter((c) => !checks[c]);
  if (missing.length > 0) return { ok: false, reason: 'checks-missing', status, missing };
  if (change.notes) timeline.push({ kind: 'notes' });
  if (change.invoiceDate) timeline.push({ kind: 'invoice-date' });
  return { ok: true, state: { status, checks }, timeline };
}
