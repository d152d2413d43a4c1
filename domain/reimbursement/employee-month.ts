/**
 * @module One employee's month as the monthly job and a recalculation decide it (issue 19 part 5,
 * ADR 046), pure: from the company's settings and service settings (the variants in force) and the
 * employee's facts, whether the employee is eligible, and if so the tariffs that apply, the offline
 * stations' opening and closing readings, the month priced by `computeMonth`, its first status and its
 * payout method. The store gathers the facts; the job and the recalculation write what this returns.
 */
import { parsePeriod } from '../billing/period';
import { type ApplicableTariff, computeMonth, type HomeSession, type MonthResult, type OfflineMonth } from './compute';
import type { ReimbursementStatus } from './statuses';
import {
  eligibility,
  type Ineligible,
  initialStatus,
  payoutMethod,
  type ReimbursementSettings,
  reimbursementActive,
  type Variants,
  variantsInForce,
} from './variants';

export interface CompanyMonthFacts {
  id: number;
  currency: string;
  timeZone: string;
  /** `companies.reimbursement_kwh_cost_limit`, milli-minor units per kWh; null: no cap. */
  kwhCostLimit: number | null;
  settings: ReimbursementSettings;
  /** The company's service setting ids. */
  services: readonly number[];
}

export interface MeterReading {
  /** The document's id; the highest id of a month is its newest reading. */
  id: number;
  homeStationId: number | null;
  /** YYYY-MM. */
  period: string;
  meterWh: number;
}

export interface EmployeeMonthFacts {
  userId: number;
  homeReimbursementEvfleet: boolean;
  docUploadNotMandatory: boolean;
  hasApprovedContract: boolean;
  /** Live home stations (not deleted). */
  homeStations: { id: number; isOffline: boolean }[];
  /** The employee's own `active` tariffs (used when the company's type is `employee`). */
  tariffs: ApplicableTariff[];
  /** Closed sessions at the employee's online home stations started around the month. */
  sessions: HomeSession[];
  /** Approved meter readings of this month and the month before. */
  readings: MeterReading[];
  /** The extra expense the employee declared on the month (a recalculation keeps it), minor units. */
  extraExpense?: number;
}

export type EmployeeMonth =
  | { eligible: false; reason: Ineligible | 'inactive' }
  | {
      eligible: true;
      variants: Variants;
      status: ReimbursementStatus;
      payoutMethod: 'stripe' | 'bank_transfer';
      result: MonthResult;
    };

/** 'YYYY-MM' of the month before. */
export function periodBefore(period: string): string {
  const [y, m] = parsePeriod(period);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The tariffs of the month: the company's flat tariff from its valid-from date, or the employee's own. */
export function tariffsFor(company: Pick<CompanyMonthFacts, 'settings'>, own: readonly ApplicableTariff[]) {
  const s = company.settings;
  if (s.type === 'company') {
    if (s.flatTariff === null || s.flatTariffValidFrom === null) return [];
    return [{ id: null, pricePerKwh: s.flatTariff, validFrom: s.flatTariffValidFrom, validTo: null }];
  }
  return [...own];
}

/**
 * The opening and closing readings of each offline station: the newest approved reading of the month
 * before and of this month. A reading naming no station counts for the employee's only offline station.
 */
export function offlineMonths(
  stations: readonly { id: number; isOffline: boolean }[],
  readings: readonly MeterReading[],
  period: string,
): OfflineMonth[] {
  const offline = stations.filter((s) => s.isOffline);
  const before = periodBefore(period);
  const newest = (stationId: number, month: string) => {
    let found: MeterReading | null = null;
    for (const r of readings) {
      const station = r.homeStationId ?? (offline.length === 1 ? offline[0]?.id : null);
      if (station !== stationId || r.period !== month) continue;
      if (!found || r.id > found.id) found = r;
    }
    return found ? { documentId: found.id, meterWh: found.meterWh } : null;
  };
  return offline.map((s) => ({ homeStationId: s.id, opening: newest(s.id, before), closing: newest(s.id, period) }));
}

/** The employee's month: eligible or why not, and priced when eligible. */
export function employeeMonth(company: CompanyMonthFacts, employee: EmployeeMonthFacts, period: string): EmployeeMonth {
  if (!reimbursementActive(company.settings, company.services)) return { eligible: false, reason: 'inactive' };
  const variants = variantsInForce(company.settings, company.services);
  const verdict = eligibility(employee, variants);
  if (!verdict.eligible) return { eligible: false, reason: verdict.reason };
  const result = computeMonth({
    period,
    timeZone: company.timeZone,
    sessions: employee.sessions,
    tariffs: tariffsFor(company, employee.tariffs),
    kwhCostLimit: company.kwhCostLimit,
    offline: variants.offlineStationProcess ? offlineMonths(employee.homeStations, employee.readings, period) : [],
    extraExpense: employee.extraExpense ?? 0,
    extraExpenseEnabled: company.settings.extraExpenseEnabled,
    extraExpenseLimit: company.settings.extraExpenseLimit,
  });
  return { eligible: true, variants, status: initialStatus(variants), payoutMethod: payoutMethod(variants), result };
}
