/** @module The home reimbursement job's chunk read (issue 19 part 5, ADR 046): everything a chunk of employees' month needs, in one D1 round trip. */

import type { ApplicableTariff, HomeSession } from '@domain/reimbursement/compute';
import type { CompanyMonthFacts, EmployeeMonthFacts, MeterReading } from '@domain/reimbursement/employee-month';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import type { ReimbursementSettings } from '@domain/reimbursement/variants';
import type { Candidate } from './home-reimbursements.store';

const int = (n: number) => String(Math.trunc(n));
const ids = (list: readonly number[]) => (list.length ? list.map(int).join(',') : 'NULL');
const DAY_MS = 86_400_000;

export interface StoredReimbursement {
  id: number;
  userId: number;
  status: ReimbursementStatus;
  value: number;
  extraExpense: number;
}

export interface ChunkFacts {
  companies: Map<number, CompanyMonthFacts & { alertEmails: string | null; name: string }>;
  employees: Map<number, EmployeeMonthFacts>;
  existing: Map<number, StoredReimbursement>;
}

interface SettingsRow {
  company_id: number;
  name: string;
  currency: string;
  time_zone: string;
  reimbursement_kwh_cost_limit: number | null;
  active: number;
  type: 'company' | 'employee';
  flat_tariff: number | null;
  flat_tariff_valid_from: string | null;
  extra_expense_enabled: number;
  extra_expense_limit: number | null;
  fee_basis_points: number;
  alert_emails: string | null;
  contract_approval: number;
  payment_provider_flow: number;
  offline_station_process: number;
  skip_document_upload: number;
  fleet_rule_set: number;
}

/**
 * Everything the month of these employees needs, in one D1 round trip. Sessions: closed, not refused,
 * at the employees' online home stations, started within a day of the month's UTC bounds
 * (`computeMonth` keeps those whose local date is in the month). Meter readings: approved, of this
 * month and the one before.
 */
export async function chunkFacts(
  d1: D1Database,
  chunk: readonly Candidate[],
  period: string,
  previousPeriod: string,
): Promise<ChunkFacts> {
  const users = ids(chunk.map((e) => e.userId));
  const companyIds = ids([...new Set(chunk.map((e) => e.companyId))]);
  const [y, m] = period.split('-').map(Number) as [number, number];
  const from = Date.UTC(y, m - 1, 1) - DAY_MS;
  const to = Date.UTC(y, m, 1) + DAY_MS;
  const [settings, services, stations, contracts, tariffs, sessions, readings, existing] = await d1.batch([
    d1.prepare(
      `SELECT c.id AS company_id, c.name, c.currency, c.time_zone, c.reimbursement_kwh_cost_limit, s.active, s.type, s.flat_tariff,
         s.flat_tariff_valid_from, s.extra_expense_enabled, s.extra_expense_limit, s.fee_basis_points, s.alert_emails,
         s.contract_approval, s.payment_provider_flow, s.offline_station_process, s.skip_document_upload, s.fleet_rule_set
       FROM companies c JOIN home_reimbursement_settings s ON s.company_id = c.id WHERE c.id IN (${companyIds})`,
    ),
    d1.prepare(`SELECT company_id, setting_id FROM company_service_settings WHERE company_id IN (${companyIds})`),
    d1.prepare(
      `SELECT id, user_id, is_offline FROM home_stations WHERE user_id IN (${users}) AND deleted_at IS NULL ORDER BY id`,
    ),
    d1.prepare(
      `SELECT DISTINCT user_id FROM reimbursement_documents
       WHERE user_id IN (${users}) AND type = 'power_contract' AND approved = 1 AND deleted_at IS NULL`,
    ),
    d1.prepare(
      `SELECT id, user_id, price_per_kwh, valid_from, valid_to FROM reimbursement_tariffs
       WHERE user_id IN (${users}) AND status = 'active' AND deleted_at IS NULL ORDER BY valid_from, id`,
    ),
    d1.prepare(
      `SELECT h.user_id, s.id, s.cdr_start, s.cdr_consumed_energy FROM home_stations h
       JOIN charging_sessions s ON s.station_id = h.station_id
       WHERE h.user_id IN (${users}) AND h.deleted_at IS NULL AND h.is_offline = 0 AND h.station_id IS NOT NULL
         AND s.status = 'closed' AND s.refused_status IS NULL AND s.cdr_start >= ${int(from)} AND s.cdr_start < ${int(to)}
       ORDER BY s.id`,
    ),
    d1
      .prepare(
        `SELECT id, user_id, home_station_id, period, meter_wh FROM reimbursement_documents
         WHERE user_id IN (${users}) AND type = 'meter_reading' AND approved = 1 AND deleted_at IS NULL
           AND meter_wh IS NOT NULL AND period IN (?1, ?2)`,
      )
      .bind(period, previousPeriod),
    d1
      .prepare(
        `SELECT id, user_id, status, value, extra_expense FROM reimbursements WHERE user_id IN (${users}) AND period = ?1`,
      )
      .bind(period),
  ]);
  const rows = <T>(r: D1Result | undefined) => (r?.results ?? []) as T[];

  const serviceMap = new Map<number, number[]>();
  for (const r of rows<{ company_id: number; setting_id: number }>(services)) {
    const list = serviceMap.get(r.company_id) ?? [];
    list.push(r.setting_id);
    serviceMap.set(r.company_id, list);
  }
  const companies: ChunkFacts['companies'] = new Map();
  for (const r of rows<SettingsRow>(settings)) {
    const s: ReimbursementSettings = {
      active: r.active !== 0,
      type: r.type,
      flatTariff: r.flat_tariff,
      flatTariffValidFrom: r.flat_tariff_valid_from,
      extraExpenseEnabled: r.extra_expense_enabled !== 0,
      extraExpenseLimit: r.extra_expense_limit,
      feeBasisPoints: r.fee_basis_points,
      contractApproval: r.contract_approval !== 0,
      paymentProviderFlow: r.payment_provider_flow !== 0,
      offlineStationProcess: r.offline_station_process !== 0,
      skipDocumentUpload: r.skip_document_upload !== 0,
      fleetRuleSet: r.fleet_rule_set !== 0,
    };
    companies.set(r.company_id, {
      id: r.company_id,
      currency: r.currency,
      timeZone: r.time_zone,
      kwhCostLimit: r.reimbursement_kwh_cost_limit,
      settings: s,
      services: serviceMap.get(r.company_id) ?? [],
      alertEmails: r.alert_emails,
      name: r.name,
    });
  }

  const employees: ChunkFacts['employees'] = new Map();
  for (const e of chunk)
    employees.set(e.userId, {
      userId: e.userId,
      homeReimbursementEvfleet: e.homeReimbursementEvfleet,
      docUploadNotMandatory: e.docUploadNotMandatory,
      hasApprovedContract: false,
      homeStations: [],
      tariffs: [],
      sessions: [],
      readings: [],
    });
  for (const r of rows<{ id: number; user_id: number; is_offline: number }>(stations))
    employees.get(r.user_id)?.homeStations.push({ id: r.id, isOffline: r.is_offline !== 0 });
  for (const r of rows<{ user_id: number }>(contracts)) {
    const e = employees.get(r.user_id);
    if (e) e.hasApprovedContract = true;
  }
  for (const r of rows<{
    id: number;
    user_id: number;
    price_per_kwh: number;
    valid_from: string;
    valid_to: string | null;
  }>(tariffs))
    employees.get(r.user_id)?.tariffs.push({
      id: r.id,
      pricePerKwh: r.price_per_kwh,
      validFrom: r.valid_from,
      validTo: r.valid_to,
    } satisfies ApplicableTariff);
  for (const r of rows<{ user_id: number; id: number; cdr_start: number; cdr_consumed_energy: number | null }>(
    sessions,
  ))
    employees
      .get(r.user_id)
      ?.sessions.push({ id: r.id, startAt: r.cdr_start, energyWh: r.cdr_consumed_energy } satisfies HomeSession);
  for (const r of rows<{
    id: number;
    user_id: number;
    home_station_id: number | null;
    period: string;
    meter_wh: number;
  }>(readings))
    employees.get(r.user_id)?.readings.push({
      id: r.id,
      homeStationId: r.home_station_id,
      period: r.period,
      meterWh: r.meter_wh,
    } satisfies MeterReading);

  const stored: ChunkFacts['existing'] = new Map();
  for (const r of rows<{
    id: number;
    user_id: number;
    status: ReimbursementStatus;
    value: number;
    extra_expense: number;
  }>(existing))
    stored.set(r.user_id, {
      id: r.id,
      userId: r.user_id,
      status: r.status,
      value: r.value,
      extraExpense: r.extra_expense,
    });
  for (const [userId, r] of stored) {
    const e = employees.get(userId);
    if (e) e.extraExpense = r.extraExpense;
  }
  return { companies, employees, existing: stored };
}
