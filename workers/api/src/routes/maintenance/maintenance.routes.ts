/** @module Maintenance commands of spec 7.16/7.17 and the customer-service log. */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { companyScopeIds } from '../../../../../drizzle/queries/companies';
import { connectors, customerServiceLogs, stations, users } from '../../../../../drizzle/schema';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { authOf } from '../../middleware/permission';
import { CommandAnswer, connectorInScope, sendToChargePoint, type Target } from './commands';
import { remoteStart, remoteStop } from './remote-session';

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

const LogEntry = z
  .object({
    id: z.number(),
    connector_id: z.number().nullable(),
    connector_evseid: z.string().nullable(),
    station_uid: z.string().nullable(),
    created_at: z.string(),
    action: z.string(),
    result: z.enum(['success', 'failed']),
    error_message: z.string().nullable(),
    user_email: z.string().nullable(),
  })
  .openapi('CustomerServiceLogEntry');

const logs = defineRoute('connectors:logs', {
  method: 'get',
  path: '/customer-services/logs',
  tags: ['Maintenance'],
  summary: 'The 200 latest commands sent to charge points of the company tree, newest first',
  responses: { 200: json(z.object({ data: z.array(LogEntry) })) },
});

/** Runs `act` on the connector when it is in the caller's company tree; the spec's 404 otherwise. */
async function onConnector<R>(
  c: Context<AppEnv>,
  key: { id: number } | { uid: string },
  act: (target: Target) => Promise<R>,
) {
  const db = c.get('db');
  const target = await connectorInScope(db, await companyScopeIds(db, authOf(c).company.id), key);
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
  .openapi(logs, async (c) => {
    const db = c.get('db');
    const scope = await companyScopeIds(db, authOf(c).company.id);
    const rows = await db
      .select({ log: customerServiceLogs, stationUid: stations.uid, email: users.email })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .leftJoin(users, eq(users.id, customerServiceLogs.userId))
      .leftJoin(connectors, eq(connectors.id, customerServiceLogs.connectorId))
      .where(or(inArray(customerServiceLogs.companyId, scope), inArray(stations.ownerCompanyId, scope)))
      .orderBy(desc(customerServiceLogs.createdAt), desc(customerServiceLogs.id))
      .limit(200);
    return c.json(
      {
        data: rows.map(({ log, stationUid, email }) => ({
          id: log.id,
          connector_id: log.connectorId,
          connector_evseid: log.connectorEvseId,
          station_uid: stationUid,
          created_at: log.createdAt.toISOString(),
          action: log.action,
          result: log.result,
          error_message: log.errorMessage,
          user_email: email,
        })),
      },
      200,
    );
  });
