/**
 * @module Scheduled availability (issue 4 part 4, ADR 027): a ChangeAvailability (operative /
 * inoperative) of a connector or of the whole station (connector 0) to be sent at a later time.
 * The ChargePoint object stores it and its alarm sends it when due; the answer is written to the
 * customer-service log like an immediate command's. Scheduling and cancelling follow the immediate
 * command's permission (connectors:command:advanced: roles 57, 33 and the admins) and are logged too.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { chargePointOf, onStation, type Station } from '@api/lib/station-scope';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
// Types only: the workers meet through the Durable Object binding.
import type { ScheduleAnswer, ScheduledAvailability } from '@ocpp/charge-point';
import type { Context } from 'hono';
import { cancel, create, list } from './scheduled-availability.routes';
import { type ScheduledChange, toScheduledChange } from './scheduled-availability.schemas';
import { connectorOfStation, logScheduling, namesOf } from './scheduled-availability.store';

async function views(c: Context<AppEnv>, station: Station, entries: ScheduledAvailability[]) {
  const userIds = [
    ...new Set(entries.flatMap((e) => [e.createdBy, e.cancelledBy]).filter((v): v is number => v !== null)),
  ];
  const { email, connectorUid } = await namesOf(c.get('db'), station, userIds);
  return entries.map((e) => toScheduledChange(e, email, connectorUid));
}

function logged(
  c: Context<AppEnv>,
  station: Station,
  action: 'ScheduleChangeAvailability' | 'CancelScheduledChangeAvailability',
  entry: ScheduledAvailability,
) {
  const { connectorId, type, id, dueAt } = entry;
  return logScheduling(c.get('db'), station, { action, userId: authOf(c).user.id, connectorId, type, id, dueAt });
}

export const scheduledAvailabilityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      // RPC typing drops the `unknown` reply inside outcomes; the object returns exactly ScheduledAvailability.
      const entries = (await chargePointOf(c, station).scheduledAvailability()) as unknown as ScheduledAvailability[];
      return c.json({ data: await views(c, station, entries) }, 200);
    }),
  )
  .openapi(create, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const body = c.req.valid('json');
      if (body.connector_id !== 0 && !(await connectorOfStation(c.get('db'), station, body.connector_id))) {
        return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', {
          params: { id: `${station.uid}/${body.connector_id}` },
        });
      }
      const answer = (await chargePointOf(c, station).scheduleAvailability({
        stationId: station.id,
        connectorId: body.connector_id,
        type: body.type,
        dueAt: Date.parse(body.at),
        userId: authOf(c).user.id,
      })) as unknown as ScheduleAnswer;
      if (!answer.ok) {
        return apiError(c, 409, 'SCHEDULE_REFUSED', 'scheduleRefused', { params: { reason: answer.description } });
      }
      await logged(c, station, 'ScheduleChangeAvailability', answer.schedule);
      const [view] = await views(c, station, [answer.schedule]);
      return c.json(view as ScheduledChange, 201);
    }),
  )
  .openapi(cancel, (c) => {
    const { uid, id } = c.req.valid('param');
    return onStation(c, uid, async (station) => {
      const { cancelled, schedule } = (await chargePointOf(c, station).cancelScheduledAvailability(
        id,
        authOf(c).user.id,
      )) as unknown as { cancelled: boolean; schedule: ScheduledAvailability | null };
      if (!schedule) return apiError(c, 404, 'SCHEDULE_NOT_FOUND', 'scheduleNotFound', { params: { id } });
      if (!cancelled) return apiError(c, 409, 'SCHEDULE_NOT_WAITING', 'scheduleNotWaiting');
      await logged(c, station, 'CancelScheduledChangeAvailability', schedule);
      const [view] = await views(c, station, [schedule]);
      return c.json(view as ScheduledChange, 200);
    });
  });
