/** @module Shapes of the OCPP station log (spec 7.16): the filters, one entry, and the page answered. */

import { STATION_LOG_EVENT_TYPES, STATION_LOG_MAX_LIMIT, type StationLogEntry } from '@domain/ocpp/station-log';
import { CHARGE_POINT_ERROR_CODES } from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';

/** A UTC date or date-time: `2026-11-21`, `2026-11-21T08:00`, `2026-11-21T08:00:00Z`, or with an offset. */
const UTC_DATE = /^\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?(?:Z|[+-]\d\d:\d\d)?)?$/;

function parseUtc(value: string): number {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date.parse rolls 2026-02-30 over into March; a day that does not exist is refused instead.
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) return Number.NaN;
  const iso = value.replace(' ', 'T');
  const zoned = iso.length === 10 ? `${iso}T00:00:00Z` : /Z|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`;
  return Date.parse(zoned);
}

const UtcInstant = z
  .string()
  .regex(UTC_DATE, 'Use a UTC date or date-time, e.g. 2026-11-21 or 2026-11-21T08:00:00Z')
  .refine((v) => Number.isFinite(parseUtc(v)), 'Not a real date')
  .transform(parseUtc);

export const LogQuery = z
  .object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(STATION_LOG_MAX_LIMIT, `At most ${STATION_LOG_MAX_LIMIT} entries`)
      .default(STATION_LOG_MAX_LIMIT),
    from: UtcInstant.optional().openapi({ description: 'UTC start (inclusive); entries are returned from it onwards' }),
    to: UtcInstant.optional().openapi({ description: 'UTC end (inclusive)' }),
    chargingpoint_error_code_id: z.enum(CHARGE_POINT_ERROR_CODES).optional(),
    station_log_event_type_id: z.enum(STATION_LOG_EVENT_TYPES).optional(),
    order: z.enum(['desc', 'asc']).default('desc').openapi({
      description: 'Order of the entries of the window: newest first (default) or oldest first',
    }),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type LogQuery = z.infer<typeof LogQuery>;

export const ConnectorLogParams = z.object({
  stationUid: z.string().min(1).max(100),
  connectorUid: z.string().min(1).max(100),
});
export const StationLogParams = z.object({ uid: z.string().min(1).max(100) });

const Entry = z
  .object({
    id: z.number(),
    /** UTC, ISO 8601. */
    created_at: z.string(),
    direction: z.enum(['in', 'out', 'internal']),
    message_type: z.number().nullable(),
    message_id: z.string().nullable(),
    action: z.string().nullable(),
    connector_id: z.number().nullable(),
    chargingpoint_error_code_id: z.string().nullable(),
    station_log_event_type_id: z.string(),
    payload: z.string().nullable(),
  })
  .openapi('StationLogEntry');

export const LogPage = z
  .object({
    station: z.object({ id: z.number(), uid: z.string(), name: z.string().nullable() }),
    connector: z
      .object({ id: z.number(), uid: z.string(), evse_id: z.string().nullable(), connector_number: z.number() })
      .nullable(),
    /** The filters as applied (dates in UTC). */
    filters: z.object({
      limit: z.number(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      chargingpoint_error_code_id: z.string().nullable(),
      station_log_event_type_id: z.string().nullable(),
      order: z.enum(['desc', 'asc']),
    }),
    data: z.array(Entry),
  })
  .openapi('StationLog');

/** The filters as the answer repeats them (dates in UTC). */
export function appliedFilters(q: LogQuery) {
  return {
    limit: q.limit,
    from: q.from === undefined ? null : new Date(q.from).toISOString(),
    to: q.to === undefined ? null : new Date(q.to).toISOString(),
    chargingpoint_error_code_id: q.chargingpoint_error_code_id ?? null,
    station_log_event_type_id: q.station_log_event_type_id ?? null,
    order: q.order,
  };
}

/** One frame of the ChargePoint object's log as the API answers it. */
export function toEntry(e: StationLogEntry): z.infer<typeof Entry> {
  return {
    id: e.id,
    created_at: e.at,
    direction: e.direction,
    message_type: e.messageType,
    message_id: e.messageId,
    action: e.action,
    connector_id: e.connectorId,
    chargingpoint_error_code_id: e.errorCode,
    station_log_event_type_id: e.eventType,
    payload: e.frame,
  };
}
