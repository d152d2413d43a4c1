/**
 * @module Maintenance commands on one connector of the caller's company tree (spec 7.16/7.17): each
 * sent to the charge point through `sendToChargePoint` (which logs it); 404 outside the tree. The
 * status page's lookup turns a station uid and connector uid into the connector's id.
 */

import type { AppEnv } from '@api/env';
import { onConnector, sendToChargePoint } from '@api/lib/charge-point-command';
import { connectorInScope } from '@api/lib/charge-point-command.store';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import { reset, stationAvailable, stationOutOfOrder, statusLookup, unlock } from './commands.routes';

export const maintenanceCommandRoutes = new OpenAPIHono<AppEnv>()
  .openapi(statusLookup, async (c) => {
    const { stationUid, connectorUid } = c.req.valid('param');
    const target = await connectorInScope(c.get('db'), await callerScope(c), { uid: connectorUid });
    if (!target || target.station.uid !== stationUid) {
      return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: connectorUid } });
    }
    return c.json({ id: target.connector.id }, 200);
  })
  .openapi(unlock, (c) =>
    onConnector(c, c.req.valid('param'), (t) =>
      sendToChargePoint(c, t, 'UnlockConnector', { connectorId: t.connector.connectorNumber }),
    ),
  )
  .openapi(reset, (c) =>
    onConnector(c, c.req.valid('param'), (t) => sendToChargePoint(c, t, 'Reset', { type: c.req.valid('query').type })),
  )
  .openapi(stationOutOfOrder, (c) =>
    onConnector(c, c.req.valid('param'), (t) =>
      sendToChargePoint(c, t, 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' }),
    ),
  )
  .openapi(stationAvailable, (c) =>
    onConnector(c, c.req.valid('param'), (t) =>
      sendToChargePoint(c, t, 'ChangeAvailability', { connectorId: 0, type: 'Operative' }),
    ),
  );
