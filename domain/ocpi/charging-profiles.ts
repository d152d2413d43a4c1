/**
 * @module OCPI 2.2.1 ChargingProfiles module (mod_charging_profiles.asciidoc) as zod schemas, and the
 * pure mapping between OCPI and OCPP 1.6 smart charging: a SetChargingProfile becomes a TxProfile on the
 * session's transaction with every limit capped at the site's share (ADR 059: never over the site), a
 * GetCompositeSchedule reply becomes the ActiveChargingProfile, and the charge point's answer becomes the
 * ChargingProfileResultType posted to the partner's `response_url`. The OCPP worker gives a 2.0.1 station
 * the 2.0.1 form of the same 1.6 commands.
 */
import { z } from 'zod';
import { ciString, ocpiDateTime, ocpiUrl } from './schemas';
import { ocpiTime } from './tokens';

export const ChargingRateUnit = z.enum(['W', 'A']);
export const ChargingProfileResponseType = z.enum([
  'ACCEPTED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TOO_OFTEN',
  'UNKNOWN_SESSION',
]);
export const ChargingProfileResultType = z.enum(['ACCEPTED', 'REJECTED', 'UNKNOWN']);
/** types: number with at most one digit fraction (limits and min_charging_rate). */
const rate = z
  .number()
  .nonnegative()
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'at most one digit fraction');

export const ChargingProfilePeriod = z.object({ start_period: z.number().int().nonnegative(), limit: rate });
export const ChargingProfile = z.object({
  start_date_time: ocpiDateTime.optional(),
  duration: z.number().int().positive().optional(),
  charging_rate_unit: ChargingRateUnit,
  min_charging_rate: rate.optional(),
  charging_profile_period: z
    .array(ChargingProfilePeriod)
    .optional()
    .refine(
      (periods) => !periods || periods.every((p, i) => i === 0 || p.start_period > (periods[i - 1]?.start_period ?? 0)),
      'start_period must increase',
    ),
});
export const SetChargingProfile = z.object({ charging_profile: ChargingProfile, response_url: ocpiUrl });
export const ActiveChargingProfile = z.object({ start_date_time: ocpiDateTime, charging_profile: ChargingProfile });
export const ChargingProfileResponse = z.object({
  result: ChargingProfileResponseType,
  timeout: z.number().int().nonnegative(),
});
export const ActiveChargingProfileResult = z.object({
  result: ChargingProfileResultType,
  profile: ActiveChargingProfile.optional(),
});
export const ChargingProfileResult = z.object({ result: ChargingProfileResultType });
export const ClearProfileResult = z.object({ result: ChargingProfileResultType });
/** The GET and DELETE parameters (URL): session id, duration in seconds, response_url. */
export const SessionIdParam = ciString(36).min(1);
export const ActiveQuery = z.object({
  duration: z.coerce.number().int().positive().max(86_400),
  response_url: ocpiUrl,
});
export const ClearQuery = z.object({ response_url: ocpiUrl });

export type ChargingProfile = z.infer<typeof ChargingProfile>;
export type ActiveChargingProfile = z.infer<typeof ActiveChargingProfile>;
export type ChargingProfileResultType = z.infer<typeof ChargingProfileResultType>;

/**
 * Our profile id for a connector's OCPI profile, and its stack level. Never one of the site's ids
 * (59000–59999): at a managed site the ChargePoint keeps this TxProfile as the operator's ceiling and the
 * site stacks its own share above it, at most this profile's lowest limit (ADR 059 addendum).
 */
export const OCPI_PROFILE_ID_BASE = 22_000;
export const OCPI_PROFILE_STACK_LEVEL = 6;

/** How a managed site bounds a session: its share in A per phase, and how to turn W into A. */
export interface SiteCap {
  shareA: number;
  phases: number;
  voltage: number;
}

const floor1 = (n: number) => Math.floor(n * 10 + 1e-9) / 10;

/** A limit in the profile's unit capped at the share (W: share × voltage × phases, 3 phases when unknown). */
export function capLimit(limit: number, unit: 'W' | 'A', cap: SiteCap | null): number {
  if (!cap) return floor1(limit);
  const max = unit === 'A' ? cap.shareA : cap.shareA * cap.voltage * cap.phases;
  return floor1(Math.min(limit, max));
}

/**
 * The OCPP 1.6 SetChargingProfile of a partner's profile on a session: TxProfile on its transaction,
 * Absolute from `start_date_time` or Relative to the start of charging, every limit capped at the site's
 * share when the station is at a managed site (so the profile never asks for more than the site gives).
 */
export function ocppSetProfile(
  p: ChargingProfile,
  at: { connectorId: number; transactionId: number },
  cap: SiteCap | null,
) {
  const periods = (p.charging_profile_period ?? []).map((x) => ({
    startPeriod: x.start_period,
    limit: capLimit(x.limit, p.charging_rate_unit, cap),
  }));
  const schedule = {
    ...(p.duration !== undefined ? { duration: p.duration } : {}),
    ...(p.start_date_time !== undefined ? { startSchedule: new Date(ocpiTime(p.start_date_time)).toISOString() } : {}),
    chargingRateUnit: p.charging_rate_unit,
    chargingSchedulePeriod:
      periods.length > 0 ? periods : [{ startPeriod: 0, limit: capLimit(Infinity, p.charging_rate_unit, cap) }],
    ...(p.min_charging_rate !== undefined
      ? { minChargingRate: capLimit(p.min_charging_rate, p.charging_rate_unit, cap) }
      : {}),
  };
  return {
    connectorId: at.connectorId,
    csChargingProfiles: {
      chargingProfileId: OCPI_PROFILE_ID_BASE + at.connectorId,
      transactionId: at.transactionId,
      stackLevel: OCPI_PROFILE_STACK_LEVEL,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: p.start_date_time !== undefined ? 'Absolute' : 'Relative',
      chargingSchedule: schedule,
    },
  };
}

interface Composite16 {
  status?: string;
  scheduleStart?: string;
  chargingSchedule?: {
    duration?: number;
    chargingRateUnit?: string;
    chargingSchedulePeriod?: { startPeriod: number; limit: number }[];
    minChargingRate?: number;
  };
}

/** OCPI DateTime of an instant: seconds precision, Z. */
const ocpiNow = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * The ActiveChargingProfileResult of a GetCompositeSchedule reply (1.6 shape; the 2.0.1 reply is turned
 * into it by the OCPP worker): ACCEPTED with the schedule as ActiveChargingProfile, REJECTED otherwise.
 */
export function activeProfileResult(reply: unknown, now: number): z.infer<typeof ActiveChargingProfileResult> {
  const r = (reply ?? {}) as Composite16;
  const s = r.chargingSchedule;
  const unit = ChargingRateUnit.safeParse(s?.chargingRateUnit);
  if (r.status !== 'Accepted' || !s || !unit.success) return { result: 'REJECTED' };
  const start = r.scheduleStart && Number.isFinite(Date.parse(r.scheduleStart)) ? Date.parse(r.scheduleStart) : now;
  return {
    result: 'ACCEPTED',
    profile: {
      start_date_time: ocpiNow(start),
      charging_profile: {
        charging_rate_unit: unit.data,
        ...(s.duration !== undefined ? { duration: s.duration } : {}),
        ...(s.minChargingRate !== undefined ? { min_charging_rate: floor1(s.minChargingRate) } : {}),
        charging_profile_period: (s.chargingSchedulePeriod ?? []).map((x) => ({
          start_period: x.startPeriod,
          limit: floor1(x.limit),
        })),
      },
    },
  };
}

/** What the charge point's answer to SetChargingProfile / ClearChargingProfile means for the partner. */
export function profileResultOf(outcome: { status: string; replyStatus?: string | null }): ChargingProfileResultType {
  if (outcome.status !== 'accepted') return 'REJECTED';
  if (outcome.replyStatus === 'Accepted') return 'ACCEPTED';
  // ClearChargingProfile: Unknown (no profile matched); SetChargingProfile: Rejected or NotSupported.
  return outcome.replyStatus === 'Unknown' ? 'UNKNOWN' : 'REJECTED';
}

/** At most this many requests per session and minute; more answer TOO_OFTEN. */
export const MAX_REQUESTS_PER_MINUTE = 10;
