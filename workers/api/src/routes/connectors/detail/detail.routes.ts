/**
 * @module Route declarations of one connector: its fields with its station's, and what the connector
 * detail and support pages add (totals of its sessions, spec 7.18, and its latest sessions). The full,
 * filtered session lists are the sessions area's; these are small and bounded.
 */
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ConnectorDetailSchema, ConnectorIdParams, RecentQuery, RecentSession, TotalsSchema } from './detail.schemas';

const tags = ['Connectors'];
const notFound = json(ErrorSchema, 'Connector id: {id} not found.');

export const getConnector = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/{id}',
  tags,
  summary: "One connector with its station's fields; 404 outside the selected company's tree",
  request: { params: ConnectorIdParams },
  responses: {
    200: json(ConnectorDetailSchema),
    404: notFound,
  },
});

export const totals = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/{id}/total-local-stats',
  tags,
  summary: "Totals of the connector's sessions: count, energy, charging time, first and last",
  request: { params: ConnectorIdParams },
  responses: { 200: json(TotalsSchema), 404: notFound },
});

export const recent = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/{id}/recent-sessions',
  tags,
  summary: "The connector's latest sessions, newest first (at most `limit`, default 10)",
  request: { params: ConnectorIdParams, query: RecentQuery },
  responses: { 200: json(z.object({ data: z.array(RecentSession) })), 404: notFound },
});
