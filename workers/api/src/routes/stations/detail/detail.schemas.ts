/**
 * @module Shapes of `GET/PATCH /api/stations/{id}/detail` (spec 7.16): every station field of spec
 * section 3, and the mapping of a stored station to that answer.
 */

import type { stations } from '@db/schema';
import { normalizedPublicKey, spkiBytes } from '@domain/metering/meter-public-key';
import { OCPP_VERSIONS } from '@domain/ocpp/versions';
import { mandatoryText, stationAddressSchema } from '@domain/stations/address';
import { shownLastHeartbeat } from '@domain/stations/liveness';
import { POWER_TYPES, STATION_TYPES } from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';

export const StationIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 3 }),
});

export const StationDetailSchema = z
  .object({
    id: z.number(),
    /** The OCPP identity (last path segment of /ocpp/{id}). */
    uid: z.string(),
    name: z.string(),
    template: z.string().nullable(),
    operatorId: z.number(),
    operatorName: z.string(),
    ownerId: z.number().nullable(),
    ownerName: z.string().nullable(),
    address: z.string().nullable(),
    streetNumber: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timeZone: z.string(),
    type: z.enum(STATION_TYPES),
    directions: z.string().nullable(),
    powerType: z.string().nullable(),
    voltage: z.number().nullable(),
    amperage: z.number().nullable(),
    plugType: z.string().nullable(),
    plugFormat: z.string().nullable(),
    urlType: z.string().nullable(),
    /** Roaming peerings the station is bound to (bind-peering, publish-on-emp). */
    peerings: z.array(z.object({ id: z.string(), public: z.boolean() })),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    profile: z.string().nullable(),
    serialNumber: z.string().nullable(),
    firmware: z.string().nullable(),
    /** The SIM the charge point last reported in BootNotification (read-only). */
    iccid: z.string().nullable(),
    imsi: z.string().nullable(),
    /** OCPP version the station must speak (null: whichever it offers first) and the one its last connection negotiated (ADR 058). */
    ocppVersion: z.enum(OCPP_VERSIONS).nullable(),
    ocppVersionConnected: z.enum(OCPP_VERSIONS).nullable(),
    installationDate: z.string().nullable(),
    commissioningDate: z.string().nullable(),
    midMeterSerial: z.string().nullable(),
    /** The calibrated meter's public key (hex SPKI), used to verify signed meter values that carry none (ADR 060). */
    meterPublicKey: z.string().nullable(),
    paymentTerminalSerial: z.string().nullable(),
    energyStorageUrl: z.string().nullable(),
    visibleInApp: z.boolean(),
    openToPublic: z.boolean(),
    openingDate: z.string().nullable(),
    qrPaymentEnabled: z.boolean(),
    atHome: z.boolean(),
    /** Certified renewable supply: CO2 avoided counts it market-based (ADR 053). */
    certifiedRenewable: z.boolean(),
    renewableCertificate: z.string().nullable(),
    /** The certificate's own factor in g CO2/kWh; null counts as 0. */
    renewableGPerKwh: z.number().nullable(),
    offline: z.boolean(),
    registration: z.string(),
    lastIp: z.string().nullable(),
    lastHeartbeatAt: z.string().nullable(),
    lastResetAt: z.string().nullable(),
    lastBootAt: z.string().nullable(),
    lastAuthorizationAt: z.string().nullable(),
    lastSeenAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    connectors: z.array(
      z.object({ id: z.number(), uid: z.string(), connectorNumber: z.number(), evseId: z.string().nullable() }),
    ),
  })
  .openapi('StationDetail');

const text = (max: number) => z.string().trim().max(max);
/** An optional text; an empty one clears the field. */
const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const isoDate = z.iso.date().nullable().optional();

/** Only what an operator may change; identity, operator, firmware and the charge point's reports are not. */
export const StationPatchBody = z
  .strictObject({
    name: mandatoryText(120).optional(),
    ownerId: z.number().int().positive().nullable().optional(),
    // Address and coordinates: the rules the station forms share (domain/stations/address).
    ...stationAddressSchema.partial().shape,
    type: z.enum(STATION_TYPES).optional(),
    directions: optionalText(500),
    powerType: z.enum(POWER_TYPES).nullable().optional(),
    voltage: z.number().int().min(1).max(2000).nullable().optional(),
    amperage: z.number().int().min(1).max(1000).nullable().optional(),
    plugType: optionalText(40),
    plugFormat: optionalText(40),
    urlType: optionalText(40),
    brand: optionalText(80),
    model: optionalText(80),
    profile: optionalText(80),
    serialNumber: optionalText(80),
    installationDate: isoDate,
    commissioningDate: isoDate,
    midMeterSerial: optionalText(80),
    // The meter's key for signed meter values (ADR 060): DER SPKI as hex, base64 or PEM; empty clears it.
    meterPublicKey: z
      .string()
      .max(4000)
      .refine((v) => v.trim() === '' || spkiBytes(v) !== null, { error: 'meterPublicKeyInvalid' })
      .transform((v) => (v.trim() === '' ? null : normalizedPublicKey(v)))
      .nullable()
      .optional(),
    paymentTerminalSerial: optionalText(80),
    energyStorageUrl: z.url().max(300).nullable().optional(),
    visibleInApp: z.boolean().optional(),
    openToPublic: z.boolean().optional(),
    openingDate: isoDate,
    qrPaymentEnabled: z.boolean().optional(),
    atHome: z.boolean().optional(),
    certifiedRenewable: z.boolean().optional(),
    renewableCertificate: optionalText(200),
    renewableGPerKwh: z.number().min(0).max(2000).nullable().optional(),
    // The version the station must speak (ADR 058): null = automatic, the first one it offers.
    ocppVersion: z.enum(OCPP_VERSIONS).nullable().optional(),
  })
  .openapi('StationPatch');

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A stored station with its operator's and owner's names and its connectors, as the store reads it. */
export interface StoredStation {
  s: typeof stations.$inferSelect;
  operatorName: string;
  ownerName: string | null;
  plugs: { id: number; uid: string; connectorNumber: number; evseId: string | null }[];
  /** The roaming peerings it is bound to (migration 0056); absent reads as none. */
  peerings?: { id: string; public: boolean }[];
}

export function toDetail({ s, operatorName, ownerName, plugs, peerings = [] }: StoredStation) {
  return {
    id: s.id,
    uid: s.uid,
    name: s.name,
    template: s.template,
    operatorId: s.companyId,
    operatorName,
    ownerId: s.ownerCompanyId,
    ownerName,
    address: s.address,
    streetNumber: s.streetNumber,
    postalCode: s.postalCode,
    city: s.city,
    country: s.country,
    latitude: s.latitude,
    longitude: s.longitude,
    timeZone: s.timeZone,
    type: s.type,
    directions: s.directions,
    powerType: s.powerType,
    voltage: s.voltage,
    amperage: s.amperage,
    plugType: s.plugType,
    plugFormat: s.plugFormat,
    urlType: s.urlType,
    // The station rules read this same list: a public peering requires a public station.
    peerings,
    brand: s.brand,
    model: s.model,
    profile: s.profile,
    serialNumber: s.serialNumber,
    firmware: s.firmware,
    iccid: s.iccid,
    imsi: s.imsi,
    ocppVersion: s.ocppVersion,
    ocppVersionConnected: s.ocppVersionConnected,
    installationDate: s.installationDate,
    commissioningDate: s.commissioningDate,
    midMeterSerial: s.midMeterSerial,
    meterPublicKey: s.meterPublicKey,
    paymentTerminalSerial: s.paymentTerminalSerial,
    energyStorageUrl: s.energyStorageUrl,
    visibleInApp: s.visibleInApp,
    openToPublic: s.openToPublic,
    openingDate: s.openingDate,
    qrPaymentEnabled: s.qrPaymentEnabled,
    atHome: s.atHome,
    certifiedRenewable: s.certifiedRenewable,
    renewableCertificate: s.renewableCertificate,
    renewableGPerKwh: s.renewableGPerKwh,
    offline: s.offline,
    registration: s.registration,
    lastIp: s.lastIp,
    // Only when it is the last contact recorded (domain/stations/liveness.ts).
    lastHeartbeatAt: iso(shownLastHeartbeat(s.lastSeenAt, s.lastHeartbeatAt)),
    lastResetAt: iso(s.lastResetAt),
    lastBootAt: iso(s.lastBootAt),
    lastAuthorizationAt: iso(s.lastAuthorizationAt),
    lastSeenAt: iso(s.lastSeenAt),
    updatedAt: iso(s.updatedAt),
    connectors: plugs,
  };
}
