/**
 * @module The OCPP station log (spec 7.16): `GET /station-log/{stationUid}/{connectorUid}` and
 * `GET /stations/{uid}/ocpp-log`. The frames live in each station's ChargePoint object (its own
 * SQLite, capped and aged out there); this route checks scope and filters, then asks the object.
 */

import { stationInScope } from '@db/queries/stations.store';
import { connectors, stations } from '@db/schema';
import {
  STATION_LOG_EVENT_TYPES,
  STATION_LOG_MAX_LIMIT,
  type StationLogEntry,
  type StationLogQuery,
} from '@domain/ocpp/station-log';
import { CHARGE_POINT_ERROR_CODES } from '@domain/stations/statuses';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';

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

const LogQuery = z
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

const LogPage = z
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

const connectorLog = defineRoute('connectors:logs', {
  method: 'get',
  path: '/station-log/{stationUid}/{connectorUid}',
  tags: ['Maintenance'],
  summary:
    'OCPP log of a connector (its frames and the station-wide ones): at most 200 entries from `from` (without `from`, the latest), newest first unless `order=asc`, dates in UTC',
  request: {
    params: z.object({ stationUid: z.string().min(1).max(100), connectorUid: z.string().min(1).max(100) }),
    query: LogQuery,
  },
  responses: { 200: json(LogPage), 404: json(ErrorSchema, 'Connector id: {id} not found.') },
});

const stationLog = defineRoute('connectors:logs', {
  method: 'get',
  path: '/stations/{uid}/ocpp-log',
  tags: ['Maintenance'],
  summary:
    'OCPP log of a station, every connector: at most 200 entries from `from` (UTC), newest first unless `order=asc`, with the same filters',
  request: { params: z.object({ uid: z.string().min(1).max(100) }), query: LogQuery },
  responses: { 200: json(LogPage), 404: json(ErrorSchema, 'Station not found') },
});

type Query = z.infer<typeof LogQuery>;

async function scope(c: Context<AppEnv>) {
  const db = c.get('db');
  const ids = await callerScope(c);
  return { db, inScope: stationInScope(ids) };
}

async function readLog(c: Context<AppEnv>, stationUid: string, q: Query, connectorId?: number) {
  const query: StationLogQuery = {
    limit: q.limit,
    ...(q.from !== undefined ? { from: q.from } : {}),
    ...(q.to !== undefined ? { to: q.to } : {}),
    ...(q.chargingpoint_error_code_id ? { errorCode: q.chargingpoint_error_code_id } : {}),
    ...(q.station_log_event_type_id ? { eventType: q.station_log_event_type_id } : {}),
    ...(connectorId !== undefined ? { connectorId } : {}),
  };
  const stub = c.env.CHARGE_POINTS.get(c.env.CHARGE_POINTS.idFromName(stationUid));
  // The object answers the window (200 entries from `from`, or the latest) oldest first; operators
  // read newest first, so the window is only reversed here (keys increase with time).
  const window = (await stub.frameLog(query)) as StationLogEntry[];
  const entries = [...window].sort((a, b) => (q.order === 'asc' ? a.id - b.id : b.id - a.id));
  return {
    filters: {
      limit: q.limit,
      from: q.from === undefined ? null : new Date(q.from).toISOString(),
      to: q.to === undefined ? null : new Date(q.to).toISOString(),
      chargingpoint_error_code_id: q.chargingpoint_error_code_id ?? null,
      station_log_event_type_id: q.station_log_event_type_id ?? null,
      order: q.order,
    },
    data: entries.map((e) => ({
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
    })),
  };
}

export const stationLogRoutes = new OpenAPIHono<AppEnv>()
  .openapi(connectorLog, async (c) => {
    const { stationUid, connectorUid } = c.req.valid('param');
    const { db, inScope } = await scope(c);
    const row = await db
      .select({ connector: connectors, station: stations })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(and(eq(connectors.uid, connectorUid), eq(stations.uid, stationUid), inScope))
      .get();
    if (!row) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: connectorUid } });
    const log = await readLog(c, row.station.uid, c.req.valid('query'), row.connector.connectorNumber);
    return c.json(
      {
        station: { id: row.station.id, uid: row.station.uid, name: row.station.name },
        connector: {
          id: row.connector.id,
          uid: row.connector.uid,
          evse_id: row.connector.evseId,
          connector_number: row.connector.connectorNumber,
        },
        ...log,
      },
      200,
    );
  })
  .openapi(stationLog, async (c) => {
    const { uid } = c.req.valid('param');
    const { db, inScope } = await scope(c);
    const station = await db
      .select({ id: stations.id, uid: stations.uid, name: stations.name })
      .from(stations)
      .where(and(eq(stations.uid, uid), inScope))
      .get();
    if (!station) return apiError(c, 404, 'STATION_NOT_FOUND', 'notFound');
    const log = await readLog(c, station.uid, c.req.valid('query'));
    return c.json({ station, connector: null, ...log }, 200);
  });
