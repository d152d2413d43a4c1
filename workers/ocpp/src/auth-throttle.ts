/**
 * @module Limits failed basic-auth upgrades per charge point id and per remote address (issue 24):
 * once a key has `max` failures in its window, every attempt on it answers 429 with Retry-After until
 * the window ends, before any password is checked. The counts live in D1 (`rate_limits`): read in the
 * same batch as the station, so a successful upgrade pays no extra round trip, and written only on a
 * failure. This isolate remembers what it learnt, so a client it already refused costs no D1 call, and
 * it counts the attempts in flight per id, so parallel guesses reaching one isolate stop at the limit
 * too. A success changes no counter (ADR 010, addendum on throttling).
 */

import type { Db } from '@db/db';
import { type FailureWindow, recordFailure } from '@db/queries/ocpp-upgrade.store';
import { RATE_LIMITS } from '@domain/identity/constants';

type LimitName = 'ocppAuthPerStation' | 'ocppAuthPerAddress';

export interface ThrottleKey {
  /** The `rate_limits` row key, e.g. `ocppAuthPerStation:CP-1`. */
  key: string;
  max: number;
  windowMs: number;
  /** Whether attempts still being checked count against the limit (per id only: a NAT's stations reconnect together). */
  countsInFlight: boolean;
}

interface Seen {
  windowStart: number;
  failures: number;
  inFlight: number;
}

const MAX_ENTRIES = 10_000;
const seen = new Map<string, Seen>();

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The caller's address as Cloudflare's edge reports it, or null where there is none to hold against it:
 * no header, or loopback (locally the simulator, the tests and the benchmark share 127.0.0.1).
 */
export function remoteAddress(request: Request): string | null {
  const address = request.headers.get('cf-connecting-ip')?.trim();
  return address && !LOOPBACK.has(address) ? address : null;
}

function keyOf(limit: LimitName, subject: string, countsInFlight: boolean): ThrottleKey {
  const { max, windowMinutes } = RATE_LIMITS[limit];
  return { key: `${limit}:${subject}`, max, windowMs: windowMinutes * 60_000, countsInFlight };
}

export function throttleKeys(id: string, address: string | null): [ThrottleKey, ...ThrottleKey[]] {
  const station = keyOf('ocppAuthPerStation', id, true);
  return address === null ? [station] : [station, keyOf('ocppAuthPerAddress', address, false)];
}

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

/** Seconds to wait when this isolate already knows a key is over its limit; null when it does not. */
export function knownRetryAfter(keys: readonly ThrottleKey[], now: number): number | null {
  let wait: number | null = null;
  for (const k of keys) {
    const s = seen.get(k.key);
    if (!s) continue;
    const open = s.windowStart + k.windowMs > now;
    const used = (open ? s.failures : 0) + (k.countsInFlight ? s.inFlight : 0);
    if (used >= k.max) wait = Math.max(wait ?? 0, open ? secondsUntil(s.windowStart + k.windowMs, now) : 1);
  }
  return wait;
}

function remember(key: string, row: FailureWindow) {
  const s = seen.get(key);
  if (s) {
    s.windowStart = row.windowStart;
    s.failures = row.count;
    return;
  }
  if (seen.size >= MAX_ENTRIES) prune();
  seen.set(key, { windowStart: row.windowStart, failures: row.count, inFlight: 0 });
}

function prune() {
  const now = Date.now();
  const longest = Math.max(RATE_LIMITS.ocppAuthPerStation.windowMinutes, RATE_LIMITS.ocppAuthPerAddress.windowMinutes);
  for (const [key, s] of seen) if (s.inFlight === 0 && s.windowStart + longest * 60_000 <= now) seen.delete(key);
  if (seen.size >= MAX_ENTRIES) for (const [key, s] of seen) if (s.inFlight === 0) seen.delete(key);
}

/** Takes the D1 counters read with the station: seconds to wait when one is over its limit, else null. */
export function storedRetryAfter(keys: readonly ThrottleKey[], rows: readonly FailureWindow[], now: number) {
  let wait: number | null = null;
  for (const k of keys) {
    const row = rows.find((r) => r.key === k.key);
    if (!row || row.windowStart + k.windowMs <= now) continue;
    if (row.count >= k.max) {
      remember(k.key, row);
      wait = Math.max(wait ?? 0, secondsUntil(row.windowStart + k.windowMs, now));
    }
  }
  return wait;
}

/** Marks an attempt as being checked; the returned function ends it (call it exactly once). */
export function begin(keys: readonly ThrottleKey[]): () => void {
  const counted = keys.filter((k) => k.countsInFlight);
  for (const k of counted) {
    const s = seen.get(k.key);
    if (s) s.inFlight++;
    else {
      if (seen.size >= MAX_ENTRIES) prune();
      seen.set(k.key, { windowStart: 0, failures: 0, inFlight: 1 });
    }
  }
  return () => {
    for (const k of counted) {
      const s = seen.get(k.key);
      if (s) s.inFlight = Math.max(0, s.inFlight - 1);
    }
  };
}

/** Counts a failed attempt in D1 against every key, and remembers the new counts here. */
export async function failed(db: Db, keys: [ThrottleKey, ...ThrottleKey[]], now: number): Promise<void> {
  const [first, ...rest] = keys.map((k) => ({ key: k.key, windowMs: k.windowMs }));
  if (!first) return;
  const rows = await recordFailure(db, [first, ...rest], now);
  for (const row of rows) remember(row.key, row);
}

export function tooManyAttempts(retryAfterSeconds: number): Response {
  return new Response('Too many failed attempts; retry later', {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
