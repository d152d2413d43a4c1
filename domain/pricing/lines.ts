/**
 * @module Accumulates billed quantities per (dimension, tariff element), applies the once-per-session
 * step-size rounding of OCPI (CDR module, "step_size") and turns quantities into priced lines.
 */
import type { Candidate } from './compile';
import { amountDenominator, exactAmount, MILLI, roundDiv, vatOf } from './money';
import type { LineDimension, PricedLine, TimeStepRule } from './types';

export interface Accumulator {
  dimension: LineDimension;
  candidate: Candidate;
  /** Wh, ms or 1. */
  quantity: number;
}

export class LineBook {
  /** A session has a handful of lines: a list searched in order is cheaper than a map. */
  readonly accumulators: Accumulator[] = [];
  lastEnergy: Accumulator | undefined;
  lastTime: Accumulator | undefined;
  lastParking: Accumulator | undefined;
  /** Chronologically last TIME or PARKING_TIME line. */
  lastTimeLike: Accumulator | undefined;

  add(dimension: LineDimension, candidate: Candidate, quantity: number): Accumulator {
    let acc: Accumulator | undefined;
    for (const a of this.accumulators) {
      if (a.dimension === dimension && a.candidate.elementIndex === candidate.elementIndex) {
        acc = a;
        break;
      }
    }
    if (!acc) {
      acc = { dimension, candidate, quantity: 0 };
      this.accumulators.push(acc);
    }
    acc.quantity += quantity;
    if (dimension === 'ENERGY') this.lastEnergy = acc;
    else if (dimension === 'TIME') this.lastTime = this.lastTimeLike = acc;
    else if (dimension === 'PARKING_TIME') this.lastParking = this.lastTimeLike = acc;
    return acc;
  }

  total(dimension: LineDimension): number {
    let sum = 0;
    for (const acc of this.accumulators) if (acc.dimension === dimension) sum += acc.quantity;
    return sum;
  }

  /**
   * Step size once per session: energy rounded up in the step of the last energy component; time
   * per `rule` (see `TimeStepRule`). The excess is billed on the last line of the dimension.
   */
  applyStepSizes(rule: TimeStepRule): void {
    roundUp(this.lastEnergy, this.total('ENERGY'), 1);
    if (rule === 'session') {
      roundUp(this.lastTimeLike, this.total('TIME') + this.total('PARKING_TIME'), 1000);
    } else if (this.lastParking) {
      roundUp(this.lastParking, this.total('PARKING_TIME'), 1000);
    } else {
      roundUp(this.lastTime, this.total('TIME'), 1000);
    }
  }

  lines(minorDigits: number): ExactLine[] {
    const out: ExactLine[] = [];
    for (const acc of this.accumulators) out.push(priceLine(acc, minorDigits));
    return out.length > 1 ? out.sort(byDimension) : out;
  }
}

const DIMENSION_KEY: Record<LineDimension, number> = {
  RESERVATION_FLAT: 0,
  RESERVATION_TIME: 1,
  FLAT: 2,
  ENERGY: 3,
  TIME: 4,
  PARKING_TIME: 5,
  MIN_PRICE: 6,
  MAX_PRICE: 7,
};

/** Dimension order; stable, so lines of one dimension keep the order they were first booked in. */
const byDimension = (a: ExactLine, b: ExactLine) => DIMENSION_KEY[a.line.dimension] - DIMENSION_KEY[b.line.dimension];

function roundUp(last: Accumulator | undefined, total: number, unitScale: number): void {
  if (!last || total <= 0) return;
  const step = Math.max(1, last.candidate.component.stepSize) * unitScale;
  const rounded = Math.ceil(total / step) * step;
  last.quantity += rounded - total;
}

/** A priced line plus its exact amounts (thousandths of the minor unit) the totals are summed from. */
export interface ExactLine {
  line: PricedLine;
  exclMilli: number;
  vatMilli: number;
}

export function priceLine(acc: Accumulator, minorDigits: number): ExactLine {
  const { component, elementIndex, restrictions } = acc.candidate;
  const denominator = amountDenominator(dimensionUnit(acc.dimension), minorDigits);
  const exclMilli = exactAmount(acc.quantity, component.price, denominator);
  const vatMilli = vatOf(exclMilli, component.vatBp);
  const exclVat = roundDiv(exclMilli, MILLI);
  const inclVat = roundDiv(exclMilli + vatMilli, MILLI);
  const isTime = acc.dimension === 'TIME' || acc.dimension === 'PARKING_TIME' || acc.dimension === 'RESERVATION_TIME';
  const line: PricedLine = {
    dimension: acc.dimension,
    quantity: isTime ? acc.quantity / 1000 : acc.quantity,
    unitPrice: component.price,
    vatBp: component.vatBp,
    exclVat,
    vat: inclVat - exclVat,
    inclVat,
    elementIndex,
  };
  if (restrictions) line.restrictions = restrictions;
  return { line, exclMilli, vatMilli };
}

function dimensionUnit(d: LineDimension) {
  if (d === 'RESERVATION_TIME') return 'TIME' as const;
  if (d === 'ENERGY' || d === 'TIME' || d === 'PARKING_TIME') return d;
  return 'FLAT' as const;
}
