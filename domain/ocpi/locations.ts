/**
 * @module OCPI 2.2.1 locations module (mod_locations.asciidoc), pure: the Location, EVSE and Connector
 * objects and their types as zod schemas written from the reference (parsed against its examples,
 * locations.test.ts), and our stations as OCPI Locations. One station is one Location (its OCPP
 * identity is the Location id); each connector is one EVSE with one Connector, as the module's note on
 * OCPP 1.x charge points asks ("present the different connectors of an EVSE as separate EVSE"). The
 * station's site (`locations` row) gives the opening times; certified renewable supply gives the energy
 * mix.
 */
import { z } from 'zod';
import type { ConnectorStatus, StationType } from '../stations/statuses';
import { BusinessDetails, ciString, Image, ocpiDateTime, ocpiUrl } from './schemas';

/** types: DisplayText. */
export const DisplayText = z.object({ language: z.string().max(2), text: z.string().max(512) });

export const Status = z.enum([
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
]);
export const Capability = z.enum([
  'CHARGING_PROFILE_CAPABLE',
  'CHARGING_PREFERENCES_CAPABLE',
  'CHIP_CARD_SUPPORT',
  'CONTACTLESS_CARD_SUPPORT',
  'CREDIT_CARD_PAYABLE',
  'DEBIT_CARD_PAYABLE',
  'PED_TERMINAL',
  'REMOTE_START_STOP_CAPABLE',
  'RESERVABLE',
  'RFID_READER',
  'START_SESSION_CONNECTOR_REQUIRED',
  'TOKEN_GROUP_CAPABLE',
  'UNLOCK_CAPABLE',
]);
export const ConnectorType = z.enum([
  'CHADEMO',
  'CHAOJI',
  'DOMESTIC_A',
  'DOMESTIC_B',
  'DOMESTIC_C',
  'DOMESTIC_D',
  'DOMESTIC_E',
  'DOMESTIC_F',
  'DOMESTIC_G',
  'DOMESTIC_H',
  'DOMESTIC_I',
  'DOMESTIC_J',
  'DOMESTIC_K',
  'DOMESTIC_L',
  'DOMESTIC_M',
  'DOMESTIC_N',
  'DOMESTIC_O',
  'GBT_AC',
  'GBT_DC',
  'IEC_60309_2_single_16',
  'IEC_60309_2_three_16',
  'IEC_60309_2_three_32',
  'IEC_60309_2_three_64',
  'IEC_62196_T1',
  'IEC_62196_T1_COMBO',
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'IEC_62196_T3A',
  'IEC_62196_T3C',
  'NEMA_5_20',
  'NEMA_6_30',
  'NEMA_6_50',
  'NEMA_10_30',
  'NEMA_10_50',
  'NEMA_14_30',
  'NEMA_14_50',
  'PANTOGRAPH_BOTTOM_UP',
  'PANTOGRAPH_TOP_DOWN',
  'TESLA_R',
  'TESLA_S',
]);
export const ConnectorFormat = z.enum(['SOCKET', 'CABLE']);
export const PowerType = z.enum(['AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC']);
export const ParkingType = z.enum([
  'ALONG_MOTORWAY',
  'PARKING_GARAGE',
  'PARKING_LOT',
  'ON_DRIVEWAY',
  'ON_STREET',
  'UNDERGROUND_GARAGE',
]);
export const ParkingRestriction = z.enum(['EV_ONLY', 'PLUGGED', 'DISABLED', 'CUSTOMERS', 'MOTORCYCLES']);
export const Facility = z.enum([
  'HOTEL',
  'RESTAURANT',
  'CAFE',
  'MALL',
  'SUPERMARKET',
  'SPORT',
  'RECREATION_AREA',
  'NATURE',
  'MUSEUM',
  'BIKE_SHARING',
  'BUS_STOP',
  'TAXI_STAND',
  'TRAM_STOP',
  'METRO_STATION',
  'TRAIN_STATION',
  'AIRPORT',
  'PARKING_LOT',
  'CARPOOL_PARKING',
  'FUEL_STATION',
  'WIFI',
]);
export const TokenType = z.enum(['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID']);

export const GeoLocation = z.object({
  latitude: z.string().regex(/^-?[0-9]{1,2}\.[0-9]{5,7}$/),
  longitude: z.string().regex(/^-?[0-9]{1,3}\.[0-9]{5,7}$/),
});
export const AdditionalGeoLocation = GeoLocation.extend({ name: DisplayText.optional() });

const hhmm = z.string().regex(/^([0-1][0-9]|2[0-3]):[0-5][0-9]$/);
export const RegularHours = z.object({ weekday: z.number().int().min(1).max(7), period_begin: hhmm, period_end: hhmm });
export const ExceptionalPeriod = z.object({ period_begin: ocpiDateTime, period_end: ocpiDateTime });
export const Hours = z
  .object({
    twentyfourseven: z.boolean(),
    regular_hours: z.array(RegularHours).optional(),
    exceptional_openings: z.array(ExceptionalPeriod).optional(),
    exceptional_closings: z.array(ExceptionalPeriod).optional(),
  })
  .refine((h) => h.twentyfourseven || (h.regular_hours?.length ?? 0) > 0, {
    message: 'regular_hours needs at least one entry when twentyfourseven is false',
  });

export const EnergySourceCategory = z.enum([
  'NUCLEAR',
  'GENERAL_FOSSIL',
  'COAL',
  'GAS',
  'GENERAL_GREEN',
  'SOLAR',
  'WIND',
  'WATER',
]);
export const EnergyMix = z.object({
  is_green_energy: z.boolean(),
  energy_sources: z
    .array(z.object({ source: EnergySourceCategory, percentage: z.number().min(0).max(100) }))
    .optional(),
  environ_impact: z
    .array(z.object({ category: z.enum(['NUCLEAR_WASTE', 'CARBON_DIOXIDE']), amount: z.number().min(0) }))
    .optional(),
  supplier_name: z.string().max(64).optional(),
  energy_product_name: z.string().max(64).optional(),
});

/** PublishTokenType: at least one of uid, visual_number, group_id; uid needs type, visual_number needs issuer. */
export const PublishTokenType = z
  .object({
    uid: ciString(36).optional(),
    type: TokenType.optional(),
    visual_number: z.string().max(64).optional(),
    issuer: z.string().max(64).optional(),
    group_id: ciString(36).optional(),
  })
  .refine((t) => t.uid !== undefined || t.visual_number !== undefined || t.group_id !== undefined, {
    message: 'one of uid, visual_number or group_id is required',
  })
  .refine((t) => t.uid === undefined || t.type !== undefined, { message: 'uid needs type' })
  .refine((t) => t.visual_number === undefined || t.issuer !== undefined, { message: 'visual_number needs issuer' });

export const StatusSchedule = z.object({
  period_begin: ocpiDateTime,
  period_end: ocpiDateTime.optional(),
  status: Status,
});

export const Connector = z.object({
  id: ciString(36).min(1),
  standard: ConnectorType,
  format: ConnectorFormat,
  power_type: PowerType,
  max_voltage: z.number().int(),
  max_amperage: z.number().int(),
  max_electric_power: z.number().int().optional(),
  tariff_ids: z.array(ciString(36)).optional(),
  terms_and_conditions: ocpiUrl.optional(),
  last_updated: ocpiDateTime,
});

export const Evse = z.object({
  uid: ciString(36).min(1),
  evse_id: ciString(48).optional(),
  status: Status,
  status_schedule: z.array(StatusSchedule).optional(),
  capabilities: z.array(Capability).optional(),
  connectors: z.array(Connector).min(1),
  floor_level: z.string().max(4).optional(),
  coordinates: GeoLocation.optional(),
  physical_reference: z.string().max(16).optional(),
  directions: z.array(DisplayText).optional(),
  parking_restrictions: z.array(ParkingRestriction).optional(),
  images: z.array(Image).optional(),
  last_updated: ocpiDateTime,
});

export const Location = z
  .object({
    country_code: ciString(2).length(2),
    party_id: ciString(3).length(3),
    id: ciString(36).min(1),
    publish: z.boolean(),
    publish_allowed_to: z.array(PublishTokenType).optional(),
    name: z.string().max(255).optional(),
    address: z.string().max(45),
    city: z.string().max(45),
    postal_code: z.string().max(10).optional(),
    state: z.string().max(20).optional(),
    country: z.string().length(3),
    coordinates: GeoLocation,
    related_locations: z.array(AdditionalGeoLocation).optional(),
    parking_type: ParkingType.optional(),
    evses: z.array(Evse).optional(),
    directions: z.array(DisplayText).optional(),
    operator: BusinessDetails.optional(),
    suboperator: BusinessDetails.optional(),
    owner: BusinessDetails.optional(),
    facilities: z.array(Facility).optional(),
    time_zone: z.string().max(255),
    opening_times: Hours.optional(),
    charging_when_closed: z.boolean().optional(),
    images: z.array(Image).optional(),
    energy_mix: EnergyMix.optional(),
    last_updated: ocpiDateTime,
  })
  .refine((l) => !(l.publish && (l.publish_allowed_to?.length ?? 0) > 0), {
    message: 'publish_allowed_to may only be used when publish is false',
  });

/** A PATCH of an EVSE, Location or Connector: any of their fields, `last_updated` always (mod_locations PATCH). */
export const LocationPatch = z.object({ last_updated: ocpiDateTime }).catchall(z.unknown());

export type Location = z.infer<typeof Location>;
export type Evse = z.infer<typeof Evse>;
export type Connector = z.infer<typeof Connector>;
export type Hours = z.infer<typeof Hours>;
export type EnergyMix = z.infer<typeof EnergyMix>;
export type OcpiStatus = z.infer<typeof Status>;
export type ParkingType = z.infer<typeof ParkingType>;
export type ParkingRestriction = z.infer<typeof ParkingRestriction>;

// ---------------------------------------------------------------------------------------------------
// Our stations as OCPI Locations.

/** DateTime as the examples write it: UTC, seconds, Z. */
export const ocpiTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Our connector status as the EVSE status of OCPI (Status enum: preparing and finishing are in use). */
export const OCPI_STATUS: Record<ConnectorStatus, OcpiStatus> = {
  available: 'AVAILABLE',
  preparing: 'CHARGING',
  charging: 'CHARGING',
  finishing: 'CHARGING',
  suspended_ev: 'CHARGING',
  suspended_evse: 'CHARGING',
  reserved: 'RESERVED',
  offline: 'UNKNOWN',
  faulted: 'OUTOFORDER',
  unavailable: 'INOPERATIVE',
  blocked: 'BLOCKED',
  inoperative: 'INOPERATIVE',
  out_of_order: 'OUTOFORDER',
  to_be_installed: 'PLANNED',
  removed: 'REMOVED',
  unknown: 'UNKNOWN',
};

/** Our plug types (reference list `plug-types`) as OCPI connector standards; OCPI names pass as they are. */
const PLUG_STANDARD: Record<string, z.infer<typeof ConnectorType>> = {
  'type 2': 'IEC_62196_T2',
  'type 1': 'IEC_62196_T1',
  ccs2: 'IEC_62196_T2_COMBO',
  ccs1: 'IEC_62196_T1_COMBO',
  chademo: 'CHADEMO',
  schuko: 'DOMESTIC_F',
  'type 3c': 'IEC_62196_T3C',
  nacs: 'TESLA_S',
};
const DC_STANDARDS = new Set(['CHADEMO', 'CHAOJI', 'GBT_DC', 'IEC_62196_T1_COMBO', 'IEC_62196_T2_COMBO', 'TESLA_S']);

export function connectorStandard(plugType: string | null): z.infer<typeof ConnectorType> | null {
  if (!plugType) return null;
  const direct = ConnectorType.safeParse(plugType.trim());
  if (direct.success) return direct.data;
  return PLUG_STANDARD[plugType.trim().toLowerCase()] ?? null;
}

/** ISO 3166-1 alpha-2 → alpha-3 for the countries we serve (Location.country is alpha-3). */
const ALPHA3: Record<string, string> = {
  AT: 'AUT',
  BE: 'BEL',
  BG: 'BGR',
  CH: 'CHE',
  CY: 'CYP',
  CZ: 'CZE',
  DE: 'DEU',
  DK: 'DNK',
  EE: 'EST',
  ES: 'ESP',
  FI: 'FIN',
  FR: 'FRA',
  GB: 'GBR',
  GR: 'GRC',
  HR: 'HRV',
  HU: 'HUN',
  IE: 'IRL',
  IS: 'ISL',
  IT: 'ITA',
  LI: 'LIE',
  LT: 'LTU',
  LU: 'LUX',
  LV: 'LVA',
  MC: 'MCO',
  MT: 'MLT',
  NL: 'NLD',
  NO: 'NOR',
  PL: 'POL',
  PT: 'PRT',
  RO: 'ROU',
  SE: 'SWE',
  SI: 'SVN',
  SK: 'SVK',
  AD: 'AND',
  SM: 'SMR',
  US: 'USA',
  CA: 'CAN',
};
export function alpha3(country: string | null): string | null {
  if (!country) return null;
  const c = country.trim().toUpperCase();
  if (c.length === 3 && Object.values(ALPHA3).includes(c)) return c;
  return ALPHA3[c] ?? null;
}

/** A coordinate as GeoLocation writes it: 5 to 7 decimals. */
export function coordinate(value: number): string {
  const fixed = value.toFixed(7);
  return fixed.replace(/(\.\d{5}\d*?)0+$/, '$1');
}

const DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];

/**
 * A site's opening hours as OCPI Hours: "24/7", or rules like "Mo-Fr 08:00-20:00; Sa 09:00-12:00" (days
 * Mo..Su, ranges or comma lists). Null for any other text (the Location then has no opening_times).
 */
export function openingTimes(text: string | null): Hours | null {
  const t = text?.trim();
  if (!t) return null;
  if (/^24\s*\/\s*7$/.test(t)) return { twentyfourseven: true };
  const regular: z.infer<typeof RegularHours>[] = [];
  for (const rule of t.split(';')) {
    const m = /^\s*([A-Za-z,\s-]+?)\s+((?:[0-2]\d:[0-5]\d-[0-2]\d:[0-5]\d\s*,?\s*)+)$/.exec(rule);
    if (!m?.[1] || !m[2]) return null;
    const days = new Set<number>();
    for (const part of m[1].split(',')) {
      const [from, to = from] = part.trim().toLowerCase().split('-');
      const a = DAYS.indexOf(from ?? '');
      const b = DAYS.indexOf(to ?? '');
      if (a < 0 || b < 0 || b < a) return null;
      for (let d = a; d <= b; d++) days.add(d + 1);
    }
    for (const span of m[2].split(',')) {
      const [begin, end] = span.trim().split('-');
      if (!begin || !end || !hhmm.safeParse(begin).success || !hhmm.safeParse(end).success || end <= begin) return null;
      for (const weekday of days) regular.push({ weekday, period_begin: begin, period_end: end });
    }
  }
  regular.sort((x, y) => x.weekday - y.weekday || x.period_begin.localeCompare(y.period_begin));
  return { twentyfourseven: false, regular_hours: regular };
}

export interface StationSource {
  id: number;
  uid: string;
  name: string;
  address: string | null;
  streetNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  type: StationType;
  openToPublic: boolean;
  directions: string | null;
  plugType: string | null;
  plugFormat: string | null;
  powerType: string | null;
  voltage: number | null;
  amperage: number | null;
  certifiedRenewable: boolean;
  renewableGPerKwh: number | null;
  createdAt: Date;
  updatedAt: Date | null;
  /** The opening hours of the station's site, if it stands at one. */
  siteOpeningHours?: string | null;
  /** Not stored yet: a caller that knows them passes them. */
  parkingType?: ParkingType;
  parkingRestrictions?: ParkingRestriction[];
}

export interface ConnectorSource {
  uid: string;
  connectorNumber: number;
  evseId: string | null;
  plugType: string | null;
  plugFormat: string | null;
  powerType: string | null;
  voltage: number | null;
  amperage: number | null;
  maxPowerW: number | null;
  status: ConnectorStatus;
  capabilities: readonly string[];
  createdAt: Date;
  updatedAt: Date | null;
  statusChangedAt: Date | null;
}

export interface LocationContext {
  countryCode: string;
  partyId: string;
  /** Shown to every driver of the partner (a public peering and a public station), else only to the partner. */
  publish: boolean;
  /** The OCPI ids of the tariffs that apply at the station's connectors. */
  tariffIds?: readonly string[];
  /** The language of free texts (directions). */
  language?: string;
}

/** A station is public (may go on a public peering) when its type is public and it is open to the public. */
export const stationIsPublic = (s: { type: StationType; openToPublic: boolean }) =>
  s.type === 'public' && s.openToPublic;

/** The Location id of a station: its OCPP identity, or `S<id>` when that is longer than 36 characters. */
export const locationId = (s: { id: number; uid: string }) => (s.uid.length <= 36 ? s.uid : `S${s.id}`);

const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())));

export const connectorUpdated = (c: ConnectorSource) => latest(c.createdAt, c.updatedAt, c.statusChangedAt);

/** One connector as an EVSE; null when its plug standard, voltage or current is unknown (a Connector needs them). */
export function evseOf(station: StationSource, c: ConnectorSource, ctx: LocationContext): Evse | null {
  const standard = connectorStandard(c.plugType ?? station.plugType);
  if (!standard) return null;
  const dc = DC_STANDARDS.has(standard);
  const power = PowerType.safeParse(c.powerType ?? station.powerType);
  const powerType = power.success ? power.data : dc ? 'DC' : 'AC_3_PHASE';
  const format = ConnectorFormat.safeParse(c.plugFormat ?? station.plugFormat);
  const voltage = c.voltage ?? station.voltage ?? (powerType === 'DC' ? null : 230);
  const phases = powerType === 'AC_3_PHASE' ? 3 : powerType === 'DC' || powerType === 'AC_1_PHASE' ? 1 : 2;
  const amperage =
    c.amperage ?? station.amperage ?? (c.maxPowerW && voltage ? Math.round(c.maxPowerW / (voltage * phases)) : null);
  if (voltage === null || amperage === null) return null;
  const updated = ocpiTime(connectorUpdated(c));
  const capabilities = c.capabilities.filter((x): x is z.infer<typeof Capability> => Capability.safeParse(x).success);
  const connector: Connector = {
    id: String(c.connectorNumber),
    standard,
    format: format.success ? format.data : dc ? 'CABLE' : 'SOCKET',
    power_type: powerType,
    max_voltage: voltage,
    max_amperage: amperage,
    ...(c.maxPowerW ? { max_electric_power: c.maxPowerW } : {}),
    ...(ctx.tariffIds && ctx.tariffIds.length > 0 ? { tariff_ids: [...ctx.tariffIds] } : {}),
    last_updated: updated,
  };
  return {
    uid: c.uid,
    ...(c.evseId ? { evse_id: c.evseId } : {}),
    status: OCPI_STATUS[c.status],
    ...(capabilities.length > 0 ? { capabilities } : {}),
    connectors: [connector],
    ...(station.parkingRestrictions?.length ? { parking_restrictions: station.parkingRestrictions } : {}),
    last_updated: updated,
  };
}

export type LocationProblem = 'address' | 'city' | 'country' | 'coordinates';

/**
 * A station and its connectors as an OCPI Location, or the first required field it lacks (address,
 * city, country, coordinates). Connectors whose plug standard, voltage or current is unknown are left out.
 */
export function locationOf(
  station: StationSource,
  connectors: readonly ConnectorSource[],
  ctx: LocationContext,
): { location: Location } | { problem: LocationProblem } {
  const address = [station.address, station.streetNumber].filter((x) => x?.trim()).join(' ');
  if (!address) return { problem: 'address' };
  if (!station.city?.trim()) return { problem: 'city' };
  const country = alpha3(station.country);
  if (!country) return { problem: 'country' };
  if (station.latitude === null || station.longitude === null) return { problem: 'coordinates' };
  const evses = [...connectors]
    .sort((a, b) => a.connectorNumber - b.connectorNumber)
    .map((c) => evseOf(station, c, ctx))
    .filter((e): e is Evse => e !== null);
  const hours = openingTimes(station.siteOpeningHours ?? null);
  const energy: EnergyMix | null = station.certifiedRenewable
    ? {
        is_green_energy: !station.renewableGPerKwh,
        ...(station.renewableGPerKwh
          ? { environ_impact: [{ category: 'CARBON_DIOXIDE' as const, amount: station.renewableGPerKwh }] }
          : {}),
      }
    : null;
  const location: Location = {
    country_code: ctx.countryCode,
    party_id: ctx.partyId,
    id: locationId(station),
    publish: ctx.publish,
    name: station.name.slice(0, 255),
    address: address.slice(0, 45),
    city: station.city.trim().slice(0, 45),
    ...(station.postalCode?.trim() ? { postal_code: station.postalCode.trim().slice(0, 10) } : {}),
    country,
    coordinates: { latitude: coordinate(station.latitude), longitude: coordinate(station.longitude) },
    ...(station.parkingType ? { parking_type: station.parkingType } : {}),
    evses,
    ...(station.directions?.trim()
      ? { directions: [{ language: ctx.language ?? 'en', text: station.directions.trim().slice(0, 512) }] }
      : {}),
    time_zone: station.timeZone,
    // The default (true) written out with the hours: a session started before closing time goes on.
    ...(hours ? { opening_times: hours, charging_when_closed: true } : {}),
    ...(energy ? { energy_mix: energy } : {}),
    last_updated: ocpiTime(latest(station.createdAt, station.updatedAt, ...connectors.map(connectorUpdated))),
  };
  return { location };
}

/** The EVSE status PATCH (mod_locations "a simple status update"). */
export const evseStatusPatch = (status: ConnectorStatus, at: Date) => ({
  status: OCPI_STATUS[status],
  last_updated: ocpiTime(at),
});
