/**
 * @module Remote start and stop (spec 7.17 `maintenance/{id}/{userId}/start|stop`). A remote start
 * obeys the same rules as a card at the charger: the user's active RFID card goes through
 * `decideAuthorization`, and a busy connector is refused before anything is sent.
 */

import { decideAuthorization } from '@db/queries/authorization.store';
import { chargingSessions, rfids, users } from '@db/schema';
import type { ConnectorStatus } from '@domain/stations/statuses';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { sendToChargePoint, type Target } from './commands';

/** A driver can be started remotely only on a connector that is free or waiting for a car. */
const STARTABLE: ReadonlySet<ConnectorStatus> = new Set(['available', 'preparing']);

export async function remoteStart(c: Context<AppEnv>, target: Target, userId: number) {
  const db = c.get('db');
  const scope = await callerScope(c);
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (user?.status !== 'active' || !scope.includes(user.companyId)) {
    return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
  }
  if (!STARTABLE.has(target.connector.status)) return apiError(c, 409, 'CONNECTOR_BUSY', 'connectorBusy');
  const card = await db
    .select({ uuid: rfids.uuid })
    .from(rfids)
    .where(and(eq(rfids.userId, user.id), eq(rfids.status, 'active')))
    .orderBy(asc(rfids.id))
    .get();
  if (!card) return apiError(c, 409, 'NO_ACTIVE_RFID', 'noActiveRfid');
  const decision = await decideAuthorization(db, {
    idTag: card.uuid,
    stationId: target.station.id,
    connectorNumber: target.connector.connectorNumber,
    at: new Date(),
    remote: true,
  });
  if (decision.status !== 'Accepted') {
    return apiError(c, 409, 'NOT_ALLOWED_TO_CHARGE', 'notAllowedToCharge', { params: { reason: decision.reason } });
  }
  return sendToChargePoint(c, target, 'RemoteStartTransaction', {
    connectorId: target.connector.connectorNumber,
    idTag: card.uuid,
  });
}

/**
 * Stops the transaction the charge point is running on the connector: the latest accepted start
 * (a refused start or a transaction ended without its stop is closed, ADR 040; should an older one
 * still be open, it is not the one charging).
 */
export async function remoteStop(c: Context<AppEnv>, target: Target) {
  const session = await c
    .get('db')
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.stationId, target.station.id),
        eq(chargingSessions.connectorNumber, target.connector.connectorNumber),
        eq(chargingSessions.status, 'in_progress'),
      ),
    )
    .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
    .get();
  if (!session) return apiError(c, 409, 'NO_SESSION', 'noSessionToStop');
  return sendToChargePoint(c, target, 'RemoteStopTransaction', { transactionId: session.id });
}
