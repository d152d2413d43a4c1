/**
 * @module Site load management (issue 23 part 5, ADR 059): shares a site's grid-connection limit
 * among its charging sessions. Equal share (weighted by the priority of the driver's customer group),
 * each session at least its connector's minimum or paused, at most what it can draw; a session
 * drawing less than its limit gives the difference to the others until it draws near its limit again.
 * Every limit is in ampere per phase, rounded down to 0.1 A, so the sum never exceeds the site limit.
 */

/** A session drawing this close to its limit (or more) may want more: it is not capped by its draw. */
export const NEAR_LIMIT_A = 0.5;
/** A session capped by its draw gets this much above it, so a rising draw shows within one meter interval. */
export const DRAW_HEADROOM_A = 1;
/** A draw that moved more than this share of the draw last shared is shared anew. */
export const MATERIAL_DRAW_CHANGE = 0.1;
/** The IEC 61851 lowest current a car charges with; the default minimum per connector. */
export const DEFAULT_MIN_CURRENT_A = 6;

export interface LoadSession {
  /** Stable id of the session at the site (station uid and transaction id). */
  key: string;
  /** Below this the session is paused (0 A) rather than given less. */
  minA: number;
  /** The most the connector (or car) can take. */
  maxA: number;
  /** Weight of its share and order for minimums (1 = normal; higher first). */
  priority: number;
  /** Epoch ms the session started: earlier sessions keep their minimum first among equal priorities. */
  startedAt: number;
  /** The latest measured current (highest phase), null while unknown. */
  drawA: number | null;
  /** The limit last sent that may be in force, null when none was sent. */
  limitA: number | null;
}

/** Rounds down to 0.1 A (the unit sent), tolerant of floating-point noise. */
export const floorTenth = (a: number) => Math.max(0, Math.floor(a * 10 + 1e-9) / 10);

/** The most a session can use now: its maximum, or its draw plus headroom when it draws clearly less than its limit. */
export function demandOf(s: LoadSession): number {
  const max = Math.max(0, s.maxA);
  if (s.drawA === null || s.limitA === null || s.drawA >= s.limitA - NEAR_LIMIT_A) return max;
  return Math.min(max, Math.max(s.minA, s.drawA + DRAW_HEADROOM_A));
}

/**
 * Each session's limit (A per phase) under `siteLimitA`: minimums first by priority then arrival
 * (those that do not fit are paused at 0), then the rest shared by weighted water-filling up to each
 * session's demand. Pure; the result's sum never exceeds `siteLimitA`.
 */
export function allocate(siteLimitA: number, sessions: readonly LoadSession[]): Map<string, number> {
  const out = new Map<string, number>();
  const limit = Math.max(0, siteLimitA);
  const order = [...sessions].sort(
    (a, b) => b.priority - a.priority || a.startedAt - b.startedAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  let left = limit;
  const active: { s: LoadSession; lo: number; hi: number; w: number }[] = [];
  for (const s of order) {
    const hi = demandOf(s);
    const lo = Math.min(Math.max(0, s.minA), hi);
    if (hi <= 0 || lo > left + 1e-9) {
      out.set(s.key, 0);
      continue;
    }
    left -= lo;
    active.push({ s, lo, hi, w: Math.max(1, s.priority) });
  }
  // Water level L: each active session gets clamp(w·L, lo, hi); find the highest L whose sum fits.
  const total = (level: number) => active.reduce((sum, a) => sum + Math.min(a.hi, Math.max(a.lo, a.w * level)), 0);
  let low = 0;
  let high = Math.max(0, ...active.map((a) => a.hi / a.w));
  if (total(high) <= limit) low = high;
  else {
    for (let i = 0; i < 60; i++) {
      const mid = (low + high) / 2;
      if (total(mid) <= limit) low = mid;
      else high = mid;
    }
  }
  for (const a of active) out.set(a.s.key, floorTenth(Math.min(a.hi, Math.max(a.lo, a.w * low))));
  return out;
}

/** One SetChargingProfile to send: the session and its new limit. */
export interface LimitChange {
  key: string;
  limitA: number;
}

/**
 * What a session with no limit in force may draw: its maximum, or its measured draw when higher. A
 * session the back office does not (yet) control is counted at this, never at 0.
 */
export const uncontrolledA = (s: Pick<LoadSession, 'maxA' | 'drawA'>) => Math.max(0, s.maxA, s.drawA ?? 0);

/**
 * The order that keeps the sum of limits in force under the site limit at every moment: every
 * lowering first (sent and answered before anything rises), then the raises, each only as far as the
 * limits still in force leave room (a lowering that was not answered leaves its old limit counted).
 * A session with no limit in force draws up to `heldA` (its `uncontrolledA`): a target below that is a
 * lowering too.
 */
export function lowersFirst(
  inForce: ReadonlyMap<string, number | null>,
  targets: ReadonlyMap<string, number>,
  heldA: ReadonlyMap<string, number>,
): { lowers: LimitChange[]; raises: LimitChange[] } {
  const lowers: LimitChange[] = [];
  const raises: LimitChange[] = [];
  for (const [key, limitA] of targets) {
    const now = inForce.get(key) ?? null;
    if (now !== null && Math.abs(now - limitA) < 0.05) continue;
    const drawsUpTo = now ?? heldA.get(key) ?? null;
    if (drawsUpTo !== null && limitA < drawsUpTo) lowers.push({ key, limitA });
    else raises.push({ key, limitA });
  }
  return { lowers, raises };
}

/**
 * How far `change` may rise now: its target, or less when the limits in force leave less room. A
 * session with no limit in force counts as `heldA` (what it may draw uncontrolled), never as 0.
 */
export function raiseWithin(
  siteLimitA: number,
  inForce: ReadonlyMap<string, number | null>,
  change: LimitChange,
  heldA: ReadonlyMap<string, number>,
): number | null {
  let sum = 0;
  for (const [key, a] of inForce) if (key !== change.key) sum += a ?? heldA.get(key) ?? 0;
  const room = floorTenth(siteLimitA - sum);
  const own = inForce.get(change.key) ?? null;
  const limitA = Math.min(change.limitA, room);
  // Nothing to gain: it would not rise above what is in force (or there is no room at all).
  if (own !== null ? limitA <= own + 0.05 : limitA < 0) return null;
  return limitA;
}

/**
 * Whether a new draw is worth sharing the site anew: the first draw of the session, a change of more
 * than 10 % from the draw the last sharing used (at least 0.1 A), or a session that went clearly under
 * its limit or came back near it (what decides whether its demand is capped by its draw). A MeterValues
 * that changes nothing of this leaves every limit as it is (no recomputation, no frame).
 */
export function drawMatters(sharedDrawA: number | null, drawA: number, limitA: number | null): boolean {
  if (sharedDrawA === null) return true;
  const under = (d: number) => limitA !== null && d < limitA - NEAR_LIMIT_A;
  if (under(sharedDrawA) !== under(drawA)) return true;
  return Math.abs(drawA - sharedDrawA) > Math.max(0.1, MATERIAL_DRAW_CHANGE * sharedDrawA);
}
