/**
 * @module Totals and the tariff-level minimum and maximum price (OCPI `min_price`/`max_price`, the
 * spec's max price): the exact total excl. VAT and the exact total incl. VAT are each clamped to their
 * bound by an adjustment line. A bound given without `inclVat` gets one at the session's VAT rate.
 */
import type { ExactLine } from './lines';
import { MILLI, roundDiv } from './money';
import type { PriceBound, PricedLine, Tariff, Totals } from './types';

/** Exact sums in thousandths of the minor unit. */
export interface ExactTotals {
  exclMilli: number;
  inclMilli: number;
}

export function exactTotals(lines: readonly ExactLine[]): ExactTotals {
  let exclMilli = 0;
  let inclMilli = 0;
  for (const l of lines) {
    exclMilli += l.exclMilli;
    inclMilli += l.exclMilli + l.vatMilli;
  }
  return { exclMilli, inclMilli };
}

/** Totals are rounded once, half up, from the exact sums; VAT is their difference. */
export function roundTotals(t: ExactTotals): Totals {
  const exclVat = roundDiv(t.exclMilli, MILLI);
  const inclVat = roundDiv(t.inclMilli, MILLI);
  return { exclVat, vat: inclVat - exclVat, inclVat };
}

/** Adjustment lines bringing the totals within [min, max]; the maximum wins over a conflicting minimum. */
export function limitLines(tariff: Tariff, totals: ExactTotals): ExactLine[] {
  const out: ExactLine[] = [];
  let current = totals;
  if (tariff.minPrice) {
    const b = withIncl(tariff.minPrice, current, tariff);
    const line = adjustment(
      'MIN_PRICE',
      Math.max(0, b.excl - current.exclMilli),
      Math.max(0, b.incl - current.inclMilli),
    );
    if (line) {
      out.push(line);
      current = {
        exclMilli: current.exclMilli + line.exclMilli,
        inclMilli: current.inclMilli + line.exclMilli + line.vatMilli,
      };
    }
  }
  if (tariff.maxPrice) {
    const b = withIncl(tariff.maxPrice, current, tariff);
    const line = adjustment(
      'MAX_PRICE',
      Math.min(0, b.excl - current.exclMilli),
      Math.min(0, b.incl - current.inclMilli),
    );
    if (line) out.push(line);
  }
  return out;
}

function withIncl(bound: PriceBound, t: ExactTotals, tariff: Tariff): { excl: number; incl: number } {
  const excl = bound.exclVat * MILLI;
  if (bound.inclVat !== undefined) return { excl, incl: bound.inclVat * MILLI };
  const vat =
    t.exclMilli > 0
      ? roundDiv(excl * (t.inclMilli - t.exclMilli), t.exclMilli)
      : roundDiv(excl * firstVatBp(tariff), 10_000);
  return { excl, incl: excl + vat };
}

function firstVatBp(tariff: Tariff): number {
  for (const element of tariff.elements) {
    for (const component of element.priceComponents) if (component.vatBp !== null) return component.vatBp;
  }
  return 0;
}

function adjustment(dimension: 'MIN_PRICE' | 'MAX_PRICE', exclMilli: number, inclMilli: number): ExactLine | null {
  if (exclMilli === 0 && inclMilli === 0) return null;
  const exclVat = roundDiv(exclMilli, MILLI);
  const inclVat = roundDiv(inclMilli, MILLI);
  const line: PricedLine = {
    dimension,
    quantity: 0,
    unitPrice: 0,
    vatBp: null,
    exclVat,
    vat: inclVat - exclVat,
    inclVat,
    elementIndex: -1,
  };
  return { line, exclMilli, vatMilli: inclMilli - exclMilli };
}
