/** @module One connector, its session totals and its latest sessions: 404 outside the caller's company tree. */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { connectorTotals } from '@domain/sessions/connector-totals';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getConnector, recent, totals } from './detail.routes';
import { toConnectorDetail, toRecentSession, toTotals } from './detail.schemas';
import { recentSessions, scopedConnectorDetail, scopedConnectorPlace, sessionGroups } from './detail.store';

export const connectorNotFound = (c: Context, id: number) =>
  apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });

export const connectorDetailRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getConnector, async (c) => {
    const { id } = c.req.valid('param');
    const row = await scopedConnectorDetail(c.get('db'), await callerScope(c), id);
    if (!row) return connectorNotFound(c, id);
    return c.json(toConnectorDetail(row), 200);
  })
  .openapi(totals, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const place = await scopedConnectorPlace(db, await callerScope(c), id);
    if (!place) return connectorNotFound(c, id);
    return c.json(toTotals(connectorTotals(await sessionGroups(db, place))), 200);
  })
  .openapi(recent, async (c) => {
    const { id } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    const db = c.get('db');
    const place = await scopedConnectorPlace(db, await callerScope(c), id);
    if (!place) return connectorNotFound(c, id);
    return c.json({ data: (await recentSessions(db, place, limit)).map(toRecentSession) }, 200);
  });
