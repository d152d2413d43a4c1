/**
 * @module The three prices of a CDR (spec section 3, Session record): what the e-mobility provider
 * bills the driver (EMSP tariff), what the sub-operator is paid (CPO tariff) and the owner's revenue
 * (owner tariff), as the `charging_sessions` price columns in minor units. A perspective whose
 * tariff does not apply stays null (never 0) and its reason goes into the pricing note.
 */
import { type PricingOptions, priceSession } from './engine';
import { roundDiv } from './money';
import type { LineDimension, Priced, PricingResult, SessionTimeline, Tariff } from './types';

export interface PerspectiveTariffs {
  emsp?: Tariff;
  cpo?: Tariff;
  owner?: Tariff;
}

export interface CdrPrices {
  pricingStatus: 'priced' | 'unpriced';
  pricingNote: string | null;
  /** cdr_needs_revision: 0 = no. */
  needsRevision: 0 | 1;
  empTotal: number | null;
  empNetTotal: number | null;
  empEnergy: number | null;
  empNetEnergy: number | null;
  empTime: number | null;
  empPenalty: number | null;
  empNetPenalty: number | null;
  subcpoTotal: number | null;
  subcpoEnergy: number | null;
  subcpoTime: number | null;
  subcpoPenalty: number | null;
  ownerTotal: number | null;
  ownerEnergy: number | null;
  ownerPenalty: number | null;
  /** Minor units per kWh × 1000 (the column's unit). */
  ownerCostPerKwh: number | null;
  vatValue: number | null;
  results: { emsp: PricingResult; cpo: PricingResult; owner: PricingResult };
}

/**
 * Driver prices are shown with and without VAT; the sub-operator's and the owner's are business
 * figures and therefore net. Dimension fields leave out min/max-price adjustments, totals include them.
 */
export function priceCdr(
  tariffs: PerspectiveTariffs,
  timeline: SessionTimeline,
  options: PricingOptions = {},
  /** Why a perspective has no tariff (the selection knows; the engine only sees none), for the note. */
  noTariffReasons: Partial<Record<keyof PerspectiveTariffs, string>> = {},
): CdrPrices {
  const emsp = priceSession(tariffs.emsp, timeline, options);
  const cpo = priceSession(tariffs.cpo, timeline, options);
  const owner = priceSession(tariffs.owner, timeline, options);
  const e = emsp.kind === 'priced' ? emsp : null;
  const c = cpo.kind === 'priced' ? cpo : null;
  const o = owner.kind === 'priced' ? owner : null;
  // Run at every close: plain statements, no closures (the Workers bundle names each one, a call apiece).
  const notes: string[] = [];
  if (!e) notes.push(`emsp: ${(!tariffs.emsp && noTariffReasons.emsp) || reasonOf(emsp)}`);
  if (!c) notes.push(`cpo: ${(!tariffs.cpo && noTariffReasons.cpo) || reasonOf(cpo)}`);
  if (!o) notes.push(`owner: ${(!tariffs.owner && noTariffReasons.owner) || reasonOf(owner)}`);
  const revision = emsp.needsRevision ?? cpo.needsRevision ?? owner.needsRevision;
  if (revision) notes.push(`needs revision: ${revision.join(', ')}`);
  return {
    pricingStatus: e || c || o ? 'priced' : 'unpriced',
    pricingNote: notes.length > 0 ? notes.join('; ') : null,
    needsRevision: revision ? 1 : 0,
    empTotal: e ? e.totals.inclVat : null,
    empNetTotal: e ? e.totals.exclVat : null,
    empEnergy: e ? sum(e, 'ENERGY', 'inclVat') : null,
    empNetEnergy: e ? sum(e, 'ENERGY', 'exclVat') : null,
    empTime: e ? sum(e, 'TIME', 'inclVat') : null,
    empPenalty: e ? sum(e, 'PARKING_TIME', 'inclVat') : null,
    empNetPenalty: e ? sum(e, 'PARKING_TIME', 'exclVat') : null,
    subcpoTotal: c ? c.totals.exclVat : null,
    subcpoEnergy: c ? sum(c, 'ENERGY', 'exclVat') : null,
    subcpoTime: c ? sum(c, 'TIME', 'exclVat') : null,
    subcpoPenalty: c ? sum(c, 'PARKING_TIME', 'exclVat') : null,
    ownerTotal: o ? o.totals.exclVat : null,
    ownerEnergy: o ? sum(o, 'ENERGY', 'exclVat') : null,
    ownerPenalty: o ? sum(o, 'PARKING_TIME', 'exclVat') : null,
    ownerCostPerKwh:
      o && o.quantities.energyWh > 0 ? roundDiv(o.totals.exclVat * 1_000_000, o.quantities.energyWh) : null,
    vatValue: e ? e.totals.vat : null,
    results: { emsp, cpo, owner },
  };
}

function reasonOf(r: PricingResult): string {
  return r.kind === 'unpriced' ? r.reason : '';
}

function sum(p: Priced, dimension: LineDimension, field: 'exclVat' | 'inclVat'): number {
  let total = 0;
  for (const line of p.lines) if (line.dimension === dimension) total += line[field];
  return total;
}
