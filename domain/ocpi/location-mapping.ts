/**
 * @module Our stations as OCPI Locations (mod_locations.asciidoc, ADR 057 addendum "Locations and
 * tariffs"), pure: one station is one Location (its OCPP identity is the Location id); each connector is
 * one EVSE with one Connector, as the module's note on OCPP 1.x charge points asks; the station's site
 * gives the opening times, certified renewable supply the energy mix.
 */
import type { z } from 'zod';
import type { ConnectorStatus, StationType } from '../stations/statuses';
import {
  alpha3,
  connectorStandard,
  coordinate,
  DC_STANDARDS,
  OCPI_STATUS,
  ocpiTime,
  openingTimes,
} from './location-values';
import {
  Capability,
  type Connector,
  ConnectorFormat,
  type EnergyMix,
  type Evse,
  type Location,
  type ParkingRestriction,
  type ParkingType,
  PowerType,
} from './locations';

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
