/**
 * @module The reporting warehouse on Postgres (ADR 052): a star schema fed from D1 by the cron sync
 * job (workers/cron/src/warehouse-sync.ts). Facts: charging sessions with all three price perspectives
 * exactly as D1 stores them (minor units of `currency`), and connector status intervals. Dimensions:
 * stations, connectors, companies (with their tree as a materialised path), tariffs, users (ids,
 * company, roles and type only: no personal data). `sync_watermarks` holds each table's position.
 * Ids are D1's; every row carries D1's `updated_at` (ms) it was copied at.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ms = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const factSessions = pgTable(
  'fact_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    cdrId: text('cdr_id').notNull(),
    status: text('status').notNull(),
    pricingStatus: text('pricing_status').notNull(),
    stationId: integer('station_id').notNull(),
    connectorId: integer('connector_id'),
    connectorNumber: integer('connector_number').notNull(),
    /** The operator company of the station at the time of the session. */
    companyId: integer('company_id').notNull(),
    ownerCompanyId: integer('owner_company_id'),
    userId: integer('user_id'),
    customerGroupId: integer('customer_group_id'),
    startMethod: text('start_method').notNull(),
    /** Answered with a refusal at its start (D1 `refused_status`): never charged, never billed. */
    refused: boolean('refused').notNull(),
    /** The station's country (ISO alpha-2) when the session was copied. */
    country: text('country'),
    /** The station's type (public, private, work, home) when the session was copied. */
    stationType: text('station_type'),
    /** A roaming partner's session: D1 holds its partner session id (ADR 052). */
    roaming: boolean('roaming').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    energyWh: bigint('energy_wh', { mode: 'number' }),
    durationS: bigint('duration_s', { mode: 'number' }),
    chargingMinutes: integer('charging_minutes'),
    parkingS: bigint('parking_s', { mode: 'number' }),
    currency: text('currency').notNull(),
    vatValue: bigint('vat_value', { mode: 'number' }),
    // E-mobility provider (the driver's price), sub-operator (CPO) and owner perspectives.
    empTotal: bigint('emp_total', { mode: 'number' }),
    empNetTotal: bigint('emp_net_total', { mode: 'number' }),
    empEnergy: bigint('emp_energy', { mode: 'number' }),
    empNetEnergy: bigint('emp_net_energy', { mode: 'number' }),
    empTime: bigint('emp_time', { mode: 'number' }),
    empPenalty: bigint('emp_penalty', { mode: 'number' }),
    empNetPenalty: bigint('emp_net_penalty', { mode: 'number' }),
    subcpoTotal: bigint('subcpo_total', { mode: 'number' }),
    subcpoEnergy: bigint('subcpo_energy', { mode: 'number' }),
    subcpoTime: bigint('subcpo_time', { mode: 'number' }),
    subcpoPenalty: bigint('subcpo_penalty', { mode: 'number' }),
    ownerTotal: bigint('owner_total', { mode: 'number' }),
    ownerEnergy: bigint('owner_energy', { mode: 'number' }),
    ownerPenalty: bigint('owner_penalty', { mode: 'number' }),
    ownerCostPerKwh: bigint('owner_cost_per_kwh', { mode: 'number' }),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    index('fact_sessions_company_start_idx').on(t.companyId, t.startAt),
    index('fact_sessions_owner_start_idx').on(t.ownerCompanyId, t.startAt),
    index('fact_sessions_station_start_idx').on(t.stationId, t.startAt),
    index('fact_sessions_user_start_idx').on(t.userId, t.startAt),
  ],
);

/** One row per `connector_status_history` row: the status from `started_at` until the next row's. */
export const factConnectorStatus = pgTable(
  'fact_connector_status',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    connectorId: integer('connector_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    startedAt: at('started_at').notNull(),
    /** The next status's start; null while it is the connector's current status. */
    endedAt: at('ended_at'),
  },
  (t) => [index('fact_connector_status_connector_idx').on(t.connectorId, t.startedAt)],
);

export const dimStations = pgTable(
  'dim_stations',
  {
    id: integer('id').primaryKey(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    companyId: integer('company_id').notNull(),
    ownerCompanyId: integer('owner_company_id'),
    type: text('type').notNull(),
    city: text('city'),
    country: text('country'),
    timeZone: text('time_zone').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('dim_stations_company_idx').on(t.companyId)],
);

export const dimConnectors = pgTable(
  'dim_connectors',
  {
    id: integer('id').primaryKey(),
    uid: text('uid').notNull(),
    stationId: integer('station_id').notNull(),
    connectorNumber: integer('connector_number').notNull(),
    evseId: text('evse_id'),
    plugType: text('plug_type'),
    powerType: text('power_type'),
    maxPowerW: integer('max_power_w'),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('dim_connectors_station_idx').on(t.stationId)],
);

export const dimCompanies = pgTable(
  'dim_companies',
  {
    id: integer('id').primaryKey(),
    parentCompanyId: integer('parent_company_id'),
    name: text('name').notNull(),
    country: text('country').notNull(),
    /** The ids from the root down to this company, '/1/4/9/': a subtree is `path LIKE '/1/4/%'`. */
    path: text('path').notNull().default(''),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('dim_companies_path_idx').on(t.path)],
);

export const dimTariffs = pgTable('dim_tariffs', {
  id: integer('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  customerGroupId: integer('customer_group_id'),
  versionOf: integer('version_of'),
  version: integer('version').notNull(),
  applyFrom: at('apply_from'),
  validFrom: at('valid_from'),
  validTo: at('valid_to'),
  updatedAt: ms('updated_at').notNull(),
});

/** Users without personal data: ids, company, account type, status and role ids only (ADR 052). */
export const dimUsers = pgTable(
  'dim_users',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    accountType: text('account_type'),
    status: text('status').notNull(),
    roleIds: integer('role_ids').array().notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('dim_users_company_idx').on(t.companyId)],
);

/** Each synced D1 table's position: the last copied row's `updated_at` (or id) and id. */
export const syncWatermarks = pgTable('sync_watermarks', {
  tableName: text('table_name').primaryKey(),
  lastUpdatedAt: ms('last_updated_at').notNull().default(0),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  syncedAt: at('synced_at').notNull().defaultNow(),
});
