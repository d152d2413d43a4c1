/**
 * @module The router of an employee's home stations (/users/{userId}/stations…, spec 001 §7.11): reach the
 * employee (home-stations.access.ts), gather the station of our network an online one links, write with
 * an audit row in one batch.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { reachEmployee } from './home-stations.access';
import { create, invoices, list, remove, update } from './home-stations.routes';
import { toHomeStation, toStatement } from './home-stations.schemas';
import {
  deleteHomeStation,
  homeStationOf,
  homeStationsOf,
  insertHomeStation,
  linkableStation,
  statementsOf,
  updateHomeStation,
} from './home-stations.store';

type Ctx = Context<AppEnv>;

const notFound = (c: Ctx) => apiError(c, 404, 'HOME_STATION_NOT_FOUND', 'homeStationNotFound');
const taken = (c: Ctx) => apiError(c, 409, 'HOME_STATION_TAKEN', 'homeStationTaken', { field: 'stationUid' });
const audit = (c: Ctx, action: string, id: number | undefined, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'home_station', entityId: id, detail });
const isUniqueViolation = (err: unknown) =>
  `${String(err)} ${String((err as { cause?: unknown } | null)?.cause ?? '')}`.includes('UNIQUE');

export const homeStationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const reach = await reachEmployee(c, c.req.valid('param').userId, 'read');
    if (reach.error) return reach.error;
    const { is_offline } = c.req.valid('query');
    const rows = await homeStationsOf(
      c.get('db'),
      reach.employee,
      is_offline === undefined ? undefined : is_offline === 'true',
    );
    return c.json({ data: rows.map(toHomeStation) }, 200);
  })
  .openapi(
    create,
    async (c) => {
      const reach = await reachEmployee(c, c.req.valid('param').userId, 'write');
      if (reach.error) return reach.error;
      const body = c.req.valid('json');
      const db = c.get('db');
      const uid = body.stationUid ?? null;
      if (uid === null || uid === '') {
        if (!body.isOffline)
          return apiError(c, 400, 'VALIDATION_FAILED', 'homeStationUidRequired', { field: 'stationUid' });
      }
      let stationId: number | null = null;
      if (uid) {
        const station = await linkableStation(db, authOf(c).scope, reach.employee, uid);
        if (!station)
          return apiError(c, 400, 'VALIDATION_FAILED', 'stationNotFound', { field: 'stationUid', params: { uid } });
        if (station.taken) return taken(c);
        stationId = station.id;
      }
      const values = { name: body.name, stationId, isOffline: body.isOffline, meterSerial: body.meterSerial || null };
      let id: number;
      try {
        id = await insertHomeStation(
          db,
          reach.employee,
          values,
          audit(c, 'home_station.create', undefined, {
            userId: reach.employee.id,
            stationUid: uid,
            isOffline: body.isOffline,
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) return taken(c);
        throw err;
      }
      const row = await homeStationOf(db, reach.employee, id);
      if (!row) throw new Error('created home station not readable');
      return c.json(toHomeStation(row), 201);
    },
    keyedValidation,
  )
  .openapi(
    update,
    async (c) => {
      const { userId, stationId } = c.req.valid('param');
      const reach = await reachEmployee(c, userId, 'write');
      if (reach.error) return reach.error;
      const db = c.get('db');
      const current = await homeStationOf(db, reach.employee, stationId);
      if (!current) return notFound(c);
      const body = c.req.valid('json');
      // Online means reporting over OCPP: a station with no network station linked can only be offline.
      if (body.isOffline === false && current.stationId === null)
        return apiError(c, 400, 'VALIDATION_FAILED', 'homeStationUidRequired', { field: 'isOffline' });
      const change = {
        name: body.name,
        isOffline: body.isOffline,
        meterSerial: body.meterSerial === undefined ? undefined : body.meterSerial || null,
      };
      await updateHomeStation(
        db,
        reach.employee,
        stationId,
        change,
        audit(c, 'home_station.update', stationId, { userId, ...change }),
      );
      const row = await homeStationOf(db, reach.employee, stationId);
      return row ? c.json(toHomeStation(row), 200) : notFound(c);
    },
    keyedValidation,
  )
  .openapi(remove, async (c) => {
    const { userId, stationId } = c.req.valid('param');
    const reach = await reachEmployee(c, userId, 'write');
    if (reach.error) return reach.error;
    const db = c.get('db');
    const current = await homeStationOf(db, reach.employee, stationId);
    if (!current) return notFound(c);
    await deleteHomeStation(
      db,
      reach.employee,
      stationId,
      audit(c, 'home_station.delete', stationId, { userId, stationUid: current.station?.uid ?? null }),
    );
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(invoices, async (c) => {
    const { userId, stationId } = c.req.valid('param');
    const reach = await reachEmployee(c, userId, 'read');
    if (reach.error) return reach.error;
    const db = c.get('db');
    if (!(await homeStationOf(db, reach.employee, stationId))) return notFound(c);
    const rows = await statementsOf(db, reach.employee, stationId);
    return c.json({ data: rows.map(toStatement) }, 200);
  });
