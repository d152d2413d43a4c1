/**
 * @module Builders for tests and the benchmark: tariffs from readable decimals
 * (`aTariff({ elements: [anElement([energy('0.25', { vat: 10 })])] })`) and session time lines from
 * consecutive charging and parking stretches (`aSession('2026-03-02T09:30:00+01:00', charge({ minutes: 60, kwh: 20 }))`).
 */
import { dec4, vatBp } from '../../domain/pricing/money';
import type {
  Dimension,
  Period,
  PriceComponent,
  Reservation,
  SessionTimeline,
  Tariff,
  TariffElement,
  TariffRestrictions,
} from '../../domain/pricing/types';

interface ComponentOptions {
  /** VAT percent; omitted = no VAT applicable. */
  vat?: number | string;
  step?: number;
}

function component(type: Dimension, price: string, o: ComponentOptions = {}): PriceComponent {
  return { type, price: dec4(price), vatBp: o.vat === undefined ? null : vatBp(o.vat), stepSize: o.step ?? 1 };
}

/** Prices in major units per session, kWh or hour, excl. VAT. */
export const flat = (price: string, o?: ComponentOptions) => component('FLAT', price, o);
export const energy = (price: string, o?: ComponentOptions) => component('ENERGY', price, o);
export const time = (price: string, o?: ComponentOptions) => component('TIME', price, o);
export const parking = (price: string, o?: ComponentOptions) => component('PARKING_TIME', price, o);

export function anElement(components: PriceComponent[], restrictions?: TariffRestrictions): TariffElement {
  return restrictions ? { priceComponents: components, restrictions } : { priceComponents: components };
}

export function aTariff(overrides: Partial<Tariff> = {}): Tariff {
  return {
    id: 'T1',
    currency: 'EUR',
    elements: [anElement([energy('0.25', { vat: 20 })])],
    ...overrides,
  };
}

export interface Stretch {
  ms: number;
  energyWh: number;
  powerW?: number;
  currentA?: number;
  charging: boolean;
}

interface StretchOptions {
  minutes?: number;
  seconds?: number;
  kwh?: number;
  kw?: number;
  amps?: number;
}

const msOf = (o: StretchOptions) => (o.minutes ?? 0) * 60_000 + (o.seconds ?? 0) * 1000;

/** Charging for a while; power defaults to the average implied by the energy. */
export function charge(o: StretchOptions): Stretch {
  return {
    ms: msOf(o),
    energyWh: Math.round((o.kwh ?? 0) * 1000),
    ...(o.kw === undefined ? {} : { powerW: o.kw * 1000 }),
    ...(o.amps === undefined ? {} : { currentA: o.amps }),
    charging: true,
  };
}

/** Connected, not charging. */
export function park(o: StretchOptions): Stretch {
  return { ms: msOf(o), energyWh: 0, charging: false };
}

export function aSession(start: string | number, ...stretches: Stretch[]): SessionTimeline {
  const begin = typeof start === 'number' ? start : Date.parse(start);
  let at = begin;
  const periods: Period[] = stretches.map((s) => {
    const powerW = s.powerW ?? (s.ms > 0 ? Math.round((s.energyWh * 3_600_000) / s.ms) : 0);
    const period: Period = { start: at, end: at + s.ms, energyWh: s.energyWh, powerW, charging: s.charging };
    if (s.currentA !== undefined) period.currentA = s.currentA;
    at += s.ms;
    return period;
  });
  return { start: begin, end: at, periods, anomalies: [] };
}

export function withReservation(session: SessionTimeline, minutesBefore: number, expired = false): SessionTimeline {
  const reservation: Reservation = { start: session.start - minutesBefore * 60_000, end: session.start, expired };
  return { ...session, reservation };
}
