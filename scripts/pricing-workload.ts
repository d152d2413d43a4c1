/**
 * @module The generated workload of `npm run bench:pricing` and of drizzle/queries/pricing.store.test.ts:
 * session time lines, the five benchmark tariffs as engine objects and as stored `tariffs` rows, and
 * for each session the rows pricing at close reads from D1 (`PricingRows`), materialised afresh per
 * session from JSON text as D1 hands them over (new objects and new strings every time).
 */

import { summarizeSession } from '../domain/ocpp/session-summary';
import type { Period, SessionTimeline, Tariff, TariffRestrictions } from '../domain/pricing/types';
import { priceWithTariffs, selectSessionTariffs } from '../domain/sessions/price-at-close';
import { buildEngineTariff } from '../domain/tariffs/engine-cache';
import type { ElementInput } from '../domain/tariffs/model';
import type { PricingRows } from '../drizzle/queries/pricing.store';
import type { chargingSessions, customerGroups, tariffs } from '../drizzle/schema';
import { anElement, aTariff, energy, flat, parking, time } from '../tests/support/pricing-builders';

type TariffRow = typeof tariffs.$inferSelect;
type SessionRow = typeof chargingSessions.$inferSelect;
type GroupRow = typeof customerGroups.$inferSelect;

export const YEAR_START = Date.parse('2026-01-01T00:00:00Z');

/** The benchmark's five tariffs (unchanged since ADR 009's figures). */
export const TARIFFS: Tariff[] = [
  aTariff({ id: 'energy', elements: [anElement([energy('0.35', { vat: 20 })])] }),
  aTariff({
    id: 'start-energy-parking',
    elements: [
      anElement([flat('0.50', { vat: 20 }), energy('0.30', { vat: 20 }), parking('6.00', { vat: 20, step: 300 })]),
    ],
    maxPrice: { exclVat: 4000, inclVat: 4800 },
  }),
  aTariff({
    id: 'day-night',
    graceTimeS: 120,
    elements: [
      anElement([energy('0.18', { vat: 20 })], { startTime: '22:00', endTime: '06:00' }),
      anElement([energy('0.32', { vat: 20 })]),
      anElement([parking('3.00', { vat: 20, step: 60 })], {
        startTime: '08:00',
        endTime: '20:00',
        dayOfWeek: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      }),
    ],
  }),
  aTariff({
    id: 'power-tiers',
    elements: [
      anElement([energy('0.29', { vat: 20 })], { maxPower: 22 }),
      anElement([energy('0.45', { vat: 20 })], { maxPower: 100 }),
      anElement([energy('0.59', { vat: 20 })]),
      anElement([time('1.20', { vat: 20, step: 60 })], { minDuration: 3600 }),
    ],
  }),
  aTariff({
    id: 'first-kwh-and-hour',
    minPrice: { exclVat: 100 },
    elements: [
      anElement([energy('0', { vat: 20 })], { maxKwh: 1 }),
      anElement([energy('0.25', { vat: 20 })], { minKwh: 1 }),
      anElement([parking('0', { vat: 20, step: 60 })], { maxDuration: 3600 }),
      anElement([parking('2.00', { vat: 20, step: 60 })]),
    ],
  }),
];

/** mulberry32: a small deterministic generator, so every run prices the same sessions. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 1–4 charging stretches of 5–95 min at 3.7–150 kW, then parking (0–3 h) for 60 % of sessions. */
export function generate(count: number, next: () => number): SessionTimeline[] {
  const out: SessionTimeline[] = [];
  for (let i = 0; i < count; i++) {
    const start = YEAR_START + Math.floor(next() * 365 * 86_400) * 1000;
    const periods: Period[] = [];
    let at = start;
    const charging = 1 + Math.floor(next() * 4);
    for (let p = 0; p < charging; p++) {
      const ms = (5 + Math.floor(next() * 90)) * 60_000;
      const powerW = Math.round(3_700 + next() * 146_300);
      const energyWh = Math.round((powerW * ms) / 3_600_000);
      periods.push({ start: at, end: at + ms, energyWh, powerW, currentA: Math.round(powerW / 230), charging: true });
      at += ms;
    }
    if (next() < 0.6) {
      const ms = Math.floor(next() * 180) * 60_000;
      periods.push({ start: at, end: at + ms, energyWh: 0, powerW: 0, charging: false });
      at += ms;
    }
    out.push({ start, end: at, periods, anomalies: [] });
  }
  return out;
}

const SNAKE: Record<string, string> = {
  startTime: 'start_time',
  endTime: 'end_time',
  startDate: 'start_date',
  endDate: 'end_date',
  minKwh: 'min_kwh',
  maxKwh: 'max_kwh',
  minCurrent: 'min_current',
  maxCurrent: 'max_current',
  minPower: 'min_power',
  maxPower: 'max_power',
  minDuration: 'min_duration',
  maxDuration: 'max_duration',
  dayOfWeek: 'day_of_week',
};

/** The stored elements (what the tariff editor saves) of an engine tariff. */
function storedElements(t: Tariff): ElementInput[] {
  return t.elements.map((e) => {
    const restrictions: Record<string, unknown> = {};
    for (const [k, v] of Object.entries((e.restrictions ?? {}) as TariffRestrictions)) {
      const to = SNAKE[k];
      if (!to) throw new Error(`restriction ${k} has no stored form`);
      restrictions[to] = v;
    }
    return {
      price_components: e.priceComponents.map((p) => ({
        type: p.type,
        price: p.price,
        vat_bp: p.vatBp,
        step_size: p.stepSize,
      })),
      ...(e.restrictions ? { restrictions: restrictions as ElementInput['restrictions'] } : {}),
    };
  });
}

/** An approved `tariffs` row of an engine tariff. */
export function tariffRow(t: Tariff, o: Pick<TariffRow, 'id' | 'companyId' | 'type'> & Partial<TariffRow>): TariffRow {
  const at = new Date(YEAR_START - 30 * 86_400_000);
  return {
    status: 'approved',
    name: String(t.id),
    label: null,
    currency: t.currency,
    countriesJson: '[]',
    graceTimeS: t.graceTimeS ?? 0,
    freeParkingS: t.freeParkingS ?? 0,
    elementsJson: JSON.stringify(storedElements(t)),
    minPriceExclVat: t.minPrice?.exclVat ?? null,
    maxPriceExclVat: t.maxPrice?.exclVat ?? null,
    maxPriceInclVat: t.maxPrice?.inclVat ?? null,
    vatIncluded: true,
    validFrom: null,
    validTo: null,
    applyFrom: null,
    customerGroupId: null,
    paymentType: null,
    emsp: null,
    versionOf: null,
    version: 1,
    createdBy: null,
    approvedBy: null,
    approvedAt: at,
    createdAt: at,
    updatedAt: at,
    ...o,
  };
}

/**
 * The production scenario. Operators 10–14 (each under company 1) have an EMSP tariff in two versions:
 * version 1 from the year's start, version 2 (one of the five tariffs) from 1 April. Company 1 has the
 * sub-operator and owner tariffs, and an EMSP tariff reserved to customer group 7, whose cap (12.00 excl.
 * VAT) lowers that tariff's maximum. Owner company 20 has a revenue tariff. A session is of operator
 * 10 + (i mod 5); one in five is of group 7, three in ten are at a station of owner 20.
 */
export const SCENARIO_TARIFFS: TariffRow[] = [
  tariffRow(aTariff({ id: 'cpo', elements: [anElement([energy('0.20', { vat: 20 })])] }), {
    id: 1,
    companyId: 1,
    type: 'cpo',
  }),
  tariffRow(
    aTariff({ id: 'owner', elements: [anElement([energy('0.12', { vat: 20 }), parking('1.00', { vat: 20 })])] }),
    { id: 2, companyId: 1, type: 'owner' },
  ),
  tariffRow(TARIFFS[2] as Tariff, { id: 3, companyId: 1, type: 'emp', customerGroupId: 7, maxPriceExclVat: null }),
  tariffRow(aTariff({ id: 'revenue', elements: [anElement([energy('0.10', { vat: 20 })])] }), {
    id: 4,
    companyId: 20,
    type: 'revenue',
  }),
  ...TARIFFS.flatMap((t, k) => [
    tariffRow(aTariff({ id: `v1-${k}`, elements: [anElement([energy(`0.${30 + k}`, { vat: 20 })])] }), {
      id: 100 + 2 * k,
      companyId: 10 + k,
      type: 'emp',
      versionOf: 100 + 2 * k,
      version: 1,
      applyFrom: new Date(YEAR_START),
    }),
    tariffRow(t, {
      id: 101 + 2 * k,
      companyId: 10 + k,
      type: 'emp',
      versionOf: 100 + 2 * k,
      version: 2,
      applyFrom: new Date(Date.parse('2026-04-01T00:00:00Z')),
    }),
  ]),
];

export const SCENARIO_GROUP: GroupRow = {
  id: 7,
  companyId: 1,
  name: 'Premium',
  maxPriceExclVat: 1200,
  hideRoaming: false,
  disablePayment: false,
  userPrivacy: false,
  automaticPrivate: false,
  targetsJson: '{}',
  deletedAt: null,
  createdAt: new Date(YEAR_START),
  updatedAt: null,
};

const DATE_COLUMNS = ['validFrom', 'validTo', 'applyFrom', 'approvedAt', 'createdAt', 'updatedAt'] as const;

/** Rows from their JSON text, dates revived: fresh objects and fresh strings, as a D1 read returns them. */
export function freshTariffRows(json: string): TariffRow[] {
  const rows = JSON.parse(json) as Record<string, unknown>[];
  for (const r of rows) for (const k of DATE_COLUMNS) if (typeof r[k] === 'string') r[k] = new Date(r[k] as string);
  return rows as unknown as TariffRow[];
}

export interface CurveOptions {
  /** Seconds between meter samples, downsampled to ≤ 120 points as the ocpp worker stores the curve; omitted = one point per stretch. */
  sampleIntervalS?: number;
}

/** The stored curve [[ms, W, Wh]] and stop-charging instant of a generated session. */
function curveOf(t: SessionTimeline, meterStartWh: number, o: CurveOptions) {
  const lastCharging = [...t.periods].reverse().find((p) => p.charging);
  if (o.sampleIntervalS === undefined) {
    let wh = meterStartWh;
    const curve = t.periods.map((p) => {
      wh += p.energyWh;
      return [p.end, p.powerW, wh];
    });
    return { curve, stopChargingAt: lastCharging?.end ?? null, meterStopWh: wh };
  }
  // Samples every interval at the stretch's power, through the close's own summary (downsampling included).
  const step = o.sampleIntervalS * 1000;
  const points: { at: number; powerW: number; energyWh: number }[] = [];
  let wh = meterStartWh;
  for (const p of t.periods) {
    for (let at = p.start + step; at <= p.end; at += step) {
      points.push({
        at,
        powerW: p.powerW,
        energyWh: Math.round(wh + (p.energyWh * (at - p.start)) / (p.end - p.start)),
      });
    }
    wh += p.energyWh;
  }
  const summary = summarizeSession({ startAt: t.start, endAt: t.end, meterStartWh, meterStopWh: wh, points });
  return { curve: summary.curve, stopChargingAt: summary.stopChargingAt, meterStopWh: wh };
}

/** A closed session row with the columns pricing at close reads (the others at their defaults). */
function sessionRow(id: number, t: SessionTimeline, o: CurveOptions): SessionRow & { endAt: Date } {
  const meterStartWh = 1_000_000 + (id % 1000) * 1_000;
  const { curve, stopChargingAt, meterStopWh } = curveOf(t, meterStartWh, o);
  return {
    id,
    status: 'closed',
    currency: 'EUR',
    startAt: new Date(t.start),
    endAt: new Date(t.end),
    meterStartWh,
    meterStopWh,
    energyWh: meterStopWh - meterStartWh,
    stopChargingAt: stopChargingAt === null ? null : new Date(stopChargingAt),
    meterCurveJson: JSON.stringify(curve),
    needsRevision: 0,
    refusedStatus: null,
    pricingStatus: 'unpriced',
    // Half the drivers pay from their own prepaid wallet (`walletsOf`): the close plans its entry.
    userId: 5_000 + (id % 1000),
    authId: `RFID${id % 1000}`,
    startMethod: 'RFID',
  } as unknown as SessionRow & { endAt: Date };
}

/** The JSON text of the tariff rows the SELECT of pricing at close returns for each kind of session. */
const rowsJson = new Map<string, string>();
function scopeJson(operator: number, group: boolean, owner: boolean): string {
  const key = `${operator}/${group}/${owner}`;
  let json = rowsJson.get(key);
  if (json === undefined) {
    const scope = [operator, 1, ...(owner ? [20] : [])];
    json = JSON.stringify(
      SCENARIO_TARIFFS.filter(
        (r) => scope.includes(r.companyId) && (r.customerGroupId === null || (group && r.customerGroupId === 7)),
      ),
    );
    rowsJson.set(key, json);
  }
  return json;
}

/**
 * For each time line, what pricing at close reads for it (fresh objects per session). Only the
 * session's own row is generated beforehand; call `materialise` to get the tariff rows afresh.
 */
export function productionInputs(timelines: SessionTimeline[], firstId: number, o: CurveOptions = {}) {
  return timelines.map((t, i) => {
    const id = firstId + i;
    const operator = 10 + (id % 5);
    const group = id % 5 === 2;
    const owner = id % 10 < 3;
    return {
      session: sessionRow(id, t, o),
      operator,
      group,
      owner,
      json: scopeJson(operator, group, owner),
    };
  });
}

export type ProductionInput = ReturnType<typeof productionInputs>[number];

/** The `PricingRows` of one session, its tariff rows and group parsed afresh. */
export function materialise(p: ProductionInput): PricingRows {
  return {
    session: p.session,
    station: { country: 'FR', timeZone: 'Europe/Paris' },
    operatorChain: [p.operator, 1],
    ownerChain: p.owner ? [20, 1] : [],
    group: p.group ? { ...SCENARIO_GROUP } : undefined,
    paymentType: 'business_pass',
    mps: [],
    rows: freshTariffRows(p.json),
  };
}

/** The wallets the close reads for a session (`sessionWallets`): a driver's own EUR wallet for even ids. */
export function walletsOf(session: { id: number; userId: number | null }) {
  const own =
    session.id % 2 === 0 ? { id: 9_000 + (session.id % 1000), userId: session.userId, currency: 'EUR' } : null;
  return { own, company: null, previous: [] };
}

/**
 * Pricing at close as it ran before issue 24 section 7: the same selection and engine, but every
 * perspective's tariff built afresh from its row (`buildEngineTariff`, no per-version cache). The
 * benchmark's "before" row and the equivalence test compare production's `decideSessionPrice` with it.
 */
export function priceUncached(f: PricingRows) {
  const sel = selectSessionTariffs(f);
  return priceWithTariffs(f, sel, {
    ...(sel.emp.tariff ? { emsp: buildEngineTariff(sel.emp.tariff.row, sel.empCapExclVat) } : {}),
    ...(sel.cpo.tariff ? { cpo: buildEngineTariff(sel.cpo.tariff.row) } : {}),
    ...(sel.owner.tariff ? { owner: buildEngineTariff(sel.owner.tariff.row) } : {}),
  });
}
