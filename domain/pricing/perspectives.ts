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
  const notes = (
    [
      ['emsp', emsp],
      ['cpo', cpo],
      ['owner', owner],
    ] as const
  )
    .filter(([, r]) => r.kind === 'unpriced')
    .map(([who, r]) => `${who}: ${(!tariffs[who] && noTariffReasons[who]) || (r.kind === 'unpriced' ? r.reason : '')}`);
  const revision = emsp.needsRevision ?? cpo.needsRevision ?? owner.needsRevision;
  if (revision) notes.push(`needs revision: ${revision.join(', ')}`);
  return {
    pricingStatus: e || c || o ? 'priced' : 'unpriced',
    pricingNote: notes.length > 0 ? notes.join('; ') : null,
    needsRevision: revision ? 1 : 0,
    empTotal: of(e, (p) => p.totals.inclVat),
    empNetTotal: of(e, (p) => p.totals.exclVat),
    empEnergy: of(e, (p) => sum(p, 'ENERGY', 'inclVat')),
    empNetEnergy: of(e, (p) => sum(p, 'ENERGY', 'exclVat')),
    empTime: of(e, (p) => sum(p, 'TIME', 'inclVat')),
    empPenalty: of(e, (p) => sum(p, 'PARKING_TIME', 'inclVat')),
    empNetPenalty: of(e, (p) => sum(p, 'PARKING_TIME', 'exclVat')),
    subcpoTotal: of(c, (p) => p.totals.exclVat),
    subcpoEnergy: of(c, (p) => sum(p, 'ENERGY', 'exclVat')),
    subcpoTime: of(c, (p) => sum(p, 'TIME', 'exclVat')),
    subcpoPenalty: of(c, (p) => sum(p, 'PARKING_TIME', 'exclVat')),
    ownerTotal: of(o, (p) => p.totals.exclVat),
    ownerEnergy: of(o, (p) => sum(p, 'ENERGY', 'exclVat')),
    ownerPenalty: of(o, (p) => sum(p, 'PARKING_TIME', 'exclVat')),
    ownerCostPerKwh: of(o, (p) =>
      p.quantities.energyWh > 0 ? roundDiv(p.totals.exclVat * 1_000_000, p.quantities.energyWh) : null,
    ),
    vatValue: of(e, (p) => p.totals.vat),
    results: { emsp, cpo, owner },
  };
}

function of(p: Priced | null, field: (p: Priced) => number | null): number | null {
  return p ? field(p) : null;
}

function sum(p: Priced, dimension: LineDimension, field: 'exclVat' | 'inclVat'): number {
  let total = 0;
  for (const line of p.lines) if (line.dimension === dimension) total += line[field];
  return total;
}
