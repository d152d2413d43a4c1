/**
 * @module Random closed sessions with random tariffs in scope, as pricing at close reads them
 * (`PriceAtCloseFacts`), for the equivalence test of the production path (issue 24 section 7):
 * every restriction kind, validity and apply-from, min/max prices, grace time, free parking, customer
 * groups (live, deleted, capped), payment types and MPS assignments, four time zones (DST days
 * included), and stored curves of one point per stretch, sampled every 10–300 s through the close's
 * summary, or odd (unsorted, outside the session, register resets, null and fractional values, bad
 * JSON). Deterministic: a seed gives the same cases on every machine.
 */
import { LIMIT_STOP_PREFIX } from '../../domain/charging-authorization/limits';
import { summarizeSession } from '../../domain/ocpp/session-summary';
import { DAYS_OF_WEEK, DIMENSIONS } from '../../domain/pricing/types';
import type { PriceAtCloseFacts, StoredTariffRow } from '../../domain/sessions/price-at-close';
import type { ElementInput, PaymentType, TariffType } from '../../domain/tariffs/model';

type Next = () => number;

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'UTC'] as const;
const TYPES: TariffType[] = ['emp', 'emp', 'cpo', 'owner', 'revenue'];
const PAYMENTS: PaymentType[] = ['qr', 'business_pass', 'ad_hoc'];
const YEAR = Date.parse('2026-01-01T00:00:00Z');
const DAY = 86_400_000;

const pick = <T>(next: Next, xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
const int = (next: Next, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
const chance = (next: Next, p: number) => next() < p;
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Two ascending bounds of a range, either of which may be absent. */
function range(next: Next, lo: number, hi: number, scale = 1): [number | undefined, number | undefined] {
  const a = Math.round((lo + next() * (hi - lo)) * scale) / scale;
  const b = Math.round((a + 0.001 + next() * (hi - lo)) * scale) / scale;
  const which = int(next, 0, 2);
  return [which === 1 ? undefined : a, which === 0 ? undefined : b > a ? b : a + 1];
}

function restrictions(next: Next): ElementInput['restrictions'] | undefined {
  if (chance(next, 0.35)) return undefined;
  const r: NonNullable<ElementInput['restrictions']> = {};
  if (chance(next, 0.35)) {
    r.start_time = hhmm(int(next, 0, 95) * 15);
    r.end_time = hhmm(int(next, 0, 95) * 15);
  }
  if (chance(next, 0.1)) {
    const from = YEAR + int(next, -30, 360) * DAY;
    r.start_date = isoDay(from);
    r.end_date = isoDay(from + int(next, 1, 200) * DAY);
  }
  const set = (p: number, lo: number, hi: number, scale: number, min: string, max: string) => {
    if (!chance(next, p)) return;
    const [a, b] = range(next, lo, hi, scale);
    if (a !== undefined) (r as Record<string, number>)[min] = a;
    if (b !== undefined) (r as Record<string, number>)[max] = b;
  };
  set(0.25, 0, 60, 1000, 'min_kwh', 'max_kwh');
  set(0.2, 0, 150, 10, 'min_power', 'max_power');
  set(0.1, 0, 400, 1, 'min_current', 'max_current');
  set(0.25, 0, 10_800, 1, 'min_duration', 'max_duration');
  if (chance(next, 0.2)) r.day_of_week = DAYS_OF_WEEK.filter(() => chance(next, 0.5));
  return r;
}

function elements(next: Next): ElementInput[] {
  const out: ElementInput[] = [];
  for (let e = int(next, 1, 5); e > 0; e--) {
    const components = [];
    for (let c = int(next, 1, 3); c > 0; c--) {
      const type = pick(next, DIMENSIONS);
      components.push({
        type,
        price: int(next, 0, 12) * pick(next, [250, 1000, 1234, 5000]),
        vat_bp: chance(next, 0.15) ? null : pick(next, [0, 550, 1000, 2000, 2100]),
        step_size: pick(next, [0, 1, 1, 60, 300, 900, 1000]),
      });
    }
    const r = restrictions(next);
    out.push(r ? { price_components: components, restrictions: r } : { price_components: components });
  }
  return out;
}

function maybeDate(next: Next, p: number, spreadDays: number): Date | null {
  return chance(next, p) ? new Date(YEAR + int(next, -spreadDays, 365 + spreadDays) * DAY) : null;
}

function tariffRow(next: Next, id: number, companies: readonly number[]): StoredTariffRow {
  const max = chance(next, 0.25) ? int(next, 100, 6000) : null;
  const validFrom = maybeDate(next, 0.2, 60);
  return {
    id,
    version: int(next, 1, 3),
    updatedAt: new Date(YEAR - DAY),
    elementsJson: JSON.stringify(elements(next)),
    type: pick(next, TYPES),
    status: chance(next, 0.95) ? 'approved' : 'pending',
    companyId: pick(next, companies),
    countriesJson: JSON.stringify(chance(next, 0.8) ? [] : [pick(next, ['FR', 'DE', 'US'])]),
    customerGroupId: chance(next, 0.2) ? 7 : null,
    paymentType: chance(next, 0.2) ? pick(next, PAYMENTS) : null,
    versionOf: chance(next, 0.3) ? id - 1 : null,
    approvedAt: new Date(YEAR - DAY),
    currency: chance(next, 0.9) ? 'EUR' : 'USD',
    graceTimeS: chance(next, 0.2) ? int(next, 30, 600) : 0,
    freeParkingS: chance(next, 0.2) ? int(next, 60, 7200) : 0,
    minPriceExclVat: chance(next, 0.2) ? int(next, 0, 1500) : null,
    maxPriceExclVat: max,
    maxPriceInclVat: max !== null && chance(next, 0.5) ? Math.round(max * 1.2) : null,
    vatIncluded: chance(next, 0.7),
    validFrom,
    validTo: chance(next, 0.15) ? new Date((validFrom?.getTime() ?? YEAR) + int(next, 1, 300) * DAY) : null,
    applyFrom: maybeDate(next, 0.25, 30),
  };
}

interface Stretch {
  start: number;
  end: number;
  powerW: number;
  energyWh: number;
}

function stretches(next: Next, start: number): Stretch[] {
  const out: Stretch[] = [];
  let at = start;
  for (let n = int(next, 0, 4); n > 0; n--) {
    const ms = int(next, 0, 120) * 60_000 + int(next, 0, 59) * 1000;
    const powerW = chance(next, 0.15) ? 0 : int(next, 1_000, 150_000);
    out.push({ start: at, end: at + ms, powerW, energyWh: Math.round((powerW * ms) / 3_600_000) });
    at += ms;
  }
  if (chance(next, 0.5)) {
    const ms = int(next, 0, 240) * 60_000;
    out.push({ start: at, end: at + ms, powerW: 0, energyWh: 0 });
  }
  return out;
}

type CurvePoint = [number, number | null, number | null];

/** A stored curve of a session's stretches, and its stop-charging instant when the close knows it. */
function curveOf(next: Next, s: Stretch[], start: number, end: number, meterStartWh: number) {
  const mode = pick(next, ['stretch', 'sampled', 'sampled', 'odd', 'empty'] as const);
  let wh = meterStartWh;
  if (mode === 'empty') return { json: pick(next, [null, '', '[]', 'null']), stopChargingAt: null };
  if (mode === 'stretch') {
    const points: CurvePoint[] = s.map((p) => {
      wh += p.energyWh;
      return [p.end, p.powerW, wh];
    });
    const lastCharging = [...s].reverse().find((p) => p.energyWh > 0);
    return { json: JSON.stringify(points), stopChargingAt: lastCharging?.end ?? null };
  }
  const step = pick(next, [10, 30, 60, 60, 300]) * 1000;
  const points: { at: number; powerW: number | null; energyWh: number | null }[] = [];
  for (const p of s) {
    for (let at = p.start + step; at <= p.end; at += step) {
      const e = wh + (p.energyWh * (at - p.start)) / Math.max(1, p.end - p.start);
      points.push({ at, powerW: p.powerW, energyWh: mode === 'odd' && chance(next, 0.3) ? e : Math.round(e) });
    }
    wh += p.energyWh;
  }
  if (mode === 'sampled') {
    const summary = summarizeSession({ startAt: start, endAt: end, meterStartWh, meterStopWh: wh, points });
    return { json: JSON.stringify(summary.curve), stopChargingAt: summary.stopChargingAt };
  }
  // Odd: what a faulty charge point or an older writer may leave behind.
  const odd: unknown[] = points.slice(0, 150).map((p) => [p.at, p.powerW, p.energyWh]);
  if (chance(next, 0.3)) odd.reverse();
  if (chance(next, 0.3)) odd.push([start - 60_000, 100, meterStartWh], [end + 60_000, 100, wh + 5]);
  if (chance(next, 0.3) && odd.length > 2) odd.splice(1, 0, [start + 1000, null, meterStartWh - 500]);
  if (chance(next, 0.2)) odd.push([start + 2000, 7360.5, null], 'x', [start + 3000], { at: 1 });
  if (chance(next, 0.2)) odd.push([start + 4000, 1.5e3, meterStartWh + 0.25, 99]);
  const json = JSON.stringify(odd);
  const text = pick(next, [json, json, json.replace(/,/g, ', '), json.slice(0, -1), `${json} `, '{}', '[[1,2,3],]']);
  return { json: text, stopChargingAt: chance(next, 0.5) ? start + int(next, 0, end - start) : null };
}

/** `count` random facts of closed sessions, each with its own random tariffs in scope. */
export function randomPricingCases(count: number, next: Next): PriceAtCloseFacts[] {
  const out: PriceAtCloseFacts[] = [];
  for (let i = 0; i < count; i++) {
    // Start anywhere in the year, a quarter of them on a DST day of Europe or the United States.
    const day = chance(next, 0.25) ? pick(next, [67, 87, 297, 305]) : int(next, 0, 364);
    const start = YEAR + day * DAY + int(next, 0, 86_399) * 1000;
    const s = stretches(next, start);
    const end = chance(next, 0.03) ? start - 60_000 : (s[s.length - 1]?.end ?? start);
    const meterStartWh = int(next, 0, 5_000_000);
    const curve = curveOf(next, s, start, end, meterStartWh);
    const delivered = s.reduce((sum, p) => sum + p.energyWh, 0);
    const ownerChain = chance(next, 0.3) ? [20, 1] : [];
    const companies = [10, 1, 20, 99];
    const rows: StoredTariffRow[] = [];
    for (let k = int(next, 0, 9); k > 0; k--) rows.push(tariffRow(next, 1000 * (i % 50) + k, companies));
    const paymentType = pick(next, PAYMENTS);
    const groupKind = pick(next, ['none', 'none', 'live', 'capped', 'deleted'] as const);
    out.push({
      session: {
        id: i + 1,
        status: 'closed',
        endAt: new Date(end),
        refusedStatus: null,
        pricingStatus: 'unpriced',
        pricingNote: null,
        startAt: new Date(start),
        meterStartWh,
        meterStopWh: chance(next, 0.1) ? null : meterStartWh + (chance(next, 0.05) ? -10 : delivered),
        meterCurveJson: curve.json,
        stopChargingAt: curve.stopChargingAt === null ? null : new Date(curve.stopChargingAt),
        currency: 'EUR',
        needsRevision: chance(next, 0.1) ? 1 : 0,
        remark: chance(next, 0.1) ? `${LIMIT_STOP_PREFIX}the kWh limit is reached` : null,
      },
      station: chance(next, 0.05)
        ? undefined
        : { country: pick(next, ['FR', 'DE', null]), timeZone: pick(next, ZONES) },
      operatorChain: [10, 1],
      ownerChain,
      group:
        groupKind === 'none'
          ? undefined
          : {
              id: 7,
              deletedAt: groupKind === 'deleted' ? new Date(YEAR) : null,
              maxPriceExclVat: groupKind === 'capped' ? int(next, 100, 3000) : null,
            },
      paymentType,
      mps: chance(next, 0.3)
        ? [{ companyId: pick(next, [10, 1]), type: pick(next, TYPES), countryCode: 'FR', chainId: rows[0]?.id ?? 0 }]
        : [],
      rows,
    });
  }
  return out;
}
