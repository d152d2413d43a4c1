/**
 * @module OCPI as e-mobility provider, sessions and CDRs (ADR 057 addendum "EMSP: sessions and CDRs"),
 * pure: a partner CPO's Session and CDR about one of our drivers as the columns of our roaming session
 * (`ocpi_emsp_sessions`, named as `charging_sessions`), the meter curve its charging periods give the
 * pricing engine, what the partner charges us, and the driver's price taken from our EMSP tariff.
 */
import type { CdrPrices } from '../pricing';
import type { Cdr } from './cdrs';
import type { ChargingPeriod, Session } from './sessions';
import { ocpiTime } from './tokens';

const MINOR = 100;
/** An OCPI amount (currency units, up to 4 decimals) in minor units. */
export const minorOf = (amount: number | undefined) => (amount === undefined ? null : Math.round(amount * MINOR));

/** Our session state of an OCPI SessionStatus: COMPLETED and INVALID are over. */
export const sessionStateOf = (status: Session['status']): 'in_progress' | 'closed' =>
  status === 'COMPLETED' || status === 'INVALID' ? 'closed' : 'in_progress';

/** The start method shown for a token type (the spec's start methods: RFID, APP). */
export const startMethodOf = (type: Session['cdr_token']['type']) => (type === 'APP_USER' ? 'APP' : 'RFID');

/** The partner CPO party as `cdr_operator_id` (`NL*PRT`). */
export const operatorIdOf = (countryCode: string, partyId: string) =>
  `${countryCode.toUpperCase()}*${partyId.toUpperCase()}`;

/** The session columns a Session object sets (PUT, or a PATCH merged into the stored object). */
export function sessionColumns(s: Session) {
  const startAt = new Date(ocpiTime(s.start_date_time));
  const endAt = s.end_date_time ? new Date(ocpiTime(s.end_date_time)) : null;
  const energyWh = Math.round(s.kwh * 1000);
  const state = sessionStateOf(s.status);
  return {
    status: state,
    ocpiStatus: s.status,
    refusedStatus: s.status === 'INVALID' ? 'Invalid' : null,
    authId: s.cdr_token.uid,
    startMethod: startMethodOf(s.cdr_token.type),
    startAt,
    endAt: endAt ?? (state === 'closed' ? new Date(ocpiTime(s.last_updated)) : null),
    meterStopWh: energyWh,
    energyWh,
    durationS: endAt ? Math.max(0, Math.round((endAt.getTime() - startAt.getTime()) / 1000)) : null,
    locationId: s.location_id,
    evseUid: s.evse_uid,
    ocpiConnectorId: s.connector_id,
    lastUpdated: new Date(ocpiTime(s.last_updated)),
    sessionJson: JSON.stringify(s),
  };
}

/** The volume of a dimension in a charging period (0 when absent). */
const volume = (p: ChargingPeriod, type: string) => p.dimensions.find((d) => d.type === type)?.volume ?? 0;

/**
 * The charging periods as the stored meter curve ([[epoch ms, W, Wh]], what the pricing engine's time
 * line reads): the energy register at each period's start is the ENERGY of the periods before it.
 * Null without periods (the engine then spreads the session's energy over its duration).
 */
export function meterCurveOf(periods: readonly ChargingPeriod[] | undefined): string | null {
  if (!periods || periods.length === 0) return null;
  const sorted = [...periods].sort((a, b) => ocpiTime(a.start_date_time) - ocpiTime(b.start_date_time));
  const points: [number, number | null, number][] = [];
  let wh = 0;
  for (const p of sorted) {
    const power = volume(p, 'MAX_POWER') || volume(p, 'POWER');
    points.push([ocpiTime(p.start_date_time), power > 0 ? Math.round(power * 1000) : null, Math.round(wh)]);
    wh += volume(p, 'ENERGY') * 1000;
  }
  return JSON.stringify(points);
}

/** When charging stopped: the start of the trailing periods that only park (PARKING_TIME, no energy). */
export function stopChargingAtOf(periods: readonly ChargingPeriod[] | undefined): Date | null {
  if (!periods || periods.length === 0) return null;
  const sorted = [...periods].sort((a, b) => ocpiTime(a.start_date_time) - ocpiTime(b.start_date_time));
  let at: number | null = null;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i] as ChargingPeriod;
    if (volume(p, 'ENERGY') > 0 || volume(p, 'PARKING_TIME') === 0) break;
    at = ocpiTime(p.start_date_time);
  }
  return at === null ? null : new Date(at);
}

/**
 * The columns a CDR sets: the session closed with the partner's figures (energy, times, the place's
 * names) and what the partner charges us (`total_cost` and its parts, excl. VAT, as the CPO cost).
 */
export function cdrColumns(cdr: Cdr, receivedAt: Date) {
  const startAt = new Date(ocpiTime(cdr.start_date_time));
  const endAt = new Date(ocpiTime(cdr.end_date_time));
  const energyWh = Math.round(cdr.total_energy * 1000);
  const parkingS = cdr.total_parking_time === undefined ? null : Math.round(cdr.total_parking_time * 3600);
  const totalS = Math.round(cdr.total_time * 3600);
  const l = cdr.cdr_location;
  return {
    status: 'closed' as const,
    ocpiStatus: 'COMPLETED',
    authId: cdr.cdr_token.uid,
    startMethod: startMethodOf(cdr.cdr_token.type),
    startAt,
    endAt,
    stopChargingAt: stopChargingAtOf(cdr.charging_periods),
    meterStopWh: energyWh,
    energyWh,
    durationS: Math.max(0, Math.round((endAt.getTime() - startAt.getTime()) / 1000)),
    chargingMinutes: Math.round((totalS - (parkingS ?? 0)) / 60),
    parkingS,
    remark: cdr.remark ?? null,
    connectorEvseId: l.evse_id,
    stationName: l.name ?? l.address,
    stationCity: l.city,
    stationStreet: l.address,
    plugType: l.connector_standard,
    locationId: l.id,
    evseUid: l.evse_uid,
    ocpiConnectorId: l.connector_id,
    cpoCurrency: cdr.currency,
    subcpoTotal: minorOf(cdr.total_cost.excl_vat),
    cpoCostInclVat: minorOf(cdr.total_cost.incl_vat),
    subcpoEnergy: minorOf(cdr.total_energy_cost?.excl_vat),
    subcpoTime: minorOf(cdr.total_time_cost?.excl_vat),
    subcpoPenalty: minorOf(cdr.total_parking_cost?.excl_vat),
    partnerCdrId: cdr.id,
    cdrJson: JSON.stringify(cdr),
    cdrReceivedAt: receivedAt,
  };
}

/**
 * The driver's price of a roaming session: the e-mobility provider perspective of the engine's prices
 * (our EMSP tariff), nothing else (the CPO cost is the partner's CDR, there is no owner). Priced when
 * that perspective is; its note is the driver perspective's.
 */
export function driverPrice(prices: CdrPrices) {
  const priced = prices.empTotal !== null;
  const note = (prices.pricingNote ?? '')
    .split('; ')
    .filter((part) => part.startsWith('emsp:') || part.startsWith('needs revision:'))
    .join('; ');
  return {
    pricingStatus: priced ? ('priced' as const) : ('unpriced' as const),
    pricingNote: note || null,
    needsRevision: prices.needsRevision,
    empTotal: prices.empTotal,
    empNetTotal: prices.empNetTotal,
    empEnergy: prices.empEnergy,
    empNetEnergy: prices.empNetEnergy,
    empTime: prices.empTime,
    empPenalty: prices.empPenalty,
    empNetPenalty: prices.empNetPenalty,
    vatValue: prices.vatValue,
  };
}
