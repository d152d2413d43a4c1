/** @module Connectors: the overview's totals by status, within the selected company's tree. */

import { offlineStationConnectorCounts } from '@db/queries/liveness';
import { listedConnectorCounts } from '@db/queries/stations';
import { shownStatusCounts } from '@domain/stations/liveness';
import { STATUS_BUCKET } from '@domain/stations/statuses';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { ConnectorDetailSchema, connectorDetail } from './connector-detail';
import { listConnectors } from './connectors.list';
import { ConnectorListBody, ConnectorPage } from './connectors.schemas';

const BUCKETS = [...new Set(Object.values(STATUS_BUCKET))];

const overviewStatus = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/overview/status',
  tags: ['Connectors'],
  summary:
    'Connector totals by status bucket for the selected company and its descendants (operated or owned); connectors of offline stations count as offline',
  responses: {
    200: json(z.object({ totals: z.record(z.string(), z.number()), total: z.number() }).openapi('StatusTotals')),
  },
});

const connectorList = defineRoute('connectors:view', {
  method: 'post',
  path: '/connectors',
  tags: ['Connectors'],
  summary:
    'Connectors of the selected company and its descendants (operated or owned): filters applied only when given, sorted, paginated from page 0',
  request: { body: jsonBody(ConnectorListBody) },
  responses: { 200: json(ConnectorPage) },
});

const getConnector = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/{id}',
  tags: ['Connectors'],
  summary: "One connector with its station's fields; 404 outside the selected company's tree",
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: json(ConnectorDetailSchema),
    404: json(ErrorSchema, 'Connector id: {id} not found.'),
  },
});

export const connectorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getConnector, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const detail = await connectorDetail(db, await callerScope(c), id);
    if (!detail) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
    return c.json(detail, 200);
  })
  .openapi(connectorList, async (c) => {
    const db = c.get('db');
    return c.json(await listConnectors(db, await callerScope(c), c.req.valid('json')), 200);
  })
  .openapi(overviewStatus, async (c) => {
    const db = c.get('db');
    const scope = await callerScope(c);
    // The counters the triggers keep per operator, owner and status: a few rows, not every connector
    // in scope (bench:stations, ADR 032); beside them, in the same round trip, the connectors of the
    // offline stations, which show as offline (ADR 032 addendum 2).
    const [reported, offline] = await db.batch([
      listedConnectorCounts(db, scope),
      offlineStationConnectorCounts(db, scope),
    ]);
    const totals: Record<string, number> = Object.fromEntries(BUCKETS.map((b) => [b, 0]));
    let total = 0;
    for (const [status, n] of shownStatusCounts(reported, offline)) {
      const bucket = STATUS_BUCKET[status];
      totals[bucket] = (totals[bucket] ?? 0) + n;
      total += n;
    }
    return c.json({ totals, total }, 200);
  });
