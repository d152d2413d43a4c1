/**
 * @module The stored meter curve of a session (`charging_sessions.meter_curve_json`, [[epoch ms, W, Wh]]
 * as the ocpp worker's close writes it: domain/ocpp/session-summary.ts) as the pricing engine's meter
 * samples. Read at every close, for up to 120 points: the curve as the worker writes it (no spaces,
 * three numbers or nulls a point) is scanned directly, about four times faster than `JSON.parse` and
 * a walk over its arrays (issue 24 section 7); any other text takes the JSON path, so both read every
 * curve alike (meter-curve.test.ts compares them).
 */
import type { MeterSample } from '../pricing';

/** The curve as samples (points without a register reading dropped); bad JSON is no curve. */
export function samplesOf(curveJson: string | null): MeterSample[] {
  if (!curveJson) return [];
  return scanCurve(curveJson) ?? samplesOfJson(curveJson);
}

/** The general reading: `JSON.parse`, then every point with a numeric time and register kept. */
export function samplesOfJson(curveJson: string): MeterSample[] {
  let curve: unknown;
  try {
    curve = JSON.parse(curveJson);
  } catch {
    return [];
  }
  if (!Array.isArray(curve)) return [];
  const out: MeterSample[] = [];
  for (const p of curve) {
    if (!Array.isArray(p)) continue;
    const at: unknown = p[0];
    const wh: unknown = p[2];
    if (typeof at !== 'number' || typeof wh !== 'number') continue;
    const w: unknown = p[1];
    // One object shape for every sample (powerW undefined when unknown): no spread, no second shape.
    out.push({ at, energyWh: wh, powerW: typeof w === 'number' ? w : undefined });
  }
  return out;
}

const OPEN = 91; // [
const CLOSE = 93; // ]
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const N = 110; // n of null

/**
 * The scanner's position and the number just read (NaN for null): module variables rather than a cursor
 * object, so the optimising compiler keeps them out of memory in the hot loop (10–20 % faster on 120 points).
 * Only `scanCurve` and `numberOrNull` touch them, with no call out in between.
 */
let at = 0;
let value = 0;

/**
 * The curve written as `[[t,w,wh],…]` with numbers or nulls and no whitespace; null for any other text
 * (the caller then takes the JSON path, which also decides what an invalid text means).
 */
export function scanCurve(text: string): MeterSample[] | null {
  if (text.charCodeAt(0) !== OPEN) return null;
  const out: MeterSample[] = [];
  if (text.charCodeAt(1) === CLOSE) return text.length === 2 ? out : null;
  at = 1;
  for (;;) {
    if (text.charCodeAt(at++) !== OPEN) return null;
    if (!numberOrNull(text) || Number.isNaN(value)) return null;
    const time = value;
    if (text.charCodeAt(at++) !== COMMA || !numberOrNull(text)) return null;
    const w = value;
    if (text.charCodeAt(at++) !== COMMA || !numberOrNull(text)) return null;
    const wh = value;
    if (text.charCodeAt(at++) !== CLOSE) return null;
    if (!Number.isNaN(wh)) out.push({ at: time, energyWh: wh, powerW: Number.isNaN(w) ? undefined : w });
    const next = text.charCodeAt(at++);
    if (next === CLOSE) return at === text.length ? out : null;
    if (next !== COMMA) return null;
  }
}

/** Reads a JSON number (into `value`) or `null` (NaN) at `at`; false when the text there is neither. */
function numberOrNull(text: string): boolean {
  const start = at;
  let i = start;
  let ch = text.charCodeAt(i);
  if (ch === N) {
    if (text.startsWith('null', i)) {
      at = i + 4;
      value = Number.NaN;
      return true;
    }
    return false;
  }
  const negative = ch === MINUS;
  if (negative) ch = text.charCodeAt(++i);
  if (!(ch >= ZERO && ch <= NINE)) return false; // also past the end (NaN)
  const digits = i;
  let n = 0;
  while (ch >= ZERO && ch <= NINE) {
    n = n * 10 + (ch - ZERO);
    ch = text.charCodeAt(++i);
  }
  // JSON has no leading zeros; a fraction, an exponent or more than 15 digits is converted by Number().
  if (text.charCodeAt(digits) === ZERO && i - digits > 1) return false;
  if (ch === DOT || ch === 101 || ch === 69 || i - digits > 15) {
    const end = numberEnd(text, i);
    if (end < 0) return false;
    value = Number(text.slice(start, end));
    at = end;
    return true;
  }
  value = negative ? -n : n;
  at = i;
  return true;
}

/** The end of a JSON number's fraction and exponent from `i` (just after its digits); -1 when malformed. */
function numberEnd(text: string, i: number): number {
  let ch = text.charCodeAt(i);
  if (ch === DOT) {
    const from = ++i;
    for (ch = text.charCodeAt(i); ch >= ZERO && ch <= NINE; ch = text.charCodeAt(++i));
    if (i === from) return -1;
  }
  if (ch === 101 || ch === 69) {
    ch = text.charCodeAt(++i);
    if (ch === 43 || ch === MINUS) ch = text.charCodeAt(++i);
    const from = i;
    for (; ch >= ZERO && ch <= NINE; ch = text.charCodeAt(++i));
    if (i === from) return -1;
  }
  return i;
}
