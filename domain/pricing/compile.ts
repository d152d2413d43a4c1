/**
 * @module A tariff prepared once for pricing many sessions: per dimension, its components in element
 * order with compiled restrictions, the reservation elements apart, and the thresholds to split at.
 * Compiled forms are cached per tariff object (tariffs are treated as immutable).
 */
import {
  type CompiledRestrictions,
  compileRestrictions,
  matchesEverything,
  type Thresholds,
  thresholdsOf,
} from './restrictions';
import { DIMENSIONS, type Dimension, type PriceComponent, type Tariff, type TariffRestrictions } from './types';

export interface Candidate {
  elementIndex: number;
  component: PriceComponent;
  when: CompiledRestrictions;
  restrictions: TariffRestrictions | undefined;
}

export interface CompiledTariff {
  tariff: Tariff;
  minorDigits: number;
  session: Record<Dimension, Candidate[]>;
  /** Reservation elements: FLAT and TIME only, as OCPI allows. */
  reservation: { FLAT: Candidate[]; TIME: Candidate[] };
  reservationExpires: { FLAT: Candidate[]; TIME: Candidate[] };
  thresholds: Thresholds;
  /**
   * True when the first session candidate of every dimension holds everywhere: each dimension's line
   * is then the same whatever the segments, so the engine prices from the time line's sums (engine.ts).
   */
  uniform: boolean;
}

const cache = new WeakMap<Tariff, CompiledTariff>();

export function compileTariff(tariff: Tariff): CompiledTariff {
  const hit = cache.get(tariff);
  if (hit) return hit;
  const session: Record<Dimension, Candidate[]> = { FLAT: [], ENERGY: [], TIME: [], PARKING_TIME: [] };
  const reservation = { FLAT: [] as Candidate[], TIME: [] as Candidate[] };
  const reservationExpires = { FLAT: [] as Candidate[], TIME: [] as Candidate[] };
  const all: CompiledRestrictions[] = [];
  tariff.elements.forEach((element, elementIndex) => {
    const when = compileRestrictions(element.restrictions);
    const kind = element.restrictions?.reservation;
    if (kind === undefined) all.push(when);
    const seen = new Set<Dimension>();
    for (const component of element.priceComponents) {
      // Only the first component of a dimension within an element counts.
      if (seen.has(component.type)) continue;
      seen.add(component.type);
      const candidate = { elementIndex, component, when, restrictions: element.restrictions };
      if (kind === undefined) session[component.type].push(candidate);
      else if (component.type === 'FLAT' || component.type === 'TIME') {
        (kind === 'RESERVATION' ? reservation : reservationExpires)[component.type].push(candidate);
      }
    }
  });
  const compiled: CompiledTariff = {
    tariff,
    minorDigits: tariff.minorDigits ?? 2,
    session,
    reservation,
    reservationExpires,
    thresholds: thresholdsOf(all),
    uniform: DIMENSIONS.every((d) => {
      const winner = session[d][0];
      return winner === undefined || matchesEverything(winner.when);
    }),
  };
  cache.set(tariff, compiled);
  return compiled;
}
