/**
 * @module The decision of pricing at close (issue 5 part 3, issue 16): from the facts the store read
 * (the closed session, its station, the company chains, the customer group, the MPS assignments and
 * the approved tariffs in scope) it picks each party's tariff (domain/tariffs/select.ts), builds the
 * engine's time line from the recorded meter curve and prices the three perspectives. Pure: the store
 * (drizzle/queries/pricing.store.ts) gathers the facts and writes what this returns.
 */
import { stoppedForLimit } from '../charging-authorization/limits';
import { type CdrPrices, type PerspectiveTariffs, priceCdr, timelineFromMeterValues } from '../pricing';
import type { PricedLine } from '../pricing/types';
import { engineTariffOfVersion, type StoredTariffVersion } from '../tariffs/engine-cache';
import type { PaymentType, TariffType } from '../tariffs/model';
import { type Choice, chooseTariff, type MpsAssignment, type TariffCandidate } from '../tariffs/select';
import { samplesOf } from './meter-curve';
import { storedResultsJson } from './stored-results';

export { samplesOf } from './meter-curve';

/** A stored tariff version as pricing reads it (drizzle's `tariffs` row fits it). */
export interface StoredTariffRow extends StoredTariffVersion {
  type: TariffType;
  status: 'pending' | 'approved';
  companyId: number;
  countriesJson: string;
  customerGroupId: number | null;
  paymentType: PaymentType | null;
  versionOf: number | null;
  approvedAt: Date | null;
}

/** The session columns the decision reads (drizzle's `charging_sessions` row fits it). */
export interface ClosingSession {
  id: number;
  status: string;
  endAt: Date | null;
  refusedStatus: string | null;
  pricingStatus: string;
  pricingNote: string | null;
  startAt: Date;
  meterStartWh: number;
  meterStopWh: number | null;
  meterCurveJson: string | null;
  stopChargingAt: Date | null;
  currency: string;
  needsRevision: number;
  /** The session's remark: a limit or prepaid-balance stop by the back office is charged under the grace time. */
  remark?: string | null;
}

export interface CustomerGroupFacts {
  id: number;
  deletedAt: Date | null;
  /** The group's max price, minor units excl. VAT (ADR 026). */
  maxPriceExclVat: number | null;
}

/** Everything pricing at close reads from D1 for one session. */
export interface PriceAtCloseFacts<R extends StoredTariffRow = StoredTariffRow> {
  session: ClosingSession & { endAt: Date };
  station: { country: string | null; timeZone: string } | undefined;
  operatorChain: number[];
  ownerChain: number[];
  group: CustomerGroupFacts | undefined;
  paymentType: PaymentType;
  mps: MpsAssignment[];
  /** The approved tariffs in scope. */
  rows: R[];
}

export type PricingOutcome = 'priced' | 'unpriced' | 'skipped' | 'not-found';

/**
 * Whether a session is priced now: not when unknown, not closed, refused by the back office (never
 * billed, ADR 040) or already priced (a retried close changes nothing) unless re-pricing is forced.
 */
export function closingVerdict(
  s: ClosingSession | undefined,
  force: boolean,
): { outcome: 'not-found' | 'skipped'; note: string | null } | null {
  if (!s) return { outcome: 'not-found', note: null };
  if (s.status !== 'closed' || s.endAt === null) return { outcome: 'skipped', note: 'session not closed' };
  if (s.refusedStatus !== null) return { outcome: 'skipped', note: s.pricingNote };
  if (s.pricingStatus === 'priced' && !force) return { outcome: 'skipped', note: s.pricingNote };
  return null;
}

/** A stored tariff as selection sees it (with when it was approved, for the explanation of a choice). */
export function tariffCandidate(t: StoredTariffRow): TariffCandidate & { approvedAt: Date | null } {
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    companyId: t.companyId,
    countries: countriesOf(t.countriesJson),
    customerGroupId: t.customerGroupId,
    paymentType: t.paymentType,
    validFrom: t.validFrom,
    validTo: t.validTo,
    applyFrom: t.applyFrom,
    versionOf: t.versionOf,
    approvedAt: t.approvedAt,
  };
}

export function candidateOf<R extends StoredTariffRow>(t: R): TariffCandidate & { row: R } {
  // Read for every row in scope at every close: no second object (the row is the last key either way).
  const candidate = tariffCandidate(t) as ReturnType<typeof tariffCandidate> & { row: R };
  candidate.row = t;
  return candidate;
}

/** Parsed country lists by their text, frozen and shared: a few distinct texts ('[]' above all). */
const countryLists = new Map<string, readonly string[]>();

function countriesOf(json: string): readonly string[] {
  let list = countryLists.get(json);
  if (list === undefined) {
    list = Object.freeze(JSON.parse(json) as string[]);
    if (countryLists.size >= 1024) countryLists.clear();
    countryLists.set(json, list);
  }
  return list;
}

type Picked<R extends StoredTariffRow> = Choice<TariffCandidate & { row: R }>;

/** Each party's tariff (or why none), and the customer group's cap on the driver's tariff. */
export interface SessionTariffs<R extends StoredTariffRow = StoredTariffRow> {
  emp: Picked<R>;
  cpo: Picked<R>;
  owner: Picked<R>;
  /** Lowers the driver tariff's max price when tighter (ADR 026); null without a live group. */
  empCapExclVat: number | null;
}

export function selectSessionTariffs<R extends StoredTariffRow>(f: PriceAtCloseFacts<R>): SessionTariffs<R> {
  const { session: s, station, operatorChain, ownerChain, group, paymentType, mps } = f;
  const candidates = f.rows.map(candidateOf);
  const facts = {
    start: s.startAt,
    country: station?.country ?? null,
    // A deleted group no longer selects its tariffs (ADR 026).
    customerGroupId: group && group.deletedAt === null ? group.id : null,
    paymentType,
    mps,
  };
  const operatorFacts = { ...facts, companyChain: operatorChain };
  const emp = chooseTariff(candidates, 'emp', operatorFacts);
  const cpo = chooseTariff(candidates, 'cpo', operatorFacts);
  // Owner revenue: the revenue tariff agreed for the owner, else the owner tariff (ADR 013).
  const ownerFacts =
    ownerChain.length > 0 ? { ...facts, companyChain: [...ownerChain, ...operatorChain] } : operatorFacts;
  const revenue = chooseTariff(candidates, 'revenue', ownerFacts);
  const owner = revenue.tariff ? revenue : chooseTariff(candidates, 'owner', ownerFacts);
  const empCapExclVat = facts.customerGroupId ? (group?.maxPriceExclVat ?? null) : null;
  return { emp, cpo, owner, empCapExclVat };
}

/** The engine's tariffs of the selected versions, one shared object per version and cap (engine-cache.ts). */
export function engineTariffsOf(sel: SessionTariffs): PerspectiveTariffs {
  return {
    emsp: sel.emp.tariff ? engineTariffOfVersion(sel.emp.tariff.row, sel.empCapExclVat) : undefined,
    cpo: sel.cpo.tariff ? engineTariffOfVersion(sel.cpo.tariff.row) : undefined,
    owner: sel.owner.tariff ? engineTariffOfVersion(sel.owner.tariff.row) : undefined,
  };
}

type Perspective = 'emsp' | 'cpo' | 'owner';

/** One row of `session_tariff_lines`. */
export interface TariffLineRow {
  sessionId: number;
  party: 'emp' | 'subcpo' | 'owner';
  position: number;
  dimension: PricedLine['dimension'];
  tariffId: number | null;
  elementIndex: number;
  quantity: number;
  unitPrice: number;
  vatBp: number | null;
  exclVat: number;
  vat: number;
  inclVat: number;
}

/** The tariff lines of the priced perspectives (an unpriced one has none). */
export function tariffLineRows(
  sessionId: number,
  results: CdrPrices['results'],
  tariffIds: Record<Perspective, number | null>,
): TariffLineRow[] {
  const party = { emsp: 'emp', cpo: 'subcpo', owner: 'owner' } as const;
  const rows: TariffLineRow[] = [];
  for (const who of ['emsp', 'cpo', 'owner'] as const) {
    const r = results[who];
    if (r.kind !== 'priced') continue;
    for (let position = 0; position < r.lines.length; position++) {
      const l = r.lines[position] as PricedLine;
      rows.push({
        sessionId,
        party: party[who],
        position,
        dimension: l.dimension,
        tariffId: tariffIds[who],
        elementIndex: l.elementIndex,
        quantity: Math.round(l.quantity),
        unitPrice: l.unitPrice,
        vatBp: l.vatBp,
        exclVat: l.exclVat,
        vat: l.vat,
        inclVat: l.inclVat,
      });
    }
  }
  return rows;
}

/** What the store writes for a priced (or unpriceable) session. */
export interface SessionPriceDecision {
  prices: CdrPrices;
  note: string | null;
  currency: string;
  /** The session's flag raised by this pricing's, never lowered. */
  needsRevision: number;
  tariffIds: { emp: number | null; cpo: number | null; owner: number | null };
  lines: TariffLineRow[];
  /** `session_pricing.results_json`, version 2: read it with `storedResults` (stored-results.ts) and `lines`. */
  resultsJson: string;
}

/** Prices the session with the engine tariffs of the selection (`engineTariffsOf`, or a benchmark's build). */
export function priceWithTariffs<R extends StoredTariffRow>(
  f: PriceAtCloseFacts<R>,
  sel: SessionTariffs<R>,
  engine: PerspectiveTariffs,
): SessionPriceDecision {
  const s = f.session;
  const { emp, cpo, owner } = sel;
  // Run at every close: one object per argument, no conditional spreads (an absent value is undefined).
  const timeline = timelineFromMeterValues({
    start: s.startAt.getTime(),
    end: s.endAt.getTime(),
    meterStartWh: s.meterStartWh,
    meterStopWh: s.meterStopWh ?? undefined,
    samples: samplesOf(s.meterCurveJson),
    stopChargingAt: s.stopChargingAt ? s.stopChargingAt.getTime() : undefined,
  });
  // The selection knows why a perspective has no tariff; the engine only sees none (the note says why).
  const prices = priceCdr(
    engine,
    timeline,
    { timeZone: f.station?.timeZone ?? 'Europe/Paris', ignoreGraceTime: stoppedForLimit(s.remark) },
    {
      emsp: emp.tariff === null ? emp.reason : undefined,
      cpo: cpo.tariff === null ? cpo.reason : undefined,
      owner: owner.tariff === null ? owner.reason : undefined,
    },
  );
  const tariffIds = { emp: emp.tariff?.id ?? null, cpo: cpo.tariff?.id ?? null, owner: owner.tariff?.id ?? null };
  return {
    prices,
    note: prices.pricingNote,
    currency: emp.tariff?.row.currency ?? cpo.tariff?.row.currency ?? owner.tariff?.row.currency ?? s.currency,
    needsRevision: Math.max(s.needsRevision, prices.needsRevision),
    tariffIds,
    lines: tariffLineRows(s.id, prices.results, { emsp: tariffIds.emp, cpo: tariffIds.cpo, owner: tariffIds.owner }),
    resultsJson: storedResultsJson(prices.results),
  };
}

/** The whole decision: selection, the shared engine tariffs, the price. */
export function decideSessionPrice<R extends StoredTariffRow>(f: PriceAtCloseFacts<R>): SessionPriceDecision {
  const sel = selectSessionTariffs(f);
  return priceWithTariffs(f, sel, engineTariffsOf(sel));
}
