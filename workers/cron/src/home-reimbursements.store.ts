/**
 * @module The home reimbursement job's statements (issue 19 part 5, ADR 046): the employees to compute
 * in user-id order, everything a chunk of them needs in one round trip (their companies' settings and
 * service settings, home stations, approved contracts, tariffs, home sessions, approved meter
 * readings, their reimbursements of the month), and the writes: a new month with its first event in
 * one batch, or a recalculated one under a compare-and-set on its status. Platform-wide for the job;
 * the recalculation (workers/api/src/routes/company-settings/recalc/) passes a company id, so every
 * read is then that company's only. Integers we produced (ids, instants) are written into the SQL;
 * every text is a bound parameter.
 */

import { SERVICE } from '@domain/permissions/service-settings';
import type { ApplicableTariff, HomeSession, MonthResult } from '@domain/reimbursement/compute';
import type { CompanyMonthFacts, EmployeeMonthFacts, MeterReading } from '@domain/reimbursement/employee-month';
import { breakdownOf } from '@domain/reimbursement/recalc';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import type { ReimbursementSettings } from '@domain/reimbursement/variants';

const int = (n: number) => String(Math.trunc(n));
const ids = (list: readonly number[]) => (list.length ? list.map(int).join(',') : 'NULL');
const DAY_MS = 86_400_000;

/** Employees of active reimbursing fleet companies (settings row active, service 25) with a live home station. */
const CANDIDATES = `FROM users u
  JOIN companies c ON c.id = u.company_id AND c.is_evfleet = 1
  JOIN home_reimbursement_settings hrs ON hrs.company_id = u.company_id AND hrs.active = 1
  WHERE u.status = 'active' AND u.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM company_service_settings ss WHERE ss.company_id = u.company_id AND ss.setting_id = ${SERVICE.HOME_REIMBURSEMENT})
    AND EXISTS (SELECT 1 FROM home_stations h WHERE h.user_id = u.id AND h.company_id = u.company_id AND h.deleted_at IS NULL)`;

/** How many employees a run goes through (its `total`). */
export function countEmployees(d1: D1Database, companyId?: number) {
  const only = companyId === undefined ? '' : ` AND u.company_id = ${int(companyId)}`;
  return d1
    .prepare(`SELECT count(*) AS n ${CANDIDATES}${only}`)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}

export interface Candidate {
  userId: number;
  companyId: number;
  homeReimbursementEvfleet: boolean;
  docUploadNotMandatory: boolean;
  ibanOwner: string | null;
  partnerUserId: string | null;
  /** First and last name (the e-mail when both are empty), for the monthly statement. */
  name: string;
}

/** The next `limit` candidate employees after user id `afterId`, in id order (one company's with `companyId`). */
export async function candidates(d1: D1Database, afterId: number, limit: number, companyId?: number) {
  const only = companyId === undefined ? '' : ` AND u.company_id = ${int(companyId)}`;
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.company_id, u.home_reimbursement_evfleet, u.doc_upload_not_mandatory, u.iban_owner, u.partner_user_id,
         coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) AS name
       ${CANDIDATES}${only} AND u.id > ?1 ORDER BY u.id LIMIT ?2`,
    )
    .bind(afterId, limit)
    .all<{
      id: number;
      company_id: number;
      home_reimbursement_evfleet: number;
      doc_upload_not_mandatory: number;
      iban_owner: string | null;
      partner_user_id: string | null;
      name: string | null;
    }>();
  return results.map(
    (r): Candidate => ({
      userId: r.id,
      companyId: r.company_id,
      homeReimbursementEvfleet: r.home_reimbursement_evfleet !== 0,
      docUploadNotMandatory: r.doc_upload_not_mandatory !== 0,
      ibanOwner: r.iban_owner,
      partnerUserId: r.partner_user_id,
      name: r.name ?? '',
    }),
  );
}

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

export interface NewMonth {
  companyId: number;
  userId: number;
  currency: string;
  status: ReimbursementStatus;
  payoutMethod: 'stripe' | 'bank_transfer';
  ibanOwner: string | null;
  partnerUserId: string | null;
  result: MonthResult;
}

const figures = (r: MonthResult) =>
  `${int(r.sessions)}, ${int(r.energyWh)}, ${int(r.energyAmount)}, ${r.capped ? 1 : 0}, ${int(r.extraExpense)}, ${int(r.value)}`;

/** Rows per INSERT: six bound values a row (plus the period) under D1's 100 bound parameters. */
const ROWS_PER_INSERT = 14;

/**
 * The statements of new months: the reimbursements, a few rows per INSERT (a second insert of the
 * same employee and month is a no-op: the unique user + period index), then each one's first event
 * (only while it has none), to run in one batch.
 */
export function newMonthStatements(
  d1: D1Database,
  months: readonly NewMonth[],
  period: string,
  runId: number | null,
  actorId: number | null,
  note: string,
  now: number,
): D1PreparedStatement[] {
  const actor = actorId === null ? 'NULL' : int(actorId);
  const run = runId === null ? 'NULL' : int(runId);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < months.length; i += ROWS_PER_INSERT) {
    const part = months.slice(i, i + ROWS_PER_INSERT);
    const values = part.map((m, k) => {
      const p = 2 + k * 6;
      return `(${int(m.companyId)}, ${int(m.userId)}, ?1, ?${p}, ?${p + 1}, ${figures(m.result)}, ?${p + 2}, ?${p + 3},
        ?${p + 4}, ?${p + 5}, ${run}, ${int(now)}, ${actor})`;
    });
    statements.push(
      d1
        .prepare(
          `INSERT INTO reimbursements (company_id, user_id, period, status, currency, sessions, energy_wh, energy_amount,
             capped, extra_expense, value, breakdown, iban_owner, partner_user_id, payout_method, run_id, computed_at, updated_by)
           VALUES ${values.join(',')} ON CONFLICT (user_id, period) DO NOTHING`,
        )
        .bind(
          period,
          ...part.flatMap((m) => [
            m.status,
            m.currency,
            breakdownOf(m.result),
            m.ibanOwner,
            m.partnerUserId,
            m.payoutMethod,
          ]),
        ),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO reimbursement_events (reimbursement_id, from_status, to_status, actor_id, note, created_at)
         SELECT r.id, NULL, r.status, ${actor}, ?2, ${int(now)} FROM reimbursements r
         WHERE r.user_id IN (${ids(months.map((m) => m.userId))}) AND r.period = ?1
           AND NOT EXISTS (SELECT 1 FROM reimbursement_events e WHERE e.reimbursement_id = r.id)
         ORDER BY r.user_id`,
      )
      .bind(period, note),
  );
  return statements;
}

/** Writes new months (with their first events, and `more`: their statements' document rows) in one batch. */
export async function writeNewMonths(
  d1: D1Database,
  months: readonly NewMonth[],
  period: string,
  runId: number | null,
  now: number,
  more: readonly D1PreparedStatement[] = [],
) {
  if (months.length === 0) return;
  await d1.batch([...newMonthStatements(d1, months, period, runId, null, 'computed', now), ...more]);
}

/**
 * A recalculated month: new figures and status only while the row still has the status we read (a
 * concurrent change wins), its event in the same batch only when the update happened. Answers whether
 * it was written.
 */
export async function writeRecalculated(
  d1: D1Database,
  stored: StoredReimbursement,
  status: ReimbursementStatus,
  result: MonthResult,
  actorId: number,
  note: string,
  now: number,
): Promise<boolean> {
  const [updated] = await d1.batch([
    d1
      .prepare(
        `UPDATE reimbursements SET status = ?1, sessions = ${int(result.sessions)}, energy_wh = ${int(result.energyWh)},
           energy_amount = ${int(result.energyAmount)}, capped = ${result.capped ? 1 : 0},
           extra_expense = ${int(result.extraExpense)}, value = ${int(result.value)}, breakdown = ?2,
           computed_at = ${int(now)}, updated_by = ${int(actorId)}, updated_at = ${int(now)}
         WHERE id = ${int(stored.id)} AND status = ?3 AND value = ${int(stored.value)}`,
      )
      .bind(status, breakdownOf(result), stored.status),
    d1
      .prepare(
        `INSERT INTO reimbursement_events (reimbursement_id, from_status, to_status, actor_id, note, created_at)
         SELECT ${int(stored.id)}, ?1, ?2, ${int(actorId)}, ?3, ${int(now)} WHERE changes() = 1`,
      )
      .bind(stored.status, status, note),
  ]);
  return (updated?.meta.changes ?? 0) === 1;
}

/** The distinct alert e-mail addresses of these companies' settings (comma lists; malformed entries dropped). */
export async function alertAddresses(d1: D1Database, companyIds: readonly number[]): Promise<Set<string>> {
  const { results } = await d1
    .prepare(
      `SELECT alert_emails FROM home_reimbursement_settings WHERE company_id IN (${ids(companyIds)}) AND alert_emails IS NOT NULL`,
    )
    .all<{ alert_emails: string }>();
  return new Set(
    results.flatMap((r) =>
      r.alert_emails
        .split(',')
        .map((a) => a.trim())
        .filter((a) => /^[^\s@,]+@[^\s@,]+$/.test(a)),
    ),
  );
}
