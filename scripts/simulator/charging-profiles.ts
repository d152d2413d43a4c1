/**
 * @module Installed charging profiles of one charge point: Set/Clear rules, the limit in force now
 * and a composite schedule (pure). Simplified: recurring profiles restart at their validFrom, and
 * the composite takes the strictest of ChargePointMax and the highest-stack Tx(Default) profile.
 */

export interface ChargingSchedulePeriod {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: ChargingSchedulePeriod[];
    minChargingRate?: number;
  };
}

export interface InstalledProfile {
  connectorId: number;
  profile: ChargingProfile;
  /** When the profile (or, for Relative ones, the transaction) started; schedules count from here. */
  installedAt: number;
}

export interface ClearFilter {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: string;
  stackLevel?: number;
}

/** Stores a profile, replacing one with the same id or the same purpose and stack level on the connector. */
export function installProfile(list: InstalledProfile[], next: InstalledProfile): InstalledProfile[] {
  return [
    ...list.filter(
      (p) =>
        p.profile.chargingProfileId !== next.profile.chargingProfileId &&
        !(
          p.connectorId === next.connectorId &&
          p.profile.stackLevel === next.profile.stackLevel &&
          p.profile.chargingProfilePurpose === next.profile.chargingProfilePurpose
        ),
    ),
    next,
  ];
}

export function clearProfiles(list: InstalledProfile[], f: ClearFilter): { kept: InstalledProfile[]; removed: number } {
  const matches = (p: InstalledProfile) =>
    f.id !== undefined
      ? p.profile.chargingProfileId === f.id
      : (f.connectorId === undefined || p.connectorId === f.connectorId) &&
        (f.chargingProfilePurpose === undefined || p.profile.chargingProfilePurpose === f.chargingProfilePurpose) &&
        (f.stackLevel === undefined || p.profile.stackLevel === f.stackLevel);
  const kept = list.filter((p) => !matches(p));
  return { kept, removed: list.length - kept.length };
}

function toWatts(limit: number, unit: 'A' | 'W', phases: number, voltage: number): number {
  return unit === 'W' ? limit : limit * voltage * phases;
}

/** The limit of one profile `now` (ms), in W, or undefined when the profile is not in force. */
function limitAt(p: InstalledProfile, now: number, voltage: number): number | undefined {
  const { profile } = p;
  if (profile.validFrom && Date.parse(profile.validFrom) > now) return undefined;
  if (profile.validTo && Date.parse(profile.validTo) <= now) return undefined;
  const schedule = profile.chargingSchedule;
  const start = schedule.startSchedule ? Date.parse(schedule.startSchedule) : p.installedAt;
  let offset = (now - start) / 1000;
  if (profile.chargingProfileKind === 'Recurring') offset %= profile.recurrencyKind === 'Weekly' ? 604_800 : 86_400;
  if (offset < 0 || (schedule.duration !== undefined && offset >= schedule.duration)) return undefined;
  const period = [...schedule.chargingSchedulePeriod].reverse().find((s) => s.startPeriod <= offset);
  if (!period) return undefined;
  return toWatts(period.limit, schedule.chargingRateUnit, period.numberPhases ?? 3, voltage);
}

function strongest(list: InstalledProfile[], purpose: string, connectorId: number, now: number, voltage: number) {
  const candidates = list
    .filter(
      (p) => p.profile.chargingProfilePurpose === purpose && (p.connectorId === connectorId || p.connectorId === 0),
    )
    .sort((a, b) => b.profile.stackLevel - a.profile.stackLevel);
  for (const p of candidates) {
    const limit = limitAt(p, now, voltage);
    if (limit !== undefined) return limit;
  }
  return undefined;
}

/** The power limit (W) on a connector now: hardware max, ChargePointMax, then TxProfile over TxDefault. */
export function effectiveLimitW(
  list: InstalledProfile[],
  connectorId: number,
  hardwareMaxW: number,
  now: number,
  voltage = 230,
): number {
  const tx =
    strongest(list, 'TxProfile', connectorId, now, voltage) ??
    strongest(list, 'TxDefaultProfile', connectorId, now, voltage);
  const max = strongest(list, 'ChargePointMaxProfile', 0, now, voltage);
  return Math.min(hardwareMaxW, tx ?? Number.POSITIVE_INFINITY, max ?? Number.POSITIVE_INFINITY);
}

/** A composite schedule sampled per minute over `duration` seconds, periods merged where equal. */
export function compositeSchedule(
  list: InstalledProfile[],
  connectorId: number,
  duration: number,
  unit: 'A' | 'W',
  hardwareMaxW: number,
  now: number,
  voltage = 230,
) {
  const periods: ChargingSchedulePeriod[] = [];
  const step = Math.max(60, Math.ceil(duration / 24 / 60) * 60);
  for (let t = 0; t < duration; t += step) {
    const watts = effectiveLimitW(list, connectorId, hardwareMaxW, now + t * 1000, voltage);
    const limit = unit === 'W' ? Math.round(watts) : Math.round((watts / voltage / 3) * 10) / 10;
    if (periods.at(-1)?.limit !== limit) periods.push({ startPeriod: t, limit });
  }
  return {
    duration,
    startSchedule: new Date(now).toISOString(),
    chargingRateUnit: unit,
    chargingSchedulePeriod: periods,
  };
}
