/**
 * @module OCPI 2.2.1 CDRs module (mod_cdrs.asciidoc) as zod schemas, and the pure mapping of a closed,
 * priced charging session to the CDR we send as CPO (issue 22 part 3): the driver-perspective price
 * (total and its energy, time and parking parts, excl. and incl. VAT), total energy and times, charging
 * periods, the tariffs used, the token and the location. Credit CDRs (`creditCdr`) for a session re-priced
 * after its CDR was sent. Parsed against the official example and equal to it for equivalent data
 * (cdrs.test.ts).
 */
import { z } from 'zod';
import { alpha3, connectorStandard, coordinate } from './location-values';
import { ConnectorFormat, ConnectorType, GeoLocation, PowerType } from './locations';
import { ciString, countryCode, ocpiDateTime, partyId } from './schemas';
import {
  AuthMethod,
  authMethod,
  CdrToken,
  ChargingPeriod,
  cdrToken,
  chargingPeriods,
  connectorIdOf,
  ocpiTime,
  type PlaceFacts,
  Price,
  priceOf,
  type SessionInput,
  sessionKwh,
} from './sessions';

/** mod_cdrs: CdrLocation class. */
export const CdrLocation = z.object({
  id: ciString(36).min(1),
  name: z.string().max(255).optional(),
  address: z.string().max(45),
  city: z.string().max(45),
  postal_code: z.string().max(10).optional(),
  state: z.string().max(20).optional(),
  country: z.string().length(3),
  coordinates: GeoLocation,
  evse_uid: ciString(36).min(1),
  evse_id: ciString(48).min(1),
  connector_id: ciString(36).min(1),
  connector_standard: ConnectorType,
  connector_format: ConnectorFormat,
  connector_power_type: PowerType,
});
/** mod_cdrs: SignedValue and SignedData classes. */
export const SignedValue = z.object({
  nature: ciString(32),
  plain_data: z.string().max(512),
  signed_data: z.string().max(5000),
});
export const SignedData = z.object({
  encoding_method: ciString(36),
  encoding_method_version: z.number().int().optional(),
  public_key: z.string().max(512).optional(),
  signed_values: z.array(SignedValue).min(1),
  url: z.string().max(512).optional(),
});
/**
 * mod_tariffs: the Tariff object as a CDR carries it (the tariffs used). The identity and price
 * components are checked; the tariffs module's own schema holds the rest of the object's rules.
 */
export const PriceComponent = z.object({
  type: z.enum(['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME']),
  price: z.number(),
  vat: z.number().optional(),
  step_size: z.number().int().min(0),
});
export const CdrTariff = z
  .object({
    country_code: countryCode,
    party_id: partyId,
    id: ciString(36).min(1),
    currency: z.string().length(3),
    elements: z.array(z.object({ price_components: z.array(PriceComponent).min(1) }).passthrough()).min(1),
    last_updated: ocpiDateTime,
  })
  .passthrough();
/** mod_cdrs: CDR object. */
export const Cdr = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(39).min(1),
  start_date_time: ocpiDateTime,
  end_date_time: ocpiDateTime,
  session_id: ciString(36).optional(),
  cdr_token: CdrToken,
  auth_method: AuthMethod,
  authorization_reference: ciString(36).optional(),
  cdr_location: CdrLocation,
  meter_id: z.string().max(255).optional(),
  currency: z.string().length(3),
  tariffs: z.array(CdrTariff).optional(),
  charging_periods: z.array(ChargingPeriod).min(1),
  signed_data: SignedData.optional(),
  total_cost: Price,
  total_fixed_cost: Price.optional(),
  total_energy: z.number(),
  total_energy_cost: Price.optional(),
  total_time: z.number(),
  total_time_cost: Price.optional(),
  total_parking_time: z.number().optional(),
  total_parking_cost: Price.optional(),
  total_reservation_cost: Price.optional(),
  remark: z.string().max(255).optional(),
  invoice_reference_id: ciString(39).optional(),
  credit: z.boolean().optional(),
  credit_reference_id: ciString(39).optional(),
  home_charging_compensation: z.boolean().optional(),
  last_updated: ocpiDateTime,
});

export type CdrLocation = z.infer<typeof CdrLocation>;
export type CdrTariff = z.infer<typeof CdrTariff>;
export type SignedData = z.infer<typeof SignedData>;
export type Cdr = z.infer<typeof Cdr>;

/** Our station and connector as the CDR's location. */
export interface CdrPlaceFacts extends PlaceFacts {
  name: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2 (as stations store it) or alpha-3. */
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  plugType: string | null;
  plugFormat: string | null;
  powerType: string | null;
}

export interface CdrInput extends SessionInput {
  place: CdrPlaceFacts;
  /** The tariffs used, as OCPI tariffs (omitted from the CDR when empty). */
  tariffs?: CdrTariff[];
  /** The session's signed meter values (Eichrecht, ADR 060; domain/ocpi/cdr-signed-data.ts). */
  signedData?: SignedData;
  /** 0 for the session's first CDR; n for the n-th replacement after a credit CDR. */
  revision?: number;
}

/** Our plug type as the OCPI connector standard (as the Location says; unknown: CCS for DC, Type 2 for AC). */
export function connectorStandardOf(plugType: string | null, powerType: string | null): z.infer<typeof ConnectorType> {
  return connectorStandard(plugType) ?? (powerType === 'DC' ? 'IEC_62196_T2_COMBO' : 'IEC_62196_T2');
}

/** The CDR's location from our station and connector; `why` when a required field is missing. */
export function cdrLocation(p: CdrPlaceFacts): CdrLocation | { why: string } {
  const country = alpha3(p.country);
  if (!country) return { why: `The station's country (${p.country ?? 'none'}) has no ISO 3166 alpha-3 code` };
  if (p.latitude === null || p.longitude === null) return { why: 'The station has no coordinates' };
  const format = ConnectorFormat.safeParse(p.plugFormat);
  const power = PowerType.safeParse(p.powerType);
  return {
    id: p.locationId,
    ...(p.name ? { name: p.name.slice(0, 255) } : {}),
    address: (p.address ?? '').slice(0, 45),
    city: (p.city ?? '').slice(0, 45),
    ...(p.postalCode ? { postal_code: p.postalCode.slice(0, 10) } : {}),
    country,
    coordinates: { latitude: coordinate(p.latitude), longitude: coordinate(p.longitude) },
    evse_uid: p.evseUid,
    evse_id: p.evseId ?? p.evseUid,
    connector_id: connectorIdOf(p),
    connector_standard: connectorStandardOf(p.plugType, p.powerType),
    connector_format: format.success ? format.data : power.success && power.data === 'DC' ? 'CABLE' : 'SOCKET',
    connector_power_type: power.success ? power.data : 'AC_3_PHASE',
  };
}

/** The id of a session's CDR: our CDR id (36), and for the n-th replacement a new id within 36. */
export const cdrIdOf = (sessionCdrId: string, revision = 0) =>
  revision === 0 ? sessionCdrId : `${sessionCdrId.slice(0, 32)}-R${revision}`.slice(0, 36);

const nonZero = (n: number | null) => n !== null && n !== 0;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The charging periods of a CDR: those of the session, each with the dimensions its driver price was
 * made of (energy, time, parking). A free session keeps energy and time.
 */
function cdrPeriods(input: CdrInput): ChargingPeriod[] {
  const s = input.session;
  const priced = { ENERGY: nonZero(s.empEnergy), TIME: nonZero(s.empTime), PARKING_TIME: nonZero(s.empPenalty) };
  const anyPart = priced.ENERGY || priced.TIME || priced.PARKING_TIME;
  const keep = (type: string) =>
    type === 'MAX_POWER' || !anyPart || (type in priced && priced[type as keyof typeof priced]);
  return chargingPeriods(input)
    .map((p) => ({ ...p, dimensions: p.dimensions.filter((d) => keep(d.type)) }))
    .filter((p) => p.dimensions.length > 0);
}

/**
 * A closed, priced session as the CDR we POST to the partner whose token started it: the driver price
 * (`emp_*`: what the e-mobility provider's driver pays us), in the session's currency. `why` when the
 * session cannot make a CDR yet (open, unpriced, a place without country or coordinates).
 */
export function toOcpiCdr(input: CdrInput): Cdr | { why: string } {
  const s = input.session;
  if (s.status !== 'closed' || !s.endAt) return { why: 'The session is not closed' };
  if (s.pricingStatus !== 'priced' || s.empNetTotal === null) return { why: 'The session is not priced' };
  const location = cdrLocation(input.place);
  if ('why' in location) return location;
  const netTime = s.empTime === null ? null : (s.empNetTotal ?? 0) - (s.empNetEnergy ?? 0) - (s.empNetPenalty ?? 0);
  const parkingS = Math.max(0, s.parkingS ?? 0);
  const totalS = s.durationS ?? Math.max(0, (s.endAt.getTime() - s.startAt.getTime()) / 1000);
  const tariffs = input.tariffs ?? [];
  const part = (incl: number | null, excl: number | null) => (nonZero(incl) ? priceOf(incl, excl) : undefined);
  const energyCost = part(s.empEnergy, s.empNetEnergy);
  const timeCost = part(s.empTime, netTime);
  const parkingCost = part(s.empPenalty, s.empNetPenalty);
  return {
    country_code: input.party.countryCode,
    party_id: input.party.partyId,
    id: cdrIdOf(s.cdrId, input.revision ?? 0),
    start_date_time: ocpiTime(s.startAt),
    end_date_time: ocpiTime(s.endAt),
    session_id: s.cdrId,
    cdr_token: cdrToken(input.token, input.party),
    auth_method: authMethod(s.startMethod, s.ocpiAuthMethod),
    ...(s.authorizationReference ? { authorization_reference: s.authorizationReference } : {}),
    cdr_location: location,
    currency: s.currency,
    ...(tariffs.length > 0 ? { tariffs } : {}),
    charging_periods: cdrPeriods(input),
    ...(input.signedData ? { signed_data: input.signedData } : {}),
    total_cost: priceOf(s.empTotal, s.empNetTotal) ?? { excl_vat: 0 },
    total_energy: sessionKwh(input),
    ...(energyCost ? { total_energy_cost: energyCost } : {}),
    total_time: round3(totalS / 3600),
    ...(timeCost ? { total_time_cost: timeCost } : {}),
    ...(parkingS > 0 ? { total_parking_time: round3(parkingS / 3600) } : {}),
    ...(parkingCost ? { total_parking_cost: parkingCost } : {}),
    ...(s.remark ? { remark: s.remark.slice(0, 255) } : {}),
    last_updated: ocpiTime(input.now), // when the CDR is made (mod_cdrs): GET /cdrs filters on that time
  };
}

/**
 * The credit CDR of a CDR already sent (mod_cdrs "Credit CDRs"): all its data, the id with `-C`
 * appended, `credit` and `credit_reference_id` set, and only `total_cost` negated.
 */
export function creditCdr(sent: Cdr, at: Date): Cdr {
  const negate = (p: z.infer<typeof Price>) => ({
    excl_vat: -p.excl_vat,
    ...(p.incl_vat === undefined ? {} : { incl_vat: -p.incl_vat }),
  });
  return {
    ...sent,
    id: `${sent.id}-C`,
    credit: true,
    credit_reference_id: sent.id,
    total_cost: negate(sent.total_cost),
    last_updated: ocpiTime(at),
  };
}
