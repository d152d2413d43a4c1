/** @module The rules of the fixed-window attempt limits (RATE_LIMITS): when an attempt is over, and for how long. */
import { RATE_LIMITS } from './constants';

export type LimitName = keyof typeof RATE_LIMITS;

export const windowMsOf = (limit: LimitName) => RATE_LIMITS[limit].windowMinutes * 60_000;

/**
 * Seconds the caller waits after an attempt that brought its window to `count`: null while the count
 * is within the limit's maximum, else until the window ends (at least one second).
 */
export function retryAfterSeconds(
  limit: LimitName,
  window: { count: number; windowStart: number },
  now: number,
): number | null {
  if (window.count <= RATE_LIMITS[limit].max) return null;
  return Math.max(1, Math.ceil((window.windowStart + windowMsOf(limit) - now) / 1000));
}

/** Windows that started before this instant are over for every limit (the daily prune drops them). */
export function oldestLiveWindowStart(now: number): number {
  return now - Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMinutes)) * 60_000;
}
