/**
 * @module OCPI 2.2.1 locations module (mod_locations.asciidoc), pure: the Location, EVSE and Connector
 * objects and their types as zod schemas written from the reference (parsed against its examples,
 * locations.test.ts). Our stations become OCPI Locations in location-mapping.ts. One station is one Location (its OCPP
 * identity is the Location id); each connector is one EVSE with one Connector, as the module's note on
 * OCPP 1.x charge points asks ("present the different connectors of an EVSE as separate EVSE"). The
 * station's site (`locations` row) gives the opening times; certified renewable supply gives the energy
 * mix.
 */
import { z } from 'zod';
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
