/**
 * @module Tariff, session time line and pricing result types of the pricing engine (OCPI 2.2.1
 * tariff semantics plus the specification's grace time, free parking, max price and VAT display).
 *
 * Units, everywhere in this folder:
 * - prices per unit: integer ten-thousandths of the currency's major unit (OCPI's four decimals),
 *   so 0.25 EUR/kWh is `2500`; see `dec4()` in `money.ts`;
 * - VAT: integer basis points (20 % is `2000`, 5.2 % is `520`), `null` when no VAT applies;
 * - amounts in results: integer minor units of the currency (cents for EUR);
 * - instants: epoch milliseconds (UTC); energy: whole Wh; power: W; current: A.
 */

export const DIMENSIONS = ['FLAT', 'ENERGY', 'TIME', 'PARKING_TIME'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export interface PriceComponent {
  type: Dimension;
  /** Per kWh (ENERGY), per hour (TIME, PARKING_TIME) or per session (FLAT), excl. VAT, in 1/10,000 major unit. */
  price: number;
  /** Basis points; null = no VAT applicable (billed as 0 VAT, as OCPI says). */
  vatBp: number | null;
  /** Wh for ENERGY, seconds for TIME and PARKING_TIME, ignored for FLAT. 0 is treated as 1. */
  stepSize: number;
}

export interface TariffRestrictions {
  /** Local time of day "HH:MM", inclusive. */
  startTime?: string;
  /** Local time of day "HH:MM", exclusive; earlier than startTime wraps over midnight; "00:00" = end of day. */
  endTime?: string;
  /** Local date "YYYY-MM-DD", inclusive. */
  startDate?: string;
  /** Local date "YYYY-MM-DD", exclusive. */
  endDate?: string;
  /** Energy consumed so far in the session, kWh: min inclusive, max exclusive. */
  minKwh?: number;
  maxKwh?: number;
  /** Sum over phases, A: min inclusive, max exclusive. */
  minCurrent?: number;
  maxCurrent?: number;
  /** kW: min inclusive, max exclusive. */
  minPower?: number;
  maxPower?: number;
  /** Seconds since session start: min inclusive, max exclusive. */
  minDuration?: number;
  maxDuration?: number;
  dayOfWeek?: readonly DayOfWeek[];
  reservation?: 'RESERVATION' | 'RESERVATION_EXPIRES';
}

export interface TariffElement {
  priceComponents: readonly PriceComponent[];
  restrictions?: TariffRestrictions;
}

/** A price bound (OCPI `Price`), in minor units. */
export interface PriceBound {
  exclVat: number;
  inclVat?: number;
}

/**
 * How the one step-size rounding of the time dimensions is applied (see ADR 009):
 * - 'parking' (default, OCPI CDR module): when parking is billed only the total parking time is rounded;
 * - 'session': the billed TIME + PARKING_TIME total is rounded, the excess going to the last line
 *   (the reading of the tariff module's step-size examples on tariff 14).
 */
export type TimeStepRule = 'parking' | 'session';

export interface Tariff {
  id: string;
  /** ISO 4217. */
  currency: string;
  /** Digits of the minor unit (2 for EUR, 0 for JPY). Default 2. */
  minorDigits?: number;
  elements: readonly TariffElement[];
  minPrice?: PriceBound;
  maxPrice?: PriceBound;
  /** Validity of the tariff as a whole (UTC instants); the tariff valid at session start prices the whole session. */
  validFrom?: number;
  validTo?: number;
  /** Spec: a session shorter than this (seconds, start to end) is free. */
  graceTimeS?: number;
  /** Spec "free parking": the first N seconds of parking in a session are not billed (Infinity: all). */
  freeParkingS?: number;
  /** Spec "VAT included or net": which total the price is shown with. Default 'net'. */
  display?: 'included' | 'net';
  timeStepRule?: TimeStepRule;
}

/** One stretch of the session time line with uniform power: energy is spread linearly over it. */
export interface Period {
  start: number;
  end: number;
  energyWh: number;
  powerW: number;
  /** Sum over phases; unknown current makes current restrictions not match. */
  currentA?: number;
  /** true: charging (TIME); false: connected, not charging (PARKING_TIME). */
  charging: boolean;
}

export interface Reservation {
  start: number;
  /** When charging started, or when the reservation expired. */
  end: number;
  expired: boolean;
}

export interface SessionTimeline {
  start: number;
  end: number;
  periods: readonly Period[];
  reservation?: Reservation;
  /** Inconsistencies found while building the time line: the result is flagged for revision. */
  anomalies: readonly string[];
}

export type LineDimension = Dimension | 'RESERVATION_FLAT' | 'RESERVATION_TIME' | 'MIN_PRICE' | 'MAX_PRICE';

export interface PricedLine {
  dimension: LineDimension;
  /** Wh for energy, seconds for time dimensions, 1 for flat fees, 0 for price adjustments. */
  quantity: number;
  /** As in the tariff (1/10,000 major unit per kWh, hour or session); 0 for adjustments. */
  unitPrice: number;
  vatBp: number | null;
  exclVat: number;
  vat: number;
  inclVat: number;
  /** Index of the tariff element that produced the line; -1 for adjustments. */
  elementIndex: number;
  restrictions?: TariffRestrictions;
}

export interface Totals {
  exclVat: number;
  vat: number;
  inclVat: number;
}

export interface Priced {
  kind: 'priced';
  tariffId: string;
  currency: string;
  lines: PricedLine[];
  totals: Totals;
  /** The total the tariff says to show (incl. or excl. VAT). */
  displayTotal: number;
  /** Why the session is free despite a priced tariff, if it is. */
  free?: 'grace-time' | 'private';
  quantities: { energyWh: number; chargingS: number; parkingS: number };
  needsRevision: string[] | null;
}

export interface Unpriced {
  kind: 'unpriced';
  reason: string;
  needsRevision: string[] | null;
}

export type PricingResult = Priced | Unpriced;
