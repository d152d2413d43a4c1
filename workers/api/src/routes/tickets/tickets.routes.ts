/**
 * @module Maintenance tickets (spec 7.17): a connector's tickets (`GET maintenance/{connectorId}`),
 * one ticket, create / update / delete (`maintenance/ticket`), and the maintainer overview: open
 * tickets of the company tree by priority. Stations operated or owned in the tree only; 404 otherwise.
 */

import { inCompanies } from '@db/queries/companies';
import { connectors, maintenanceTickets, stations, TICKET_PRIORITIES, users } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { connectorInScope } from '../maintenance/commands';

export const TicketSchema = z
  .object({
    id: z.number(),
    connector_id: z.number().nullable(),
    connector_evseid: z.string().nullable(),
    station_id: z.number(),
    station_uid: z.string(),
    station_name: z.string(),
    title: z.string(),
    problem: z.string(),
    action: z.string().nullable(),
    operator: z.string().nullable(),
    priority: z.enum(TICKET_PRIORITIES),
    resolved: z.boolean(),
    resolved_by: z.string().nullable(),
    resolved_at: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
  })
  .openapi('MaintenanceTicket');

const TicketFields = {
  title: z.string().trim().min(1).max(120),
  problem: z.string().trim().min(1).max(4000),
  action: z
    .string()
    .trim()
    .max(4000)
    .transform((v) => v || null)
    .nullable()
    .optional(),
  operator: z
    .string()
    .trim()
    .max(120)
    .transform((v) => v || null)
    .nullable()
    .optional(),
  priority: z.enum(TICKET_PRIORITIES).default('new'),
  resolved: z.boolean().default(false),
};
const CreateBody = z
  .strictObject({ connector_id: z.number().int().positive(), ...TicketFields })
  .openapi('TicketCreate');
const UpdateBody = z.strictObject({ id: z.number().int().positive(), ...TicketFields }).openapi('TicketUpdate');
const ById = z.object({ id: z.coerce.number().int().positive() });
const ticketNotFound = json(ErrorSchema, 'Ticket id: {id} not found.');

const listForConnector = defineRoute('tickets:manage', {
  method: 'get',
  path: '/maintenance/{connectorId}',
  tags: ['Tickets'],
  summary: "A connector's maintenance tickets, open first, newest first",
  request: { params: z.object({ connectorId: z.coerce.number().int().positive() }) },
  responses: {
    200: json(z.object({ data: z.array(TicketSchema) })),
    404: json(ErrorSchema, 'Connector id: {id} not found.'),
  },
});
const getOne = defineRoute('tickets:manage', {
  method: 'get',
  path: '/maintenance/ticket/{id}',
  tags: ['Tickets'],
  summary: 'One maintenance ticket',
  request: { params: ById },
  responses: { 200: json(TicketSchema), 404: ticketNotFound },
});
const create = defineRoute('tickets:manage', {
  method: 'post',
  path: '/maintenance/ticket',
  tags: ['Tickets'],
  summary: 'File a ticket on a connector of the company tree',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(TicketSchema), 404: json(ErrorSchema, 'Connector id: {id} not found.') },
});
const update = defineRoute('tickets:manage', {
  method: 'put',
  path: '/maintenance/ticket',
  tags: ['Tickets'],
  summary: 'Update a ticket; marking it resolved records who and when',
  request: { body: jsonBody(UpdateBody) },
  responses: { 200: json(TicketSchema), 404: ticketNotFound },
});
const remove = defineRoute('tickets:manage', {
  method: 'delete',
  path: '/maintenance/ticket',
  tags: ['Tickets'],
  summary: 'Delete a ticket (?id=)',
  request: { query: ById },
  responses: { 200: json(z.object({ deleted: z.number() })), 404: ticketNotFound },
});
const overview = defineRoute('maintenance:view', {
  method: 'get',
  path: '/maintainer/overview',
  tags: ['Tickets'],
  summary: 'Open tickets of the company tree: counts by priority and the list, most urgent first (200 at most)',
  responses: {
    200: json(
      z
        .object({
          counts: z.record(z.string(), z.number()),
          open: z.number(),
          resolved: z.number(),
          data: z.array(TicketSchema),
        })
        .openapi('MaintainerOverview'),
    ),
  },
});

const creator = users;
/** Priorities in order of urgency, for sorting in SQL. */
const URGENCY = sql`CASE ${maintenanceTickets.priority} WHEN 'stuck' THEN 0 WHEN 'critical' THEN 1 WHEN 'high' THEN 2 WHEN 'new' THEN 3 WHEN 'medium' THEN 4 ELSE 5 END`;

function selectTickets(c: Context<AppEnv>) {
  return c
    .get('db')
    .select({
      t: maintenanceTickets,
      evse: connectors.evseId,
      stationUid: stations.uid,
      stationName: stations.name,
      createdBy: creator.email,
      resolvedBy: sql<string | null>`(SELECT email FROM users WHERE id = ${maintenanceTickets.resolvedByUserId})`,
    })
    .from(maintenanceTickets)
    .innerJoin(stations, eq(stations.id, maintenanceTickets.stationId))
    .leftJoin(connectors, eq(connectors.id, maintenanceTickets.connectorId))
    .leftJoin(creator, eq(creator.id, maintenanceTickets.createdByUserId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTickets>['all']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toTicket = (r: Row): z.infer<typeof TicketSchema> => ({
  id: r.t.id,
  connector_id: r.t.connectorId,
  connector_evseid: r.evse,
  station_id: r.t.stationId,
  station_uid: r.stationUid,
  station_name: r.stationName,
  title: r.t.title,
  problem: r.t.problem,
  action: r.t.action,
  operator: r.t.operator,
  priority: r.t.priority,
  resolved: r.t.resolved,
  resolved_by: r.resolvedBy,
  resolved_at: iso(r.t.resolvedAt),
  created_by: r.createdBy,
  created_at: r.t.createdAt.toISOString(),
  updated_at: iso(r.t.updatedAt),
});

const inScope = (scope: number[]) =>
  or(inCompanies(maintenanceTickets.companyId, scope), inCompanies(stations.ownerCompanyId, scope));

async function ticketInScope(c: Context<AppEnv>, id: number) {
  return selectTickets(c)
    .where(and(eq(maintenanceTickets.id, id), inScope(await callerScope(c))))
    .get();
}

export const ticketRoutes = new OpenAPIHono<AppEnv>()
  // Registered before `/maintenance/{connectorId}` reads "ticket" as an id.
  .openapi(getOne, async (c) => {
    const { id } = c.req.valid('param');
    const row = await ticketInScope(c, id);
    if (!row) return apiError(c, 404, 'TICKET_NOT_FOUND', 'ticketNotFound', { params: { id } });
    return c.json(toTicket(row), 200);
  })
  .openapi(listForConnector, async (c) => {
    const { connectorId } = c.req.valid('param');
    const scope = await callerScope(c);
    const target = await connectorInScope(c.get('db'), scope, { id: connectorId });
    if (!target) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: connectorId } });
    const rows = await selectTickets(c)
      .where(and(eq(maintenanceTickets.connectorId, connectorId), inScope(scope)))
      .orderBy(asc(maintenanceTickets.resolved), desc(maintenanceTickets.createdAt), desc(maintenanceTickets.id))
      .limit(200);
    return c.json({ data: rows.map(toTicket) }, 200);
  })
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { user } = authOf(c);
    const target = await connectorInScope(db, await callerScope(c), { id: body.connector_id });
    if (!target) {
      return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: body.connector_id } });
    }
    const now = new Date();
    const [inserted] = await db
      .insert(maintenanceTickets)
      .values({
        companyId: target.station.companyId,
        stationId: target.station.id,
        connectorId: target.connector.id,
        title: body.title,
        problem: body.problem,
        action: body.action ?? null,
        operator: body.operator ?? null,
        priority: body.priority,
        resolved: body.resolved,
        resolvedByUserId: body.resolved ? user.id : null,
        resolvedAt: body.resolved ? now : null,
        createdByUserId: user.id,
      })
      .returning({ id: maintenanceTickets.id });
    const row = inserted && (await ticketInScope(c, inserted.id));
    if (!row) return apiError(c, 404, 'TICKET_NOT_FOUND', 'ticketNotFound', { params: { id: 0 } });
    return c.json(toTicket(row), 201);
  })
  .openapi(update, async (c) => {
    const body = c.req.valid('json');
    const { user } = authOf(c);
    const before = await ticketInScope(c, body.id);
    if (!before) return apiError(c, 404, 'TICKET_NOT_FOUND', 'ticketNotFound', { params: { id: body.id } });
    const becameResolved = body.resolved && !before.t.resolved;
    await c
      .get('db')
      .update(maintenanceTickets)
      .set({
        title: body.title,
        problem: body.problem,
        action: body.action ?? null,
        operator: body.operator ?? null,
        priority: body.priority,
        resolved: body.resolved,
        // Who resolved it and when: kept while it stays resolved, cleared when reopened.
        resolvedByUserId: body.resolved ? (becameResolved ? user.id : before.t.resolvedByUserId) : null,
        resolvedAt: body.resolved ? (becameResolved ? new Date() : before.t.resolvedAt) : null,
        updatedAt: new Date(),
      })
      .where(eq(maintenanceTickets.id, body.id));
    const row = await ticketInScope(c, body.id);
    if (!row) return apiError(c, 404, 'TICKET_NOT_FOUND', 'ticketNotFound', { params: { id: body.id } });
    return c.json(toTicket(row), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('query');
    if (!(await ticketInScope(c, id)))
      return apiError(c, 404, 'TICKET_NOT_FOUND', 'ticketNotFound', { params: { id } });
    await c.get('db').delete(maintenanceTickets).where(eq(maintenanceTickets.id, id));
    return c.json({ deleted: id }, 200);
  })
  .openapi(overview, async (c) => {
    const scope = await callerScope(c);
    const db = c.get('db');
    const [rows, counts] = await Promise.all([
      selectTickets(c)
        .where(and(eq(maintenanceTickets.resolved, false), inScope(scope)))
        .orderBy(URGENCY, asc(maintenanceTickets.createdAt))
        .limit(200),
      db
        .select({ priority: maintenanceTickets.priority, resolved: maintenanceTickets.resolved, n: count() })
        .from(maintenanceTickets)
        .innerJoin(stations, eq(stations.id, maintenanceTickets.stationId))
        .where(inScope(scope))
        .groupBy(maintenanceTickets.priority, maintenanceTickets.resolved),
    ]);
    const byPriority: Record<string, number> = Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, 0]));
    let open = 0;
    let resolved = 0;
    for (const r of counts) {
      if (r.resolved) resolved += r.n;
      else {
        open += r.n;
        byPriority[r.priority] = (byPriority[r.priority] ?? 0) + r.n;
      }
    }
    return c.json({ counts: byPriority, open, resolved, data: rows.map(toTicket) }, 200);
  });
