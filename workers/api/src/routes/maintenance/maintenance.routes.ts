/** @module Maintenance commands of spec 7.16/7.17 and the customer-service log. */

import { users } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { CommandAnswer, connectorInScope, sendToChargePoint, type Target } from './commands';
import { remoteStart, remoteStop } from './remote-session';
import { listServiceLogs, logsRoute } from './service-logs';

const commandResponses = {
  200: json(CommandAnswer),
  404: json(ErrorSchema, 'Connector id: {id} not found. (User not found, for a remote start)'),
  409: json(
    ErrorSchema,
    'STATION_OFFLINE (nothing sent); for remote start/stop also CONNECTOR_BUSY, NO_ACTIVE_RFID, NOT_ALLOWED_TO_CHARGE, NO_SESSION',
  ),
  502: json(ErrorSchema, 'The charge point refused the call (COMMAND_REJECTED)'),
  504: json(ErrorSchema, 'No answer in time (COMMAND_TIMEOUT)'),
};
const ById = z.object({ id: z.coerce.number().int().positive() });
const ByUid = z.object({ uid: z.string().min(1).max(100) });

const unlock = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/unlock',
  tags: ['Maintenance'],
  summary: 'UnlockConnector on the connector; answers with the charge point reply',
  request: { params: ById },
  responses: commandResponses,
});

const reset = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/reset',
  tags: ['Maintenance'],
  summary: "Reset (Soft by default, ?type=Hard) of the connector's station",
  request: { params: ById, query: z.object({ type: z.enum(['Soft', 'Hard']).default('Soft') }) },
  responses: commandResponses,
});

const inoperative = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/connectors/{uid}/set-connector-inoperative',
  tags: ['Maintenance'],
  summary: 'ChangeAvailability Inoperative (answered Scheduled while a transaction runs)',
  request: { params: ByUid },
  responses: commandResponses,
});

const operative = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/connectors/{uid}/set-connector-operative',
  tags: ['Maintenance'],
  summary: 'ChangeAvailability Operative (answered Scheduled while a transaction runs)',
  request: { params: ByUid },
  responses: commandResponses,
});

const ByConnectorAndUser = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

const start = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/{userId}/start',
  tags: ['Maintenance'],
  summary:
    'RemoteStartTransaction for a user with their active RFID card, under the same rules as at the charger; refused when the connector is busy',
  request: { params: ByConnectorAndUser },
  responses: commandResponses,
});

const stop = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/{userId}/stop',
  tags: ['Maintenance'],
  summary: 'RemoteStopTransaction of the session in progress on the connector',
  request: { params: ByConnectorAndUser },
  responses: commandResponses,
});

const stationOutOfOrder = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/maintenance/{id}/station-out-of-order',
  tags: ['Maintenance'],
  summary: "ChangeAvailability Inoperative on connector 0: the connector's whole station out of order",
  request: { params: ById },
  responses: commandResponses,
});

const stationAvailable = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/maintenance/{id}/station-available',
  tags: ['Maintenance'],
  summary: "ChangeAvailability Operative on connector 0: the connector's whole station available again",
  request: { params: ById },
  responses: commandResponses,
});

const UserOption = z
  .object({
    id: z.number(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** A remote start needs an active RFID card of the user. */
    has_active_rfid: z.boolean(),
  })
  .openapi('RemoteStartUser');

const startUsers = defineRoute('connectors:command:basic', {
  method: 'get',
  path: '/maintenance/{id}/users',
  tags: ['Maintenance'],
  summary:
    'Active users of the selected company tree a remote start can be sent for (e-mail or name search, 20 at most)',
  request: { params: ById, query: z.object({ keyword: z.string().trim().max(100).optional() }) },
  responses: { 200: json(z.object({ data: z.array(UserOption) })), 404: commandResponses[404] },
});

const statusLookup = defineRoute('connectors:view', {
  method: 'get',
  path: '/maintenance/status/{stationUid}/{connectorUid}',
  tags: ['Maintenance'],
  summary: 'The connector id of a station uid and connector uid (the maintenance status page addresses connectors so)',
  request: { params: z.object({ stationUid: z.string().min(1).max(100), connectorUid: z.string().min(1).max(100) }) },
  responses: { 200: json(z.object({ id: z.number() })), 404: commandResponses[404] },
});

/** Runs `act` on the connector when it is in the caller's company tree; the spec's 404 otherwise. */
async function onConnector<R>(
  c: Context<AppEnv>,
  key: { id: number } | { uid: string },
  act: (target: Target) => Promise<R>,
) {
  const db = c.get('db');
  const target = await connectorInScope(db, await callerScope(c), key);
  if (!target) {
    const id = 'id' in key ? key.id : key.uid;
    return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
  }
  return act(target);
}

const changeAvailability = (c: Context<AppEnv>, t: Target, type: 'Operative' | 'Inoperative') =>
  sendToChargePoint(c, t, 'ChangeAvailability', { connectorId: t.connector.connectorNumber, type });

export const maintenanceRoutes = new OpenAPIHono<AppEnv>()
  .openapi(unlock, (c) =>
    onConnector(c, c.req.valid('param'), (t) =>
      sendToChargePoint(c, t, 'UnlockConnector', { connectorId: t.connector.connectorNumber }),
    ),
  )
  .openapi(reset, (c) =>
    onConnector(c, c.req.valid('param'), (t) => sendToChargePoint(c, t, 'Reset', { type: c.req.valid('query').type })),
  )
  .openapi(inoperative, (c) => onConnector(c, c.req.valid('param'), (t) => changeAvailability(c, t, 'Inoperative')))
  .openapi(operative, (c) => onConnector(c, c.req.valid('param'), (t) => changeAvailability(c, t, 'Operative')))
  .openapi(start, (c) => {
    const { id, userId } = c.req.valid('param');
    return onConnector(c, { id }, (t) => remoteStart(c, t, userId));
  })
  .openapi(stop, (c) => onConnector(c, { id: c.req.valid('param').id }, (t) => remoteStop(c, t)))
  .openapi(stationOutOfOrder, (c) =>
    onConnector(c, c.req.valid('param'), (t) =>
      sendToChargePoint(c, t, 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' }),
    ),
  )
  .openapi(stationAvailable, (c) =>
    onConnector(c, c.req.valid('param'), (t) =>
      sendToChargePoint(c, t, 'ChangeAvailability', { connectorId: 0, type: 'Operative' }),
    ),
  )
  .openapi(startUsers, (c) =>
    onConnector(c, c.req.valid('param'), async () => {
      const db = c.get('db');
      const scope = await callerScope(c);
      const { keyword } = c.req.valid('query');
      const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          first_name: users.firstName,
          last_name: users.lastName,
          // Qualified by hand: drizzle writes a column of the outer query unqualified in a select
          // list, and an unqualified "id" inside the subquery would be the card's own id.
          cards: sql<number>`(SELECT count(*) FROM "rfids" r WHERE r."user_id" = "users"."id" AND r."status" = 'active')`,
        })
        .from(users)
        .where(
          and(
            inArray(users.companyId, scope),
            eq(users.status, 'active'),
            pattern
              ? or(like(users.email, pattern), like(users.firstName, pattern), like(users.lastName, pattern))
              : undefined,
          ),
        )
        .orderBy(asc(users.email))
        .limit(20);
      return c.json({ data: rows.map(({ cards, ...u }) => ({ ...u, has_active_rfid: cards > 0 })) }, 200);
    }),
  )
  .openapi(statusLookup, async (c) => {
    const { stationUid, connectorUid } = c.req.valid('param');
    const db = c.get('db');
    const target = await connectorInScope(db, await callerScope(c), { uid: connectorUid });
    if (!target || target.station.uid !== stationUid) {
      return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: connectorUid } });
    }
    return c.json({ id: target.connector.id }, 200);
  })
  .openapi(logsRoute, async (c) => c.json(await listServiceLogs(c, c.req.valid('query')), 200));
