/**
 * @module Reads an OCPI 2.2.1 Tariff object (JSON numbers in major units and percent) into the
 * engine's integer tariff model, so roaming tariffs and the specification's own examples price as-is.
 */
import { dec4, minor, vatBp } from './money';
import type { DayOfWeek, Dimension, PriceBound, Tariff, TariffElement, TariffRestrictions } from './types';

export interface OcpiPriceComponent {
  type: Dimension;
  price: number;
  vat?: number;
  step_size: number;
}

export interface OcpiRestrictions {
  start_time?: string;
  end_time?: string;
  start_date?: string;
  end_date?: string;
  min_kwh?: number;
  max_kwh?: number;
  min_current?: number;
  max_current?: number;
  min_power?: number;
  max_power?: number;
  min_duration?: number;
  max_duration?: number;
  day_of_week?: DayOfWeek[];
  reservation?: 'RESERVATION' | 'RESERVATION_EXPIRES';
}

export interface OcpiTariff {
  id: string;
  currency: string;
  elements: { price_components: OcpiPriceComponent[]; restrictions?: OcpiRestrictions }[];
  min_price?: { excl_vat: number; incl_vat?: number };
  max_price?: { excl_vat: number; incl_vat?: number };
  start_date_time?: string;
  end_date_time?: string;
  [other: string]: unknown;
}

export function fromOcpiTariff(t: OcpiTariff, minorDigits = 2): Tariff {
  const bound = (p: { excl_vat: number; incl_vat?: number } | undefined): PriceBound | undefined =>
    p && {
      exclVat: minor(p.excl_vat, minorDigits),
      ...(p.incl_vat === undefined ? {} : { inclVat: minor(p.incl_vat, minorDigits) }),
    };
  const minPrice = bound(t.min_price);
  const maxPrice = bound(t.max_price);
  return {
    id: t.id,
    currency: t.currency,
    minorDigits,
    elements: t.elements.map(
      (e): TariffElement => ({
        priceComponents: e.price_components.map((c) => ({
          type: c.type,
          price: dec4(c.price),
          vatBp: c.vat === undefined ? null : vatBp(c.vat),
          stepSize: c.step_size,
        })),
        ...(e.restrictions ? { restrictions: restrictionsOf(e.restrictions) } : {}),
      }),
    ),
    ...(minPrice ? { minPrice } : {}),
    ...(maxPrice ? { maxPrice } : {}),
    ...(t.start_date_time ? { validFrom: Date.parse(utc(t.start_date_time)) } : {}),
    ...(t.end_date_time ? { validTo: Date.parse(utc(t.end_date_time)) } : {}),
  };
}

/** OCPI DateTimes without a zone designator are UTC. */
function utc(dateTime: string): string {
  return /[zZ]|[+-]\d\d:\d\d$/.test(dateTime) ? dateTime : `${dateTime}Z`;
}

function restrictionsOf(r: OcpiRestrictions): TariffRestrictions {
  const out: TariffRestrictions = {
    startTime: r.start_time,
    endTime: r.end_time,
    startDate: r.start_date,
    endDate: r.end_date,
    minKwh: r.min_kwh,
    maxKwh: r.max_kwh,
    minCurrent: r.min_current,
    maxCurrent: r.max_current,
    minPower: r.min_power,
    maxPower: r.max_power,
    minDuration: r.min_duration,
    maxDuration: r.max_duration,
    dayOfWeek: r.day_of_week,
    reservation: r.reservation,
  };
  for (const key of Object.keys(out) as (keyof TariffRestrictions)[]) if (out[key] === undefined) delete out[key];
  return out;
}
