/**
 * @module The authorization cache rules (OCPP 2.0.1 block C, C10–C12; ADR 058 addendum): how long a
 * station may keep what we answered for an idToken. Never past the card's or contract's own validity
 * end, and never longer than a bounded lifetime, so a card the back office blocks, unlinks or shortens
 * leaves every station's cache within a day even when the ClearCache sent for it never arrived.
 */

/** The longest a station may keep an answer in its authorization cache: 24 hours. */
export const AUTH_CACHE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The `cacheExpiryDateTime` of an answer given at `now`: the validity end `validUntil` (ISO 8601) when
 * it comes first, else `now` plus the bounded lifetime. An unreadable validity end counts as none.
 */
export function cacheExpiry(validUntil: string | undefined, now: Date, lifetimeMs = AUTH_CACHE_LIFETIME_MS): string {
  const bound = now.getTime() + lifetimeMs;
  const end = validUntil === undefined ? Number.NaN : Date.parse(validUntil);
  return new Date(Number.isNaN(end) ? bound : Math.min(end, bound)).toISOString();
}
