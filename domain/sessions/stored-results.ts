/**
 * @module `session_pricing.results_json`, written and read (ADR 009, addendum of 27 November 2026,
 * "the results stored as what no other row keeps"). Until then the column held `JSON.stringify` of the
 * engine's three results (version 1), about 1.3 kB whose lines repeat `session_tariff_lines` and whose
 * driver totals repeat the session's columns; writing it was the largest stage of a close (≈ 4.5 µs,
 * issue 24 section 7). Version 2 keeps only what no other row keeps, as one JSON array of numbers and
 * short strings (which `JSON.stringify` writes without a walk over keys); the lines are read back from
 * `session_tariff_lines`, written in the same batch:
 *
 *   [2, P(emsp), P(cpo), P(owner)]
 *   P, unpriced: the engine's result as it is ({"kind":"unpriced","reason":…,"needsRevision":…});
 *   P, priced:   [tariffId, currency, totals exclVat, totals inclVat (VAT is their difference), 1 when the
 *                 display total is the one incl. VAT else 0, [energyWh, chargingS, parkingS] or 0 when the
 *                 same as the previous priced perspective's, needsRevision, free or null, extras], extras
 *                 listing, for the lines whose quantity is not whole (the lines table rounds it) or that
 *                 carry restrictions, [position, exact quantity or null, restrictions or null].
 *
 * `storedResults` reads both versions into the engine's results, key for key: `JSON.stringify` of what it
 * returns for a version-2 text is the version-1 text the same close wrote before (the golden test,
 * price-at-close.golden.test.ts, compares every one of 2,000 random closes with the digests of commit
 * a1587ba through it). Every reader of the column must read it through `storedResults`.
 */
import type { CdrPrices } from '../pricing';
import type { LineDimension, Priced, PricedLine, PricingResult, TariffRestrictions } from '../pricing/types';

type Results = CdrPrices['results'];

/** The columns of a `session_tariff_lines` row the reading needs (drizzle's row and `TariffLineRow` fit it). */
export interface StoredLine {
  party: 'emp' | 'subcpo' | 'owner';
  position: number;
  dimension: string;
  quantity: number;
  unitPrice: number;
  vatBp: number | null;
  exclVat: number;
  vat: number;
  inclVat: number;
  elementIndex: number;
}

/** A line's part of the stored text: its position, its exact quantity (or null) and its restrictions (or null). */
type Extra = [number, number | null, TariffRestrictions | null];

/** A priced result as stored: see the module's comment. */
type StoredPriced = [
  tariffId: string,
  currency: string,
  exclVat: number,
  inclVat: number,
  displayIncl: 0 | 1,
  quantities: [energyWh: number, chargingS: number, parkingS: number] | 0,
  needsRevision: string[] | null,
  free: Priced['free'] | null,
  extras: Extra[],
];

type Stored = [2, StoredPriced | PricingResult, StoredPriced | PricingResult, StoredPriced | PricingResult];

function storedPriced(r: Priced, previous: Priced | null): StoredPriced {
  let extras: Extra[] = NO_EXTRAS;
  for (let i = 0; i < r.lines.length; i++) {
    const l = r.lines[i] as PricedLine;
    const exact = Math.round(l.quantity) !== l.quantity;
    if (!exact && !l.restrictions) continue;
    if (extras === NO_EXTRAS) extras = [];
    extras.push([i, exact ? l.quantity : null, l.restrictions ?? null]);
  }
  const q = r.quantities;
  const p = previous?.quantities;
  const same = p !== undefined && p.energyWh === q.energyWh && p.chargingS === q.chargingS && p.parkingS === q.parkingS;
  return [
    r.tariffId,
    r.currency,
    r.totals.exclVat,
    r.totals.inclVat,
    r.displayTotal === r.totals.inclVat ? 1 : 0,
    same ? 0 : [q.energyWh, q.chargingS, q.parkingS],
    r.needsRevision,
    r.free ?? null,
    extras,
  ];
}

const NO_EXTRAS: Extra[] = [];

/** The text pricing at close stores (version 2); its lines go to `session_tariff_lines` beside it. */
export function storedResultsJson(results: Results): string {
  const { emsp, cpo, owner } = results;
  const e = emsp.kind === 'priced' ? emsp : null;
  const c = cpo.kind === 'priced' ? cpo : null;
  const stored: Stored = [
    2,
    e ? storedPriced(e, null) : emsp,
    c ? storedPriced(c, e) : cpo,
    owner.kind === 'priced' ? storedPriced(owner, c ?? e) : owner,
  ];
  return JSON.stringify(stored);
}

/**
 * The engine's three results of a stored `results_json` (either version) and the session's tariff lines
 * (any order; only a version-2 text needs them). Throws on a text that is neither version.
 */
export function storedResults(text: string, lines: readonly StoredLine[]): Results {
  const parsed = JSON.parse(text) as Results | Stored | unknown[];
  if (!Array.isArray(parsed)) return parsed;
  if (parsed[0] !== 2) throw new Error(`results_json of unknown version ${String(parsed[0])}`);
  const [, emsp, cpo, owner] = parsed as Stored;
  const e = read(emsp, lines, 'emp', null);
  const c = read(cpo, lines, 'subcpo', e.kind === 'priced' ? e : null);
  const previous = c.kind === 'priced' ? c : e.kind === 'priced' ? e : null;
  return { emsp: e, cpo: c, owner: read(owner, lines, 'owner', previous) };
}

function read(
  p: StoredPriced | PricingResult,
  lines: readonly StoredLine[],
  party: StoredLine['party'],
  previous: Priced | null,
): PricingResult {
  return Array.isArray(p) ? pricedOf(p, linesOf(lines, party), previous) : p;
}

function linesOf(lines: readonly StoredLine[], party: StoredLine['party']): StoredLine[] {
  const mine: StoredLine[] = [];
  for (const l of lines) if (l.party === party) mine.push(l);
  return mine.sort((a, b) => a.position - b.position);
}

function pricedOf(p: StoredPriced, rows: StoredLine[], previous: Priced | null): Priced {
  const [tariffId, currency, exclVat, inclVat, displayIncl, stored, needsRevision, free, extras] = p;
  let quantities: Priced['quantities'];
  if (stored !== 0) quantities = { energyWh: stored[0], chargingS: stored[1], parkingS: stored[2] };
  else if (previous) quantities = { ...previous.quantities };
  else throw new Error('results_json repeats the quantities of no earlier perspective');
  // Key for key as the engine makes them (lines.ts priceLine, totals.ts adjustment, engine.ts price).
  const lines = rows.map(
    (l): PricedLine => ({
      dimension: l.dimension as LineDimension,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatBp: l.vatBp,
      exclVat: l.exclVat,
      vat: l.vat,
      inclVat: l.inclVat,
      elementIndex: l.elementIndex,
    }),
  );
  for (const [i, quantity, restrictions] of extras) {
    const line = lines[i];
    if (!line) throw new Error(`results_json names line ${i} of ${lines.length}`);
    if (quantity !== null) line.quantity = quantity;
    if (restrictions !== null) line.restrictions = restrictions;
  }
  const result: Priced = {
    kind: 'priced',
    tariffId,
    currency,
    lines,
    // VAT is the difference of the rounded totals (totals.ts roundTotals).
    totals: { exclVat, vat: inclVat - exclVat, inclVat },
    displayTotal: displayIncl === 1 ? inclVat : exclVat,
    quantities,
    needsRevision,
  };
  if (free !== null) result.free = free;
  return result;
}
