/**
 * @module How a stored tariff line reads in the session detail: the quantity in the unit of its
 * dimension (kWh, h:mm:ss, a count) and the unit price as the tariff states it (four decimals,
 * per kWh, hour or session). Amounts use the session's money formatter.
 */
import { formatKwh, formatUnitPrice } from '../format/format';
import { duration } from '../sessions/display';

export type UnitKind = 'perKwh' | 'perHour' | 'perSession' | null;

/** The unit a dimension's price is stated in; adjustments (min/max price) have none. */
export function unitOf(dimension: string): UnitKind {
  if (dimension === 'ENERGY') return 'perKwh';
  if (dimension === 'TIME' || dimension === 'PARKING_TIME' || dimension === 'RESERVATION_TIME') return 'perHour';
  if (dimension === 'FLAT' || dimension === 'RESERVATION_FLAT') return 'perSession';
  return null;
}

/** Wh as kWh, seconds as h:mm:ss, flat fees as a count, adjustments as a dash. */
export function lineQuantity(dimension: string, quantity: number): string {
  const unit = unitOf(dimension);
  if (unit === 'perKwh') return formatKwh(quantity);
  if (unit === 'perHour') return duration(quantity);
  if (unit === 'perSession') return String(quantity);
  return '—';
}

/** A unit price in ten-thousandths of the currency, e.g. 2500 EUR → "0,2500 €"; null for adjustments. */
export function lineUnitPrice(dimension: string, unitPrice: number, currency = 'EUR'): string | null {
  if (unitOf(dimension) === null) return null;
  return formatUnitPrice(unitPrice, currency);
}
