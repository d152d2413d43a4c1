/**
 * @module What the warehouse sync copies (ADR 052): per warehouse table, the D1 query that reads the
 * rows changed after a watermark, in (updated_at, id) order, and the mapping of a D1 row onto the
 * warehouse row. Migration 0051 keeps `updated_at` moving on every change of the tables read by it;
 * `connector_status_history` is append-only and is read by id.
 */
import {
  dimCompanies,
  dimConnectors,
  dimStations,
  dimTariffs,
  dimUsers,
  factConnectorStatus,
  factSessions,
} from '@db/warehouse/schema';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A table's position: the last copied row's `updated_at` (0 for tables read by id) and id. */
export interface Watermark {
  at: number;
  id: number;
}

type D1Row = Record<string, number | string | null>;

export interface SyncedTable {
  /** The warehouse table, also the watermark's name. */
  name: string;
  target: PgTable;
  /** Reads up to `limit` rows after `after` and changed no later than `until` (ms), in order. */
  read(d1: D1Database, after: Watermark, until: number, limit: number): Promise<D1Row[]>;
  position(row: D1Row): Watermark;
  toWarehouse(row: D1Row): Record<string, unknown>;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Rows of `from` (alias `t`) changed after the watermark, `updated_at` then id. */
function changedAfter(select: string, from: string) {
  return async (d1: D1Database, after: Watermark, until: number, limit: number) => {
    const { results } = await d1
      .prepare(
        `SELECT ${select}, t.updated_at AS _at FROM ${from}
         WHERE (t.updated_at > ?1 OR (t.updated_at = ?1 AND t.id > ?2)) AND t.updated_at <= ?3
         ORDER BY t.updated_at, t.id LIMIT ?4`,
      )
      .bind(after.at, after.id, until, limit)
      .all<D1Row>();
    return results;
  };
}
const byUpdate = (row: D1Row): Watermark => ({ at: Number(row._at), id: Number(row.id) });

const SESSION_PRICES = [
  ['empTotal', 'emp_price_total'],
  ['empNetTotal', 'emp_price_net_total'],
  ['empEnergy', 'emp_price_energy'],
  ['empNetEnergy', 'emp_price_net_energy'],
  ['empTime', 'emp_price_time'],
  ['empPenalty', 'emp_price_penalty'],
  ['empNetPenalty', 'emp_price_net_penalty'],
  ['subcpoTotal', 'subcpo_price_total'],
  ['subcpoEnergy', 'subcpo_price_energy'],
  ['subcpoTime', 'subcpo_price_time'],
  ['subcpoPenalty', 'subcpo_price_penalty'],
  ['ownerTotal', 'owner_price_total'],
  ['ownerEnergy', 'owner_price_energy'],
  ['ownerPenalty', 'owner_price_penalty'],
  ['ownerCostPerKwh', 'owner_cost_per_kwh'],
] as const;

const sessions: SyncedTable = {
  name: 'fact_sessions',
  target: factSessions,
  read: changedAfter(
    `t.id, t.cdr_id, t.status, t.pricing_status, t.station_id, t.connector_id, t.connector_number,
     t.company_id, t.owner_company_id, t.user_id, t.customer_group_id, t.start_method, t.refused_status,
     st.country, st.type AS station_type, t.cdr_partner_session_id, t.cdr_start, t.cdr_end,
     t.cdr_consumed_energy, t.cdr_time, t.cdr_time_charged, t.cdr_total_parking_time, t.currency,
     t.cdr_vat_value, ${SESSION_PRICES.map(([, c]) => `t.${c}`).join(', ')}`,
    'charging_sessions t LEFT JOIN stations st ON st.id = t.station_id',
  ),
  position: byUpdate,
  toWarehouse: (r) => ({
    id: Number(r.id),
    cdrId: r.cdr_id,
    status: r.status,
    pricingStatus: r.pricing_status,
    stationId: Number(r.station_id),
    connectorId: num(r.connector_id),
    connectorNumber: Number(r.connector_number),
    companyId: Number(r.company_id),
    ownerCompanyId: num(r.owner_company_id),
    userId: num(r.user_id),
    customerGroupId: num(r.customer_group_id),
    startMethod: r.start_method,
    refused: r.refused_status !== null,
    country: r.country,
    stationType: r.station_type,
    roaming: r.cdr_partner_session_id !== null,
    startAt: date(r.cdr_start),
    endAt: date(r.cdr_end),
    energyWh: num(r.cdr_consumed_energy),
    durationS: num(r.cdr_time),
    chargingMinutes: num(r.cdr_time_charged),
    parkingS: num(r.cdr_total_parking_time),
    currency: r.currency,
    vatValue: num(r.cdr_vat_value),
    ...Object.fromEntries(SESSION_PRICES.map(([k, c]) => [k, num(r[c])])),
    updatedAt: Number(r._at),
  }),
};

const statusHistory: SyncedTable = {
  name: 'fact_connector_status',
  target: factConnectorStatus,
  read: async (d1, after, _until, limit) => {
    const { results } = await d1
      .prepare(
        'SELECT id, connector_id, status, error_code, at FROM connector_status_history WHERE id > ?1 ORDER BY id LIMIT ?2',
      )
      .bind(after.id, limit)
      .all<D1Row>();
    return results;
  },
  position: (r) => ({ at: 0, id: Number(r.id) }),
  toWarehouse: (r) => ({
    id: Number(r.id),
    connectorId: Number(r.connector_id),
    status: r.status,
    errorCode: r.error_code,
    startedAt: date(r.at),
  }),
};

const stations: SyncedTable = {
  name: 'dim_stations',
  target: dimStations,
  read: changedAfter(
    't.id, t.uid, t.name, t.company_id, t.owner_company_id, t.type, t.city, t.country, t.time_zone',
    'stations t',
  ),
  position: byUpdate,
  toWarehouse: (r) => ({
    id: Number(r.id),
    uid: r.uid,
    name: r.name,
    companyId: Number(r.company_id),
    ownerCompanyId: num(r.owner_company_id),
    type: r.type,
    city: r.city,
    country: r.country,
    timeZone: r.time_zone,
    updatedAt: Number(r._at),
  }),
};

const connectors: SyncedTable = {
  name: 'dim_connectors',
  target: dimConnectors,
  read: changedAfter(
    't.id, t.uid, t.station_id, t.connector_number, t.evse_id, t.plug_type, t.power_type, t.max_power_w',
    'connectors t',
  ),
  position: byUpdate,
  toWarehouse: (r) => ({
    id: Number(r.id),
    uid: r.uid,
    stationId: Number(r.station_id),
    connectorNumber: Number(r.connector_number),
    evseId: r.evse_id,
    plugType: r.plug_type,
    powerType: r.power_type,
    maxPowerW: num(r.max_power_w),
    updatedAt: Number(r._at),
  }),
};

const companies: SyncedTable = {
  name: 'dim_companies',
  target: dimCompanies,
  read: changedAfter('t.id, t.parent_company_id, t.name, t.country', 'companies t'),
  position: byUpdate,
  toWarehouse: (r) => ({
    id: Number(r.id),
    parentCompanyId: num(r.parent_company_id),
    name: r.name,
    country: r.country,
    updatedAt: Number(r._at),
  }),
};

const tariffs: SyncedTable = {
  name: 'dim_tariffs',
  target: dimTariffs,
  read: changedAfter(
    `t.id, t.company_id, t.type, t.status, t.name, t.currency, t.customer_group_id, t.version_of, t.version,
     t.apply_from, t.valid_from, t.valid_to`,
    'tariffs t',
  ),
  position: byUpdate,
  toWarehouse: (r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    type: r.type,
    status: r.status,
    name: r.name,
    currency: r.currency,
    customerGroupId: num(r.customer_group_id),
    versionOf: num(r.version_of),
    version: Number(r.version),
    applyFrom: date(r.apply_from),
    validFrom: date(r.valid_from),
    validTo: date(r.valid_to),
    updatedAt: Number(r._at),
  }),
};

/** Users: ids, company, account type, status and roles only, never a name, e-mail or number. */
const users: SyncedTable = {
  name: 'dim_users',
  target: dimUsers,
  read: changedAfter(
    `t.id, t.company_id, t.account_type, t.status,
     (SELECT group_concat(ur.role_id) FROM user_roles ur WHERE ur.user_id = t.id) AS role_ids`,
    'users t',
  ),
  position: byUpdate,
  toWarehouse: (r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    accountType: r.account_type,
    status: r.status,
    roleIds: r.role_ids === null ? [] : String(r.role_ids).split(',').map(Number),
    updatedAt: Number(r._at),
  }),
};

/** In this order: dimensions first, so a report never sees a fact whose company is not there yet. */
export const SYNCED_TABLES: SyncedTable[] = [companies, users, stations, connectors, tariffs, sessions, statusHistory];
