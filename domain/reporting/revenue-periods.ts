/**
 * @module The periods of the revenue reports (issue 21 part 6, ADR 056): a month 'YYYY-MM' or a quarter
 * 'YYYY-Qn', its months, whether it is over in the company's time zone, the month and quarter that ended
 * last, and the report recipients (the company's report settings' e-mail list, at most 20).
 */

import { monthOf } from '../co2/periods';
import { emailList } from '../reimbursement/settings-input';

export type PeriodKind = 'month' | 'quarter';
export const PERIOD_KINDS = ['month', 'quarter'] as const;

/** At most this many recipients per company. */
export const MAX_RECIPIENTS = 20;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/** Whether `period` is well-formed for `kind`. */
export function isPeriod(kind: PeriodKind, period: string): boolean {
  return (kind === 'month' ? MONTH : QUARTER).test(period);
}

/** The kind a period is written in, or null when it is neither. */
export function kindOf(period: string): PeriodKind | null {
  return MONTH.test(period) ? 'month' : QUARTER.test(period) ? 'quarter' : null;
}

const label = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const indexOf = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/** The quarter a month is in: '2026-11' → '2026-Q4'. */
export function quarterOf(month: string): string {
  return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The months of a well-formed period, in order ('YYYY-MM'). */
export function periodMonths(kind: PeriodKind, period: string): string[] {
  if (kind === 'month') return [period];
  const first = Number(period.slice(0, 4)) * 12 + (Number(period.slice(6)) - 1) * 3;
  return [label(first), label(first + 1), label(first + 2)];
}

/** Whether the period's last month ended before `now`, in the time zone. */
export function periodOver(timeZone: string, kind: PeriodKind, period: string, now: number): boolean {
  const last = periodMonths(kind, period).at(-1) as string;
  return indexOf(last) < indexOf(monthOf(timeZone, now));
}

/** The month and the quarter that ended last before `now`, in the time zone. */
export function lastEndedPeriods(timeZone: string, now: number): { month: string; quarter: string } {
  const current = indexOf(monthOf(timeZone, now));
  const month = label(current - 1);
  const quarterStart = current - (current % 3);
  return { month, quarter: quarterOf(label(quarterStart - 1)) };
}

export type RecipientsVerdict =
  | { ok: true; list: string[]; value: string | null }
  | { ok: false; reason: 'invalid'; address: string }
  | { ok: false; reason: 'tooMany'; count: number };

/** A comma-separated recipients list: each address valid, duplicates dropped, at most MAX_RECIPIENTS. */
export function reportRecipients(raw: string | null): RecipientsVerdict {
  const parsed = emailList(raw);
  if (!parsed.ok) return { ok: false, reason: 'invalid', address: parsed.address };
  const list = parsed.value === null ? [] : parsed.value.split(', ');
  if (list.length > MAX_RECIPIENTS) return { ok: false, reason: 'tooMany', count: list.length };
  return { ok: true, list, value: parsed.value };
}
