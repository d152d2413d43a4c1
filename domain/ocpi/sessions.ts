/**
 * @module OCPI 2.2.1 Sessions module (mod_sessions.asciidoc, mod_cdrs.asciidoc for the shared classes) as
 * zod schemas, and the pure mapping of our charging session to the OCPI Session we send as CPO (issue 22
 * part 3): status from the session's state, kWh and the running driver price, charging periods from the
 * meter curve. Parsed against the official examples (sessions.test.ts).
 */
import { z } from 'zod';
import { ciString, countryCode, ocpiDateTime, partyId } from './schemas';

/** types: Price (excl. VAT required). */
export const Price = z.object({ excl_vat: z.number(), incl_vat: z.number().optional() });
/** mod_cdrs: CdrDimensionType enum. */
export const CdrDimensionType = z.enum([
  'CURRENT',
  'ENERGY',
  'ENERGY_EXPORT',
  'ENERGY_IMPORT',
  'MAX_CURRENT',
  'MIN_CURRENT',
  'MAX_POWER',
  'MIN_POWER',
  'PARKING_TIME',
  'POWER',
  'RESERVATION_TIME',
  'STATE_OF_CHARGE',
  'TIME',
]);
export const CdrDimension = z.object({ type: CdrDimensionType, volume: z.number() });
/** mod_cdrs: ChargingPeriod class. */
export const ChargingPeriod = z.object({
  start_date_time: ocpiDateTime,
  dimensions: z.array(CdrDimension).min(1),
  tariff_id: ciString(36).optional(),
});
/** mod_tokens: TokenType enum. */
export const TokenType = z.enum(['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID']);
/**
 * mod_cdrs: CdrToken class. `country_code` and `party_id` are required by the class table, yet the
 * specification's own session and CDR examples omit them: accepted absent when reading, always sent by us.
 */
export const CdrToken = z.object({
  country_code: countryCode.optional(),
  party_id: partyId.optional(),
  uid: ciString(36).min(1),
  type: TokenType,
  contract_id: ciString(36).min(1),
});
/** mod_cdrs: AuthMethod enum. */
export const AuthMethod = z.enum(['AUTH_REQUEST', 'COMMAND', 'WHITELIST']);
/** mod_sessions: SessionStatus enum. */
export const SessionStatus = z.enum(['ACTIVE', 'COMPLETED', 'INVALID', 'PENDING', 'RESERVATION']);
/** mod_sessions: Session object. */
export const Session = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36).min(1),
  start_date_time: ocpiDateTime,
  end_date_time: ocpiDateTime.optional(),
  kwh: z.number().min(0),
  cdr_token: CdrToken,
  auth_method: AuthMethod,
  authorization_reference: ciString(36).optional(),
  location_id: ciString(36).min(1),
  evse_uid: ciString(36).min(1),
  connector_id: ciString(36).min(1),
  meter_id: z.string().max(255).optional(),
  currency: z.string().length(3),
  charging_periods: z.array(ChargingPeriod).optional(),
  total_cost: Price.optional(),
  status: SessionStatus,
  last_updated: ocpiDateTime,
});
/** mod_sessions: a PATCH of a Session (every field optional, `last_updated` required). */
export const SessionPatch = Session.partial().required({ last_updated: true });

export type Price = z.infer<typeof Price>;
export type CdrDimension = z.infer<typeof CdrDimension>;
export type ChargingPeriod = z.infer<typeof ChargingPeriod>;
export type CdrToken = z.infer<typeof CdrToken>;
export type Session = z.infer<typeof Session>;

/** Our CPO party (ocpi_parties): owner of the sessions and CDRs we send. */
export interface OcpiParty {
  countryCode: string;
  partyId: string;
}

/** The partner's token that started the session (ocpi_tokens cache), or its uid only. */
export interface TokenFacts {
  uid: string;
  type: string | null;
  contractId: string | null;
  countryCode: string | null;
  partyId: string | null;
}

/** The columns of a charging_sessions row the OCPI objects read. */
export interface SessionFacts {
  id: number;
  cdrId: string;
  status: 'in_progress' | 'closed';
  refusedStatus: string | null;
  startMethod: string;
  /** How the partner's token was authorized when recorded (AUTH_REQUEST, COMMAND, WHITELIST); null: older sessions. */
  ocpiAuthMethod?: string | null;
  startAt: Date;
  endAt: Date | null;
  stopChargingAt: Date | null;
  energyWh: number | null;
  durationS: number | null;
  parkingS: number | null;
  currency: string;
  pricingStatus: 'unpriced' | 'priced';
  /** Driver price (e-mobility provider perspective) in minor units: total incl. and excl. VAT and parts. */
  empTotal: number | null;
  empNetTotal: number | null;
  empEnergy: number | null;
  empNetEnergy: number | null;
  empTime: number | null;
  empPenalty: number | null;
  empNetPenalty: number | null;
  remark: string | null;
  authorizationReference: string | null;
  updatedAt: Date | null;
  createdAt: Date;
}

/** Where the session took place: our station (the OCPI location), its connector (the EVSE). */
export interface PlaceFacts {
  /** The station's uid: the OCPI location id. */
  locationId: string;
  /** The connector's uid: the OCPI EVSE uid (one connector per EVSE). */
  evseUid: string;
  evseId: string | null;
  connectorNumber: number;
}

export interface SessionInput {
  party: OcpiParty;
  session: SessionFacts;
  token: TokenFacts;
  place: PlaceFacts;
  /** The meter curve [[epoch ms, W, register Wh]] (closed sessions) or the object's samples so far. */
  curve: readonly (readonly [number, number | null, number | null])[];
  /** Energy so far while charging (Wh), when known better than the row's `energyWh`. */
  energySoFarWh?: number | null;
  /** The running driver price while charging, minor units (incl. and excl. VAT), when known. */
  runningPrice?: { total: number; net: number } | null;
  /** Our id of the driver tariff that priced the session (charging periods' tariff_id). */
  tariffId?: string | null;
  now: Date;
}

const MINOR = 100;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** An OCPI DateTime: UTC, seconds precision, with the Z. */
export const ocpiTime = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
/** A money amount in minor units as an OCPI number (at most 4 decimals; our currencies have 2). */
export const money = (minor: number) => round(minor / MINOR, 4);
export const priceOf = (incl: number | null, excl: number | null): Price | undefined =>
  excl === null ? undefined : { excl_vat: money(excl), ...(incl === null ? {} : { incl_vat: money(incl) }) };

/** ACTIVE while charging, COMPLETED once closed, INVALID for a start we refused. */
export function sessionStatus(s: Pick<SessionFacts, 'status' | 'refusedStatus'>): Session['status'] {
  if (s.refusedStatus) return 'INVALID';
  return s.status === 'closed' ? 'COMPLETED' : 'ACTIVE';
}

/**
 * How the session was authorized, as recorded when it started: AUTH_REQUEST (the partner answered in
 * real time), COMMAND (its START_SESSION), WHITELIST (its cached token); for a session recorded without
 * it, a remote start is COMMAND and anything else WHITELIST.
 */
export function authMethod(startMethod: string, recorded?: string | null): Session['auth_method'] {
  const known = AuthMethod.safeParse(recorded);
  if (known.success) return known.data;
  return startMethod === 'Remote' ? 'COMMAND' : 'WHITELIST';
}

/** The CdrToken of the partner's token; a uid without a cached token is an RFID whose contract id is its uid. */
export function cdrToken(t: TokenFacts, fallback: OcpiParty): Required<CdrToken> {
  const type = TokenType.safeParse(t.type);
  return {
    country_code: t.countryCode ?? fallback.countryCode,
    party_id: t.partyId ?? fallback.partyId,
    uid: t.uid,
    type: type.success ? type.data : 'RFID',
    contract_id: t.contractId ?? t.uid,
  };
}

/** Energy in kWh (3 decimals) of the session: closed figure, else the best figure so far. */
export function sessionKwh(input: Pick<SessionInput, 'session' | 'curve' | 'energySoFarWh'>): number {
  const s = input.session;
  if (s.status === 'closed' && s.energyWh !== null) return round(Math.max(0, s.energyWh) / 1000, 3);
  if (input.energySoFarWh != null) return round(Math.max(0, input.energySoFarWh) / 1000, 3);
  const registers = input.curve.map((p) => p[2]).filter((wh): wh is number => typeof wh === 'number');
  if (registers.length >= 2) return round(Math.max(0, Math.max(...registers) - Math.min(...registers)) / 1000, 3);
  return round(Math.max(0, s.energyWh ?? 0) / 1000, 3);
}

/**
 * The charging periods: one from the start with the energy, the charging time and the peak power (from
 * the curve), tagged with the driver tariff; and, when the car stayed plugged after charging, one from
 * the end of charging with the parking time. Volumes in the module's units (kWh, hours, kW).
 */
export function chargingPeriods(input: SessionInput): ChargingPeriod[] {
  const s = input.session;
  const end = s.endAt ?? input.now;
  const parkingS = s.status === 'closed' ? Math.max(0, s.parkingS ?? 0) : 0;
  const chargingEnd = parkingS > 0 ? new Date(end.getTime() - parkingS * 1000) : end;
  const chargingHours = Math.max(0, chargingEnd.getTime() - s.startAt.getTime()) / 3_600_000;
  const powers = input.curve.map((p) => p[1]).filter((w): w is number => typeof w === 'number');
  const dimensions: CdrDimension[] = [
    { type: 'ENERGY', volume: sessionKwh(input) },
    { type: 'TIME', volume: round(chargingHours, 3) },
  ];
  if (powers.length > 0) dimensions.push({ type: 'MAX_POWER', volume: round(Math.max(...powers) / 1000, 3) });
  const tariff = input.tariffId ? { tariff_id: input.tariffId } : {};
  const periods: ChargingPeriod[] = [{ start_date_time: ocpiTime(s.startAt), dimensions, ...tariff }];
  if (parkingS > 0)
    periods.push({
      start_date_time: ocpiTime(chargingEnd),
      dimensions: [{ type: 'PARKING_TIME', volume: round(parkingS / 3600, 3) }],
      ...tariff,
    });
  return periods;
}

/** The OCPI location, EVSE and connector ids of our station and connector. */
export const connectorIdOf = (place: PlaceFacts) => String(place.connectorNumber);

/** When the object last changed: the row's update, else its creation (never later than now). */
export const lastUpdated = (s: Pick<SessionFacts, 'updatedAt' | 'createdAt'>) => s.updatedAt ?? s.createdAt;

/**
 * Our charging session as the OCPI Session we send (PUT) to the partner whose token started it: the
 * session id is our CDR id (a UUID); `total_cost` is the driver price, the running one while charging
 * when we have it, the final one once priced.
 */
export function toOcpiSession(input: SessionInput): Session {
  const s = input.session;
  const total =
    s.pricingStatus === 'priced'
      ? priceOf(s.empTotal, s.empNetTotal)
      : input.runningPrice
        ? priceOf(input.runningPrice.total, input.runningPrice.net)
        : undefined;
  return {
    country_code: input.party.countryCode,
    party_id: input.party.partyId,
    id: s.cdrId,
    start_date_time: ocpiTime(s.startAt),
    ...(s.status === 'closed' && s.endAt ? { end_date_time: ocpiTime(s.endAt) } : {}),
    kwh: sessionKwh(input),
    cdr_token: cdrToken(input.token, input.party),
    auth_method: authMethod(s.startMethod, s.ocpiAuthMethod),
    ...(s.authorizationReference ? { authorization_reference: s.authorizationReference } : {}),
    location_id: input.place.locationId,
    evse_uid: input.place.evseUid,
    connector_id: connectorIdOf(input.place),
    currency: s.currency,
    charging_periods: chargingPeriods(input),
    ...(total ? { total_cost: total } : {}),
    status: sessionStatus(s),
    last_updated: ocpiTime(lastUpdated(s)),
  };
}
