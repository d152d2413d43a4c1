/** @module `GET /network-status`: the network status dashboard of the caller's company tree (route and handler). */

import type { AppEnv } from '@api/env';
import { defineRoute, json } from '@api/lib/route';
import { callerScope } from '@api/lib/scope';
import { heartbeatInterval, offlineAfterMs } from '@domain/stations/liveness';
import { OpenAPIHono } from '@hono/zod-openapi';
import { NetworkStatus } from './network.schemas';
import { networkStatus } from './network.store';

/** Minutes of silence after which a connected station is marked offline (shown on the status page). */
export function silentMinutes(env: { HEARTBEAT_INTERVAL_SECONDS?: unknown }): number {
  return Math.ceil(offlineAfterMs(heartbeatInterval(env)) / 60_000);
}

const status = defineRoute('connectors:view', {
  method: 'get',
  path: '/network-status',
  tags: ['Connectors'],
  summary:
    'Network status dashboard: stations online/offline (heard from within two heartbeats), connectors by status per city and operator, stations not heard from',
  responses: { 200: json(NetworkStatus) },
});

export const networkRoutes = new OpenAPIHono<AppEnv>().openapi(status, async (c) => {
  const dashboard = await networkStatus(c.get('db'), await callerScope(c));
  return c.json({ silentMinutes: silentMinutes(c.env), ...dashboard }, 200);
});
