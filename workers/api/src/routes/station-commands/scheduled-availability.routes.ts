/**
 * @module Scheduled availability (issue 4 part 4, ADR 027): a ChangeAvailability (operative /
 * inoperative) of a connector or of the whole station (connector 0) to be sent at a later time.
 * The ChargePoint object stores it and its alarm sends it when due; the answer is written to the
 * customer-service log like an immediate command's. Scheduling and cancelling follow the immediate
 * command's permission (connectors:command:advanced: roles 57, 33 and the admins) and are logged too.
 */

import { connectors, customerServiceLogs, users } from '@db/schema';
import { summarizeOutcome } from '@domain/ocpp/command-outcome';
import { OpenAPIHono, z } from '@hono/zod-openapi';
// Types only: the workers meet through the Durable Object binding.
import type { ScheduleAnswer, ScheduledAvailability } from '@ocpp/charge-point';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { authOf } from '../../middleware/permission';
import { ByUid } from './configuration.routes';
import { chargePointOf, onStation, type Station } from './scope';

/** Later than now by at least this much (a change for "now" is the immediate command). */
export const MIN_LEAD_MS = 60_000;
/** At most this far ahead. */
export const MAX_LEAD_DAYS = 366;

export const ScheduledChange = z
  .object({
    id: z.number(),
    /** OCPP connector number; 0 is the whole station. */
    connector_id: z.number(),
    connector_uid: z.string().nullable(),
    type: z.enum(['Operative', 'Inoperative']),
    due_at: z.string(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    /** scheduled: waiting; fired: sent when due (see result); cancelled. */
    state: z.enum(['scheduled', 'fired', 'cancelled']),
    fired_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    cancelled_by: z.string().nullable(),
    /** Once fired: the charge point's status word, or why nothing was answered (offline, timeout, refused). */
    result: z
      .object({ succeeded: z.boolean(), reply_status: z.string().nullable(), error: z.string().nullable() })
      .nullable(),
  })
  .openapi('ScheduledAvailability');

const ScheduleBody = z
  .object({
    connector_id: z.number().int().min(0, 'Connector 0 is the whole station; numbers are 0 or more'),
    type: z.enum(['Operative', 'Inoperative']),
    at: z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time, e.g. 2026-11-21T22:00:00Z' }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const at = Date.parse(b.at);
    if (at < Date.now() + MIN_LEAD_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['at'],
        message: 'Choose a time at least one minute from now (use the immediate command for now)',
      });
    } else if (at > Date.now() + MAX_LEAD_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['at'], message: `Choose a time within ${MAX_LEAD_DAYS} days` });
    }
  });

const notFound = json(ErrorSchema, 'Station uid: {uid} not found. (Or the scheduled change, or the connector number)');

const list = defineRoute('connectors:view', {
  method: 'get',
  path: '/stations/{uid}/scheduled-availability',
  tags: ['Station commands'],
  summary:
    'Scheduled availability changes of the station: waiting ones (soonest first), then the last 50 sent or cancelled',
  request: { params: ByUid },
  responses: { 200: json(z.object({ data: z.array(ScheduledChange) })), 404: notFound },
});

const create = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/scheduled-availability',
  tags: ['Station commands'],
  summary:
    'Schedules a ChangeAvailability {connector_id (0 = station), type, at}; sent by the charge point object when due. A station offline then is not retried: the change fails as offline and is logged.',
  request: { params: ByUid, body: jsonBody(ScheduleBody) },
  responses: {
    201: json(ScheduledChange),
    404: notFound,
    409: json(ErrorSchema, 'SCHEDULE_REFUSED (e.g. too many waiting changes)'),
  },
});

const cancel = defineRoute('connectors:command:advanced', {
  method: 'delete',
  path: '/stations/{uid}/scheduled-availability/{id}',
  tags: ['Station commands'],
  summary: 'Cancels a waiting scheduled availability change',
  request: { params: ByUid.extend({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: json(ScheduledChange),
    404: notFound,
    409: json(ErrorSchema, 'SCHEDULE_NOT_WAITING: already sent or cancelled'),
  },
});

type Db = AppEnv['Variables']['db'];

/** The API's view of the object's entries: user e-mails and connector uids from D1. */
async function views(db: Db, station: Station, entries: ScheduledAvailability[]) {
  const userIds = [
    ...new Set(entries.flatMap((e) => [e.createdBy, e.cancelledBy]).filter((v): v is number => v !== null)),
  ];
  const [people, plugs] = await Promise.all([
    userIds.length > 0
      ? db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds.slice(0, 90)))
      : [],
    db
      .select({ number: connectors.connectorNumber, uid: connectors.uid })
      .from(connectors)
      .where(eq(connectors.stationId, station.id)),
  ]);
  const email = new Map(people.map((p) => [p.id, p.email]));
  const uid = new Map(plugs.map((p) => [p.number, p.uid]));
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return entries.map((e): z.infer<typeof ScheduledChange> => {
    const summary = e.outcome ? summarizeOutcome(e.outcome) : null;
    return {
      id: e.id,
      connector_id: e.connectorId,
      connector_uid: e.connectorId === 0 ? null : (uid.get(e.connectorId) ?? null),
      type: e.type,
      due_at: new Date(e.dueAt).toISOString(),
      created_at: new Date(e.createdAt).toISOString(),
      created_by: email.get(e.createdBy) ?? null,
      state: e.state,
      fired_at: iso(e.firedAt),
      cancelled_at: iso(e.cancelledAt),
      cancelled_by: e.cancelledBy === null ? null : (email.get(e.cancelledBy) ?? null),
      result: summary
        ? { succeeded: summary.succeeded, reply_status: summary.replyStatus, error: summary.error }
        : null,
    };
  });
}

/** The customer-service log row of scheduling or cancelling (who, what); the send is logged when it fires. */
async function logScheduling(
  c: Context<AppEnv>,
  station: Station,
  action: 'ScheduleChangeAvailability' | 'CancelScheduledChangeAvailability',
  entry: ScheduledAvailability,
) {
  const db = c.get('db');
  const plug =
    entry.connectorId === 0
      ? undefined
      : await db
          .select({ id: connectors.id, evseId: connectors.evseId })
          .from(connectors)
          .where(and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, entry.connectorId)))
          .get();
  await db.insert(customerServiceLogs).values({
    companyId: station.companyId,
    stationId: station.id,
    connectorId: plug?.id ?? null,
    connectorEvseId: plug?.evseId ?? null,
    userId: authOf(c).user.id,
    action,
    detailJson: JSON.stringify({
      request: { connectorId: entry.connectorId, type: entry.type },
      scheduled: { id: entry.id, dueAt: new Date(entry.dueAt).toISOString() },
    }),
    result: 'success',
    errorMessage: null,
  });
}

export const scheduledAvailabilityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      // RPC typing drops the `unknown` reply inside outcomes; the object returns exactly ScheduledAvailability.
      const entries = (await chargePointOf(c, station).scheduledAvailability()) as unknown as ScheduledAvailability[];
      return c.json({ data: await views(c.get('db'), station, entries) }, 200);
    }),
  )
  .openapi(create, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      if (body.connector_id !== 0) {
        const plug = await db
          .select({ id: connectors.id })
          .from(connectors)
          .where(and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, body.connector_id)))
          .get();
        if (!plug) {
          return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', {
            params: { id: `${station.uid}/${body.connector_id}` },
          });
        }
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
      await logScheduling(c, station, 'ScheduleChangeAvailability', answer.schedule);
      const [view] = await views(db, station, [answer.schedule]);
      return c.json(view as z.infer<typeof ScheduledChange>, 201);
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
      await logScheduling(c, station, 'CancelScheduledChangeAvailability', schedule);
      const [view] = await views(c.get('db'), station, [schedule]);
      return c.json(view as z.infer<typeof ScheduledChange>, 200);
    });
  });
