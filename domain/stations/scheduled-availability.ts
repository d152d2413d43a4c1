/**
 * @module When a scheduled availability change (ADR 027) may be due: later than now by at least a
 * minute (a change for "now" is the immediate command) and at most a year ahead.
 */

/** Later than now by at least this much. */
export const MIN_LEAD_MS = 60_000;
/** At most this far ahead. */
export const MAX_LEAD_DAYS = 366;

/** Why a due time is refused; null when it may be scheduled. */
export function scheduleTimeProblem(dueAt: number, now: number): 'too-soon' | 'too-far' | null {
  if (dueAt < now + MIN_LEAD_MS) return 'too-soon';
  if (dueAt > now + MAX_LEAD_DAYS * 86_400_000) return 'too-far';
  return null;
}
