/** @module Shapes of the uptime API (issue 21 part 5, ADR 054): the period, a connector's figure, exclusions, the threshold. */
import {
  type ConnectorUptime,
  EXCLUSION_REASONS,
  isUnderTarget,
  UPTIME_TARGET,
  type UptimeTotals,
} from '@domain/uptime/availability';
import { FAULT_TICKET_MINUTES_MAX, FAULT_TICKET_MINUTES_MIN } from '@domain/uptime/fault-tickets';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

/** The longest period one request reads (a year and a day, for leap years). */
export const MAX_PERIOD_DAYS = 366;
const MINUTE = 60_000;

const instant = (description: string) =>
  z.iso.datetime({ offset: true, error: 'validation' }).openapi({ example: '2026-10-01T00:00:00Z', description });

export const PeriodQuery = z.object({
  from: instant('Start of the period (inclusive); default the first of the previous month, UTC').optional(),
  to: instant('End of the period (exclusive, clipped at now); default the first of this month, UTC').optional(),
});

export const ListQuery = PeriodQuery.extend({
  ...pageQueryFields(50),
  under_target: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: only the connectors under the 97 % target' }),
  station_id: z.coerce.number().int().positive().optional(),
});

export const ConnectorParams = z.object({ connectorId: z.coerce.number().int().positive() });
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const ConnectorUptimeSchema = z
  .object({
    connector_id: z.number(),
    connector_number: z.number(),
    evse_id: z.string().nullable(),
    station_id: z.number(),
    station_uid: z.string(),
    station_name: z.string().nullable(),
    /** 0..1, null when unknown (no status history in the period). */
    availability: z.number().nullable(),
    under_target: z.boolean(),
    observed_minutes: z.number(),
    unavailable_minutes: z.number(),
    excluded_minutes: z.number(),
  })
  .openapi('ConnectorUptime');

export const TotalsSchema = z
  .object({
    availability: z.number().nullable(),
    connectors: z.number(),
    under_target: z.number(),
    unknown: z.number(),
    unavailable_minutes: z.number(),
    excluded_minutes: z.number(),
  })
  .openapi('UptimeTotals');

export const UptimeReport = pageOf(ConnectorUptimeSchema)
  .extend({
    from: z.string(),
    to: z.string(),
    target: z.number(),
    network: TotalsSchema,
    fault_ticket_minutes: z.number(),
  })
  .openapi('UptimeReport');

export const ExclusionSchema = z
  .object({
    id: z.number(),
    station_id: z.number(),
    station_uid: z.string(),
    connector_id: z.number().nullable(),
    evse_id: z.string().nullable(),
    reason: z.enum(EXCLUSION_REASONS),
    note: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string(),
    created_at: z.string(),
  })
  .openapi('UptimeExclusion');

export const ExclusionList = z.object({ data: z.array(ExclusionSchema) }).openapi('UptimeExclusionList');

export const ConnectorDetail = z
  .object({
    from: z.string(),
    to: z.string(),
    target: z.number(),
    connector: ConnectorUptimeSchema,
    station: TotalsSchema,
    exclusions: z.array(ExclusionSchema),
  })
  .openapi('ConnectorUptimeDetail');

export const ExclusionBody = z
  .strictObject({
    station_id: z.number().int().positive(),
    connector_id: z.number().int().positive().nullable().optional(),
    reason: z.enum(EXCLUSION_REASONS, { error: 'uptimeReasonInvalid' }),
    note: z.string().trim().max(500).nullable().optional(),
    starts_at: z.iso.datetime({ offset: true, error: 'validation' }),
    ends_at: z.iso.datetime({ offset: true, error: 'validation' }),
  })
  .openapi('UptimeExclusionBody');

export const SettingsBody = z
  .strictObject({
    fault_ticket_minutes: z
      .number()
      .int()
      .min(FAULT_TICKET_MINUTES_MIN, { error: 'uptimeThresholdInvalid' })
      .max(FAULT_TICKET_MINUTES_MAX, { error: 'uptimeThresholdInvalid' }),
  })
  .openapi('UptimeSettings');

export interface ConnectorRow {
  id: number;
  connector_number: number;
  evse_id: string | null;
  station_id: number;
  station_uid: string;
  station_name: string | null;
  /** Epoch ms the station was disconnected and still is; null when connected. */
  offline_since: number | null;
}

export interface ExclusionRow {
  id: number;
  station_id: number;
  station_uid: string;
  connector_id: number | null;
  evse_id: string | null;
  reason: (typeof EXCLUSION_REASONS)[number];
  note: string | null;
  starts_at: number;
  ends_at: number;
  created_at: number;
}

const minutes = (ms: number) => Math.round(ms / MINUTE);
const iso = (ms: number) => new Date(ms).toISOString();

export function toConnectorUptime(row: ConnectorRow, u: ConnectorUptime): z.infer<typeof ConnectorUptimeSchema> {
  return {
    connector_id: row.id,
    connector_number: row.connector_number,
    evse_id: row.evse_id,
    station_id: row.station_id,
    station_uid: row.station_uid,
    station_name: row.station_name,
    availability: u.availability,
    under_target: isUnderTarget(u.availability),
    observed_minutes: minutes(u.observedMs),
    unavailable_minutes: minutes(u.unavailableMs),
    excluded_minutes: minutes(u.excludedMs),
  };
}

export function toTotals(t: UptimeTotals): z.infer<typeof TotalsSchema> {
  return {
    availability: t.availability,
    connectors: t.connectors,
    under_target: t.underTarget,
    unknown: t.unknown,
    unavailable_minutes: minutes(t.unavailableMs),
    excluded_minutes: minutes(t.excludedMs),
  };
}

export function toExclusion(r: ExclusionRow): z.infer<typeof ExclusionSchema> {
  return { ...r, starts_at: iso(r.starts_at), ends_at: iso(r.ends_at), created_at: iso(r.created_at) };
}

export { UPTIME_TARGET };
