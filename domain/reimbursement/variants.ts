/**
 * @module The company's reimbursement settings and what each variant changes (ADR 046). A variant is a
 * flag of the company's settings row and counts only while the company has its service setting:
 * contract approval and skip document upload (48), offline-station process (49), payment provider
 * flow (45), fleet rule set (51). Setting 25 turns the feature on at all.
 */
import { SERVICE } from '../permissions/service-settings';
import type { ReimbursementStatus } from './statuses';

export interface ReimbursementSettings {
  active: boolean;
  type: 'company' | 'employee';
  /** Milli-minor units per kWh. */
  flatTariff: number | null;
  flatTariffValidFrom: string | null;
  extraExpenseEnabled: boolean;
  extraExpenseLimit: number | null;
  feeBasisPoints: number;
  contractApproval: boolean;
  paymentProviderFlow: boolean;
  offlineStationProcess: boolean;
  skipDocumentUpload: boolean;
  fleetRuleSet: boolean;
}

export const VARIANTS = [
  'contractApproval',
  'skipDocumentUpload',
  'offlineStationProcess',
  'paymentProviderFlow',
  'fleetRuleSet',
] as const;
export type Variant = (typeof VARIANTS)[number];

export const VARIANT_SERVICE: Record<Variant, number> = {
  contractApproval: SERVICE.HOME_REIMBURSEMENT_VARIANT_A,
  skipDocumentUpload: SERVICE.HOME_REIMBURSEMENT_VARIANT_A,
  offlineStationProcess: SERVICE.HOME_REIMBURSEMENT_VARIANT_B,
  paymentProviderFlow: SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT,
  fleetRuleSet: SERVICE.HOME_REIMBURSEMENT_FLEET,
};

export type Variants = Record<Variant, boolean>;

/** The variants in force: the flag set and its service setting on. */
export function variantsInForce(settings: Pick<ReimbursementSettings, Variant>, services: readonly number[]): Variants {
  const out = {} as Variants;
  for (const v of VARIANTS) out[v] = settings[v] && services.includes(VARIANT_SERVICE[v]);
  return out;
}

/** Reimbursement runs for the company: setting 25 on and the settings row active. */
export function reimbursementActive(settings: { active: boolean } | null, services: readonly number[]): boolean {
  return (settings?.active ?? false) && services.includes(SERVICE.HOME_REIMBURSEMENT);
}

export interface EmployeeFacts {
  homeReimbursementEvfleet: boolean;
  docUploadNotMandatory: boolean;
  /** An approved power contract on file. */
  hasApprovedContract: boolean;
  /** At least one home station that counts: online, or offline under the offline-station process. */
  homeStations: { isOffline: boolean }[];
}

export type Ineligible = 'not_flagged' | 'no_approved_contract' | 'no_home_station';

/** Documents are not mandatory for this employee (company variant or the user's own flag). */
export function documentsOptional(employee: Pick<EmployeeFacts, 'docUploadNotMandatory'>, variants: Variants) {
  return variants.skipDocumentUpload || employee.docUploadNotMandatory;
}

/** Whether the monthly job computes a reimbursement for this employee, and if not, why. */
export function eligibility(
  employee: EmployeeFacts,
  variants: Variants,
): { eligible: true } | { eligible: false; reason: Ineligible } {
  if (variants.fleetRuleSet && !employee.homeReimbursementEvfleet) return { eligible: false, reason: 'not_flagged' };
  const stations = employee.homeStations.filter((s) => !s.isOffline || variants.offlineStationProcess);
  if (stations.length === 0) return { eligible: false, reason: 'no_home_station' };
  if (variants.contractApproval && !employee.hasApprovedContract && !documentsOptional(employee, variants))
    return { eligible: false, reason: 'no_approved_contract' };
  return { eligible: true };
}

/** Where a new month starts: the fleet rule set skips the employee's validation. */
export function initialStatus(variants: Variants): ReimbursementStatus {
  return variants.fleetRuleSet ? 'validated_by_user' : 'pending_approval';
}

/** How approved reimbursements are paid. */
export function payoutMethod(variants: Variants): 'stripe' | 'bank_transfer' {
  return variants.paymentProviderFlow ? 'stripe' : 'bank_transfer';
}

/** The company's fee on an amount, in basis points, rounded half away from zero. */
export function feeOf(amount: number, feeBasisPoints: number): number {
  return Math.round((amount * feeBasisPoints) / 10_000);
}
