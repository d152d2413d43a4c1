/**
 * @module Vehicles (spec 1 section 3, spec 2 section 7.13): the brand / model catalog with battery and
 * charging data, the e-HDV (heavy-duty) types, each fleet user's vehicles, and one telematics webhook
 * per vehicle (service setting 46) whose signed updates land on the vehicle.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

export const vehicleBrands = sqliteTable(
  'vehicle_brands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('vehicle_brands_name_unique').on(t.name)],
);

/** e-HDV types: electric heavy-duty vehicle categories (vans, trucks, buses). */
export const ehdvTypes = sqliteTable(
  'ehdv_types',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('ehdv_types_code_unique').on(t.code)],
);

export const vehicleModels = sqliteTable(
  'vehicle_models',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => vehicleBrands.id),
    name: text('name').notNull(),
    /** Usable battery capacity. */
    batteryKwh: real('battery_kwh').notNull(),
    /** Maximum AC charging power of the on-board charger. */
    acMaxKw: real('ac_max_kw').notNull(),
    /** Maximum DC charging power; null for AC-only vehicles. */
    dcMaxKw: real('dc_max_kw'),
    /** Plug types, comma-separated (type2, ccs, chademo). */
    plugs: text('plugs').notNull(),
    /** WLTP range. */
    rangeKm: integer('range_km'),
    /** Null for passenger cars. */
    ehdvTypeId: integer('ehdv_type_id').references(() => ehdvTypes.id),
  },
  (t) => [uniqueIndex('vehicle_models_brand_name_unique').on(t.brandId, t.name)],
);

export const userVehicles = sqliteTable(
  'user_vehicles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Cascade: the permanent delete of a fleet user removes their vehicles and webhooks. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's company when the vehicle was added: scope checks go through the user. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    brandId: integer('brand_id').references(() => vehicleBrands.id),
    modelId: integer('model_id').references(() => vehicleModels.id),
    /** Upper-case, 17 characters, no I/O/Q (see domain/vehicles/vin.ts). Null when unknown. */
    vin: text('vin'),
    /** Upper-case, French pattern AB-999-CD (domain/fleet/validation.ts). */
    licensePlate: text('license_plate'),
    telematicsProvider: text('telematics_provider'),
    /** Last telematics reading (webhook). */
    odometerKm: real('odometer_km'),
    socPercent: real('soc_percent'),
    telemetryAt: timestamp('telemetry_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('user_vehicles_user_idx').on(t.userId), index('user_vehicles_company_idx').on(t.companyId)],
);

export const vehicleWebhooks = sqliteTable(
  'vehicle_webhooks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => userVehicles.id, { onDelete: 'cascade' }),
    /** Public, random: the path segment of the webhook URL. */
    token: text('token').notNull(),
    /** SHA-256 of the signing secret, hex: identifies the secret (fingerprint) without revealing it. */
    secretHash: text('secret_hash').notNull(),
    /**
     * HMAC verification needs the key itself, so it is also kept sealed with the secret box
     * (AES-GCM under SESSION_SECRET, bound to `webhook:<id>`); it is shown once, never read back.
     */
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at'),
    lastReceivedAt: timestamp('last_received_at'),
  },
  (t) => [
    uniqueIndex('vehicle_webhooks_token_unique').on(t.token),
    uniqueIndex('vehicle_webhooks_vehicle_unique').on(t.vehicleId),
  ],
);
