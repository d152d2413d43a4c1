/**
 * @module An employee's home-reimbursement tariffs (issue 19 part 4, spec 000 §4): a tariff is
 * `pending` until a manager approves it (`active`) or rejects it; only a pending one may be edited or
 * deleted; a new one cannot be submitted while another of the same employee is pending. Validity is a
 * range of dates (YYYY-MM-DD, inclusive, in the company's time zone; no end: open-ended). Two tariffs of
 * one employee that are active or pending never overlap, except that an active open-ended tariff that
 * started earlier is superseded: approving the new one closes it the day before the new one starts.
 */

import { parseDecimal } from '../format/format';

export type TariffStatus = 'pending' | 'active' | 'rejected';

export interface TariffPeriod {
  id: number;
  status: TariffStatus;
  validFrom: string;
  /** Null: open-ended. */
  validTo: string | null;
}

export interface Validity {
  validFrom: string;
  validTo: string | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The day before a YYYY-MM-DD date (month, year and leap days handled). */
export function dayBefore(date: string): string {
  const m = ISO_DATE.exec(date);
  if (!m || !isIsoDate(date)) throw new Error(`not a date: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) - 1));
  return d.toISOString().slice(0, 10);
}

/** Why a validity is malformed: `validTo` before `validFrom`; null when it is fine. */
export function validityProblem(v: Validity): 'validFrom' | 'validTo' | 'order' | null {
  if (!isIsoDate(v.validFrom)) return 'validFrom';
  if (v.validTo !== null && !isIsoDate(v.validTo)) return 'validTo';
  if (v.validTo !== null && v.validTo < v.validFrom) return 'order';
  return null;
}

/** Whether two inclusive date ranges share a day (null end: forever). ISO dates compare as text. */
export function rangesOverlap(a: Validity, b: Validity): boolean {
  const aEndsBeforeB = a.validTo !== null && a.validTo < b.validFrom;
  const bEndsBeforeA = b.validTo !== null && b.validTo < a.validFrom;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** An active open-ended tariff that started before `validFrom`: approving a tariff from then closes it. */
function superseded(t: TariffPeriod, validFrom: string): boolean {
  return t.status === 'active' && t.validTo === null && t.validFrom < validFrom;
}

/**
 * The pending tariff that refuses a new one (or an edit turning into another one): any pending tariff of
 * the employee other than `selfId`. Null: the spec's one-pending rule lets it through.
 */
export function blockingPending(others: readonly TariffPeriod[], selfId?: number): TariffPeriod | null {
  return others.find((t) => t.status === 'pending' && t.id !== selfId) ?? null;
}

/**
 * The active or pending tariff of the employee whose validity overlaps `candidate` (the first by start
 * date), ignoring `selfId`, rejected ones and an active open-ended one that the candidate will close on
 * approval. Null: no overlap.
 */
export function overlappingTariff(
  candidate: Validity,
  others: readonly TariffPeriod[],
  selfId?: number,
): TariffPeriod | null {
  const hits = others.filter(
    (t) =>
      t.id !== selfId &&
      (t.status === 'active' || t.status === 'pending') &&
      !superseded(t, candidate.validFrom) &&
      rangesOverlap(candidate, t),
  );
  return [...hits].sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.id - b.id)[0] ?? null;
}

export type Decision<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export type Refusal =
  | { reason: 'pending'; tariff: TariffPeriod }
  | { reason: 'overlap'; tariff: TariffPeriod }
  | { reason: 'not_pending' };

/** Whether a new tariff with this validity may be submitted for the employee whose tariffs are `others`. */
export function decideSubmission(candidate: Validity, others: readonly TariffPeriod[]): Decision<Validity> {
  const pending = blockingPending(others);
  if (pending) return { ok: false, refusal: { reason: 'pending', tariff: pending } };
  const overlap = overlappingTariff(candidate, others);
  if (overlap) return { ok: false, refusal: { reason: 'overlap', tariff: overlap } };
  return { ok: true, value: candidate };
}

/** Whether `tariff` (one of the employee's) may be edited to `candidate`: only while pending, never overlapping. */
export function decideEdit(
  tariff: TariffPeriod,
  candidate: Validity,
  others: readonly TariffPeriod[],
): Decision<Validity> {
  if (tariff.status !== 'pending') return { ok: false, refusal: { reason: 'not_pending' } };
  const overlap = overlappingTariff(candidate, others, tariff.id);
  if (overlap) return { ok: false, refusal: { reason: 'overlap', tariff: overlap } };
  return { ok: true, value: candidate };
}

/** Whether a tariff may be edited at all (before its new values are looked at): only while pending. */
export function mayEdit(tariff: Pick<TariffPeriod, 'status'>): boolean {
  return tariff.status === 'pending';
}

/** Whether a tariff may be deleted: only while pending. */
export function mayDelete(tariff: Pick<TariffPeriod, 'status'>): boolean {
  return tariff.status === 'pending';
}

export interface Approval {
  /** The earlier active open-ended tariff to close, and its new last day; null when there is none. */
  close: { id: number; validTo: string } | null;
}

/**
 * Approving a pending tariff: refused unless pending, or when it overlaps another active tariff (that
 * cannot happen after the submission checks, unless the data was changed meanwhile); closes the earlier
 * active open-ended tariff the day before the approved one starts, so validity never overlaps.
 */
export function decideApproval(tariff: TariffPeriod, others: readonly TariffPeriod[]): Decision<Approval> {
  if (tariff.status !== 'pending') return { ok: false, refusal: { reason: 'not_pending' } };
  const actives = others.filter((t) => t.status === 'active');
  const overlap = overlappingTariff(tariff, actives, tariff.id);
  if (overlap) return { ok: false, refusal: { reason: 'overlap', tariff: overlap } };
  const previous = actives
    .filter((t) => t.id !== tariff.id && superseded(t, tariff.validFrom))
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
  return {
    ok: true,
    value: { close: previous ? { id: previous.id, validTo: dayBefore(tariff.validFrom) } : null },
  };
}

/** Rejecting: only a pending tariff. */
export function mayReject(tariff: Pick<TariffPeriod, 'status'>): boolean {
  return tariff.status === 'pending';
}

/**
 * A price per kWh typed as a decimal in major units with the dot (spec section 5: "0.2516") → milli-minor
 * units per kWh (25160) for a currency with 2 decimals: up to 5 decimals, above 0.
 */
export function parsePricePerKwh(
  input: string | null | undefined,
): { ok: true; value: number } | { ok: false; error: 'empty' | 'comma' | 'invalid' | 'zero' } {
  const parsed = parseDecimal(input, { maxDecimals: 5 });
  if (!parsed.ok) return parsed;
  if (parsed.value > 1000) return { ok: false, error: 'invalid' };
  const value = Math.round(parsed.value * 100_000);
  return value > 0 ? { ok: true, value } : { ok: false, error: 'zero' };
}
