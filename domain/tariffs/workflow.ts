/**
 * @module The tariff workflow's rules (spec 7.21): a pending tariff may be edited, have its
 * components replaced, be deleted or approved; an approved one is immutable and changes by a new
 * version, which joins the chain of its first version; an MPS entry may point only to an approved
 * tariff of its own type. Also the sample session the preview prices.
 */
import type { TariffStatus, TariffType } from './model';

export type TariffChange = 'edit' | 'new-version';
export type WorkflowRefusal = 'not-pending' | 'not-approved';

/** Why the tariff may not take `change` in its status, or null when it may. */
export function workflowRefusal(status: TariffStatus, change: TariffChange): WorkflowRefusal | null {
  if (change === 'edit') return status === 'pending' ? null : 'not-pending';
  return status === 'approved' ? null : 'not-approved';
}

/** Whether an MPS entry of `type` may point to the tariff: approved and of that type. */
export function mpsTargetAllowed(tariff: { status: TariffStatus; type: TariffType }, type: TariffType): boolean {
  return tariff.status === 'approved' && tariff.type === type;
}

/**
 * The chain a new version joins (the id of the first version) and its number: one above the
 * highest of the chain (`latestVersion`, when the chain has been read), else one above the tariff's.
 */
export function nextVersion(
  tariff: { id: number; version: number; versionOf: number | null },
  latestVersion: number | null,
): { root: number; version: number } {
  return { root: tariff.versionOf ?? tariff.id, version: (latestVersion ?? tariff.version) + 1 };
}

export interface PreviewSample {
  /** ISO start of the sample session. */
  start: string;
  charging_minutes: number;
  idle_minutes: number;
  kwh: number;
}

/** The sample session as the pricing engine's periods: charging at a constant power, then idle. */
export function samplePeriods(sample: PreviewSample) {
  const start = Date.parse(sample.start);
  const chargeEnd = start + sample.charging_minutes * 60_000;
  const end = chargeEnd + sample.idle_minutes * 60_000;
  const energyWh = Math.round(sample.kwh * 1000);
  const periods = [];
  if (chargeEnd > start || energyWh > 0) {
    const ms = Math.max(chargeEnd - start, 1);
    periods.push({ start, end: chargeEnd, energyWh, powerW: Math.round((energyWh * 3_600_000) / ms), charging: true });
  }
  if (end > chargeEnd) periods.push({ start: chargeEnd, end, energyWh: 0, powerW: 0, charging: false });
  return { start, end, periods };
}
