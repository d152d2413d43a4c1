/**
 * @module The OCPP station log (spec 7.16): `GET /station-log/{stationUid}/{connectorUid}` and
 * `GET /stations/{uid}/ocpp-log`. The frames live in each station's ChargePoint object (its own
 * SQLite, capped and aged out there); this router checks scope and filters, then asks the object.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { logWindowInOrder, type StationLogEntry, type StationLogQuery } from '@domain/ocpp/station-log';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { connectorLog, stationLog } from './log.routes';
import { appliedFilters, type LogQuery, toEntry } from './log.schemas';
import { connectorOnStation, stationByUid } from './log.store';

async function readLog(c: Context<AppEnv>, stationUid: string, q: LogQuery, connectorId?: number) {
  const query: StationLogQuery = {
    limit: q.limit,
    ...(q.from !== undefined ? { from: q.from } : {}),
    ...(q.to !== undefined ? { to: q.to } : {}),
    ...(q.chargingpoint_error_code_id ? { errorCode: q.chargingpoint_error_code_id } : {}),
    ...(q.station_log_event_type_id ? { eventType: q.station_log_event_type_id } : {}),
    ...(connectorId !== undefined ? { connectorId } : {}),
  };
  const stub = c.env.CHARGE_POINTS.get(c.env.CHARGE_POINTS.idFromName(stationUid));
  const window = (await stub.frameLog(query)) as StationLogEntry[];
  return { filters: appliedFilters(q), data: logWindowInOrder(window, q.order).map(toEntry) };
}

export const logRoutes = new OpenAPIHono<AppEnv>()
  .openapi(connectorLog, async (c) => {
    const { stationUid, connectorUid } = c.req.valid('param');
    const row = await connectorOnStation(c.get('db'), await callerScope(c), stationUid, connectorUid);
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
    const station = await stationByUid(c.get('db'), await callerScope(c), uid);
    if (!station) return apiError(c, 404, 'STATION_NOT_FOUND', 'notFound');
    const log = await readLog(c, station.uid, c.req.valid('query'));
    return c.json({ station, connector: null, ...log }, 200);
  });
