/**
 * @module The session columns in SQL that the lists and the detail share, and the scope they are read
 * in: sessions on stations the company operates (or owns, for the owner variants), or of the fleet's
 * own drivers for the fleet variants. Scope ids are integers from the database and are written into
 * the statement, so a large company tree never meets D1's 100-parameter limit; every user value is a
 * bound parameter.
 */
import type { CdrRecord } from '@domain/sessions/project';
import type { SessionVariant } from '@domain/sessions/variants';

/** Spec field name → SQL expression over `s` (charging_sessions). Dates stay epoch ms here. */
export const FIELD_SQL: Record<string, string> = {
  id: 's.id',
  cdr_id: 's.cdr_id',
  // A refused start or a session ended without its stop shows as such (ADR 040); filters use s.status.
  status:
    "CASE WHEN s.refused_status IS NOT NULL THEN 'refused' WHEN s.ended_without_stop = 1 THEN 'ended_without_stop' ELSE s.status END",
  cdr_auth_id: 's.auth_id',
  start_method: 's.start_method',
  cdr_start: 's.cdr_start',
  cdr_end: 's.cdr_end',
  cdr_stop_charging_date: 's.cdr_stop_charging_date',
  cdr_charging_end: 's.cdr_charging_end',
  cdr_consumed_energy: 's.cdr_consumed_energy',
  cdr_time: 's.cdr_time',
  cdr_time_charged: 's.cdr_time_charged',
  cdr_total_parking_time: 's.cdr_total_parking_time',
  cdr_vat_value: 's.cdr_vat_value',
  cdr_odometer: 's.cdr_odometer',
  cdr_needs_revision: 's.cdr_needs_revision',
  cdr_remark: 's.cdr_remark',
  cdr_operator_id: 's.cdr_operator_id',
  cdr_partner_session_id: 's.cdr_partner_session_id',
  // Every charging_sessions row is an OCPP transaction at our stations; ocpi_emsp_sessions says its own.
  protocol: "'OCPP'",
  cdr_type_id: 's.cdr_type_id',
  connector_evse_id: 's.connector_evse_id',
  child_email: 's.child_email',
  child_plate: 's.child_plate',
  child_employee_id: 's.child_employee_id',
  child_cost_center: 's.child_cost_center',
  corporate_group_name: 's.corporate_group_name',
  user_key_hanger_code: 's.user_key_hanger_code',
  user_email: 's.user_email',
  user_code: 's.user_code',
  station_name: 's.station_name',
  station_city: 's.station_city',
  station_street: 's.station_street',
  plug_type: 's.plug_type',
  plug_max_electric_power: 's.plug_max_electric_power',
  pricing_status: 's.pricing_status',
  pricing_note: 's.pricing_note',
  currency: 's.currency',
  emp_price_total: 's.emp_price_total',
  emp_price_net_total: 's.emp_price_net_total',
  emp_price_energy: 's.emp_price_energy',
  emp_price_net_energy: 's.emp_price_net_energy',
  emp_price_time: 's.emp_price_time',
  emp_price_penalty: 's.emp_price_penalty',
  emp_price_net_penalty: 's.emp_price_net_penalty',
  subcpo_price_total: 's.subcpo_price_total',
  subcpo_price_energy: 's.subcpo_price_energy',
  subcpo_price_time: 's.subcpo_price_time',
  subcpo_price_penalty: 's.subcpo_price_penalty',
  owner_price_total: 's.owner_price_total',
  owner_price_energy: 's.owner_price_energy',
  owner_price_penalty: 's.owner_price_penalty',
  owner_cost_per_kwh: 's.owner_cost_per_kwh',
  station_id: 's.station_id',
  connector_id: 's.connector_id',
  connector_number: 's.connector_number',
  user_id: 's.user_id',
  company_id: 's.company_id',
  owner_company_id: 's.owner_company_id',
  meter_start_wh: 's.meter_start_wh',
  meter_stop_wh: 's.meter_stop_wh',
  stop_reason: 's.stop_reason',
};

export const ALL_FIELDS = Object.keys(FIELD_SQL);

export const DAY_MS = 86_400_000;

const DATE_FIELDS = new Set(['cdr_start', 'cdr_end', 'cdr_stop_charging_date', 'cdr_charging_end']);

export interface Scope {
  /** The caller's company and its descendants. */
  companies: number[];
  /**
   * A customer group the caller's company owns (checked by the route): its members' sessions,
   * wherever they charged, replace the variant's company scope.
   */
  customerGroupId?: number;
}

export interface SessionQuery {
  variant: SessionVariant;
  from?: string | undefined;
  to?: string | undefined;
  station_id?: number | undefined;
  connector_id?: number | undefined;
  group_id?: number | undefined;
  user_id?: number | undefined;
  corporate_group_id?: number | undefined;
  status?: 'in_progress' | 'closed' | undefined;
  needs_revision?: boolean | undefined;
  keyword?: string | undefined;
  /** Fleet endpoints: where the drivers charged. */
  place?: 'work' | 'roaming' | 'home' | undefined;
  sort?: string | undefined;
  direction: 'asc' | 'desc';
}

export const ints = (ids: number[]) => (ids.length ? ids.map((n) => Math.trunc(Number(n))).join(',') : 'NULL');

export type Sql = { sql: string; params: unknown[] };

/** Dates as ISO strings, everything else as stored. */
export function toRecord(raw: Record<string, unknown>): CdrRecord {
  const out: CdrRecord = {};
  for (const [k, v] of Object.entries(raw)) {
    out[k] = DATE_FIELDS.has(k) && typeof v === 'number' ? new Date(v).toISOString() : (v as string | number | null);
  }
  return out;
}
