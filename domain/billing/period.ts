/** @module Billing months: 'YYYY-MM' periods, their bounds in a company's zone, the annual fee's month. */
import { zoneClock } from '../time/zone-clock';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' → [year, month 1-12]; throws for anything else. */
export function parsePeriod(period: string): [number, number] {
  const m = PERIOD.exec(period);
  if (!m) throw new RangeError(`not a YYYY-MM period: ${period}`);
  return [Number(m[1]), Number(m[2])];
}

/** The month before the one `now` falls in, in UTC: what the job on the 1st bills. */
export function previousPeriod(now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return m === 0 ? `${y - 1}-12` : `${y}-${String(m).padStart(2, '0')}`;
}

/** Wall-clock midnight of the 1st of a month in `timeZone`, as an instant. */
function monthStartIn(year: number, month: number, timeZone: string): Date {
  return new Date(zoneClock(timeZone).earliestUtcOf(Date.UTC(year, month - 1, 1)));
}

/** The month's bounds in the company's zone: [start, end). */
export function periodBounds(period: string, timeZone: string): { start: Date; end: Date } {
  const [y, m] = parsePeriod(period);
  const next = m === 12 ? [y + 1, 1] : [y, m + 1];
  return { start: monthStartIn(y, m, timeZone), end: monthStartIn(next[0] as number, next[1] as number, timeZone) };
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' date (or of an instant in UTC). */
const monthOf = (date: string) => date.slice(0, 7);

/** The month of the year the platform annual fee is billed in (1-12): see usage-invoice.ts. */
export function anchorMonth(company: { contractStartDate: string | null; createdAt: Date }): number {
  if (company.contractStartDate && /^\d{4}-\d{2}/.test(company.contractStartDate))
    return Number(company.contractStartDate.slice(5, 7));
  return company.createdAt.getUTCMonth() + 1;
}

/** Whether `period` is inside the contract (months of its start and end included; open ends allowed). */
export function inContract(
  company: { contractStartDate: string | null; contractEndDate: string | null },
  period: string,
) {
  if (company.contractStartDate && period < monthOf(company.contractStartDate)) return false;
  if (company.contractEndDate && period > monthOf(company.contractEndDate)) return false;
  return true;
}
