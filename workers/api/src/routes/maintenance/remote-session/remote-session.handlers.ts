/**
 * @module Remote start and stop (spec 7.17 `maintenance/{id}/{userId}/start|stop`) on a connector of
 * the caller's company tree. A remote start obeys the same rules as a card at the charger: the store
 * gathers the user and their active card, `remoteStartRefusal` decides what may go on (a busy
 * connector is refused before anything is sent), then the card goes through the charger's
 * authorization, and only then is the command sent.
 */

import type { AppEnv } from '@api/env';
import { onConnector, sendToChargePoint, type Target } from '@api/lib/charge-point-command';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { type RemoteStartRefusal, remoteStartRefusal } from '@domain/maintenance/remote-start';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MessageKey } from '@i18n/messages';
import type { Context } from 'hono';
import { start, startUsers, stop } from './remote-session.routes';
import { remoteAuthorization, sessionToStop, startableUsers, userAndCard } from './remote-session.store';

type Ctx = Context<AppEnv>;

const REFUSAL: Record<RemoteStartRefusal, { status: 404 | 409; key: MessageKey }> = {
  USER_NOT_FOUND: { status: 404, key: 'userNotFound' },
  CONNECTOR_BUSY: { status: 409, key: 'connectorBusy' },
  NO_ACTIVE_RFID: { status: 409, key: 'noActiveRfid' },
};

async function remoteStart(c: Ctx, target: Target, userId: number) {
  const db = c.get('db');
  const { user, card } = await userAndCard(db, userId);
  const refusal = remoteStartRefusal({
    user,
    scope: await callerScope(c),
    connectorStatus: target.connector.status,
    hasActiveCard: card !== undefined,
  });
  if (refusal || !card) {
    const code = refusal ?? 'NO_ACTIVE_RFID';
    return apiError(c, REFUSAL[code].status, code, REFUSAL[code].key);
  }
  const decision = await remoteAuthorization(db, card.uuid, target.station.id, target.connector.connectorNumber);
  if (decision.status !== 'Accepted') {
    return apiError(c, 409, 'NOT_ALLOWED_TO_CHARGE', 'notAllowedToCharge', { params: { reason: decision.reason } });
  }
  return sendToChargePoint(c, target, 'RemoteStartTransaction', {
    connectorId: target.connector.connectorNumber,
    idTag: card.uuid,
  });
}

async function remoteStop(c: Ctx, target: Target) {
  const session = await sessionToStop(c.get('db'), target.station.id, target.connector.connectorNumber);
  if (!session) return apiError(c, 409, 'NO_SESSION', 'noSessionToStop');
  return sendToChargePoint(c, target, 'RemoteStopTransaction', { transactionId: session.id });
}

export const remoteSessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(startUsers, (c) =>
    onConnector(c, c.req.valid('param'), async () => {
      const data = await startableUsers(c.get('db'), await callerScope(c), c.req.valid('query').keyword);
      return c.json({ data }, 200);
    }),
  )
  .openapi(start, (c) => {
    const { id, userId } = c.req.valid('param');
    return onConnector(c, { id }, (t) => remoteStart(c, t, userId));
  })
  .openapi(stop, (c) => onConnector(c, { id: c.req.valid('param').id }, (t) => remoteStop(c, t)));
