/** @module Stations (charge points) and their connectors. */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { OCPP_VERSIONS } from '../../domain/ocpp/versions';
import { COMMISSIONING_STATUSES } from '../../domain/onboarding/onboarding';
import { CONNECTOR_STATUSES, STATION_REGISTRATION, STATION_TYPES } from '../../domain/stations/statuses';
import { createdAt, flag, timestamp } from './columns';
import { companies, companyGroups } from './companies';

export const stations = sqliteTable(
  'stations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The OCPP charge point identity, the last path segment of /ocpp/{id}. */
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    template: text('template'),
    /** Operator (CPO or sub-operator) company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ownerCompanyId: integer('owner_company_id').references(() => companies.id),
    address: text('address'),
    streetNumber: text('street_number'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    type: text('type', { enum: STATION_TYPES }).notNull().default('public'),
    directions: text('directions'),
    powerType: text('power_type'),
    voltage: integer('voltage'),
    amperage: integer('amperage'),
    plugType: text('plug_type'),
    plugFormat: text('plug_format'),
    urlType: text('url_type'),
    brand: text('brand'),
    model: text('model'),
    profile: text('profile'),
    serialNumber: text('serial_number'),
    firmware: text('firmware'),
    /** The SIM the charge point last reported in BootNotification (migration 0039); never cleared by a boot without one. */
    iccid: text('iccid'),
    imsi: text('imsi'),
    installationDate: text('installation_date'),
    commissioningDate: text('commissioning_date'),
    midMeterSerial: text('mid_meter_serial'),
    /** The calibrated meter's public key (hex or base64 SPKI), used when a signed meter value carries none (migration 0062, ADR 060). */
    meterPublicKey: text('meter_public_key'),
    paymentTerminalSerial: text('payment_terminal_serial'),
    energyStorageUrl: text('energy_storage_url'),
    visibleInApp: flag('visible_in_app'),
    openToPublic: flag('open_to_public'),
    openingDate: text('opening_date'),
    qrPaymentEnabled: flag('qr_payment_enabled'),
    atHome: flag('at_home'),
    offline: flag('offline'),
    registration: text('registration', { enum: STATION_REGISTRATION }).notNull().default('accepted'),
    /** PBKDF2 hash of the OCPP basic-auth password; null means no password set yet. */
    ocppPasswordHash: text('ocpp_password_hash'),
    /** OCPP Security Whitepaper profile 0-3; 2 and 3 refuse connections that did not arrive over TLS (migration 0027). */
    securityProfile: integer('security_profile').notNull().default(1),
    /** The OCPP version the station must speak ('ocpp1.6' | 'ocpp2.0.1'); null: the first it offers that we support (migration 0054, ADR 058). */
    ocppVersion: text('ocpp_version', { enum: OCPP_VERSIONS }),
    /** The version its last connection negotiated, written at the upgrade when it changes. */
    ocppVersionConnected: text('ocpp_version_connected', { enum: OCPP_VERSIONS }),
    group1Id: integer('group1_id').references(() => companyGroups.id),
    group2Id: integer('group2_id').references(() => companyGroups.id),
    group3Id: integer('group3_id').references(() => companyGroups.id),
    group4Id: integer('group4_id').references(() => companyGroups.id),
    lastIp: text('last_ip'),
    lastHeartbeatAt: timestamp('last_heartbeat_at'),
    lastResetAt: timestamp('last_reset_at'),
    lastBootAt: timestamp('last_boot_at'),
    lastAuthorizationAt: timestamp('last_authorization_at'),
    lastSeenAt: timestamp('last_seen_at'),
    // The charge point's socket is open and it has not gone silent (written by its ChargePoint object
    // on each change, never per message); `connectionChangedAt` orders writes that race.
    connected: flag('connected'),
    connectionChangedAt: timestamp('connection_changed_at'),
    /** Hidden stations leave the lists and the map (onboarding, ADR 025); their charge point still connects. */
    hidden: flag('hidden'),
    /** Certified renewable supply: CO2 counted market-based (ADR 053, migration 0048). */
    certifiedRenewable: flag('certified_renewable'),
    /** The certificate's reference (guarantee of origin, PPA, supplier contract). */
    renewableCertificate: text('renewable_certificate'),
    /** The certificate's own factor in gCO2/kWh; null when it names none (counted as 0). */
    renewableGPerKwh: real('renewable_g_per_kwh'),
    commissioningStatus: text('commissioning_status', { enum: COMMISSIONING_STATUSES })
      .notNull()
      .default('commissioned'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('stations_uid_unique').on(t.uid),
    index('stations_company_idx').on(t.companyId),
    index('stations_city_idx').on(t.city),
    index('stations_owner_idx').on(t.ownerCompanyId),
    index('stations_name_idx').on(t.name),
    // The map's bounding box: a range on latitude, longitude checked in the index (ADR 032 addendum).
    index('stations_lat_lng_idx').on(t.latitude, t.longitude),
  ],
);

export const connectors = sqliteTable(
  'connectors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    uid: text('uid').notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** OCPP connectorId (1-based). */
    connectorNumber: integer('connector_number').notNull(),
    evseId: text('evse_id'),
    plugType: text('plug_type'),
    plugFormat: text('plug_format'),
    powerType: text('power_type'),
    voltage: integer('voltage'),
    amperage: integer('amperage'),
    maxPowerW: integer('max_power_w'),
    status: text('status', { enum: CONNECTOR_STATUSES }).notNull().default('unknown'),
    errorCode: text('error_code'),
    statusInfo: text('status_info'),
    statusChangedAt: timestamp('status_changed_at'),
    /** JSON array of ConnectorCapability. */
    capabilitiesJson: text('capabilities_json').notNull().default('[]'),
    createdAt: createdAt(),
    /** Moved by a trigger on every change (migration 0051): the warehouse sync reads by it. */
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('connectors_uid_unique').on(t.uid),
    uniqueIndex('connectors_station_number_unique').on(t.stationId, t.connectorNumber),
    index('connectors_status_idx').on(t.status),
    // Lists sorted by EVSE id walk this index and stop after one page; per-station status counts
    // (overview totals, map markers, station rows) read only the covering (station_id, status) index.
    index('connectors_evse_idx').on(t.evseId),
    index('connectors_station_status_idx').on(t.stationId, t.status),
  ],
);
