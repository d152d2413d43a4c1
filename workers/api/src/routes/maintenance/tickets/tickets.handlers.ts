/**
 * @module Maintenance tickets (spec 7.17): a connector's tickets (`GET maintenance/{connectorId}`),
 * one ticket, create / update / delete (`maintenance/ticket`), and the maintainer overview: open
 * tickets of the company tree by priority. Stations operated or owned in the tree only; 404
 * otherwise. Who resolved a ticket and when, and the overview's counts, are the domain's
 * (`resolutionAfterSave`, `ticketCounts`).
 */

import type { AppEnv } from '@api/env';
import { connectorInScope } from '@api/lib/charge-point-command.store';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { TICKET_PRIORITIES } from '@db/schema';
import { resolutionAfterSave, ticketCounts } from '@domain/maintenance/tickets';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { create, getOne, listForConnector, overview, remove, update } from './tickets.routes';
import { toTicket } from './tickets.schemas';
import {
  connectorTickets,
  deleteTicket,
  insertTicket,
  openTickets,
  ticketInScope,
  updateTicket,
} from './tickets.store';

const ticketNotFound = (c: Context, id: number) =>
  apiError(c, 404, 'TICKET_NOT_FOUND', 'ticketNotFound', { params: { id } });
const connectorNotFound = (c: Context, id: number) =>
  apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });

/** The stored fields of a ticket body (empty texts already made null by the schema). */
const fieldsOf = (body: {
  title: string;
  problem: string;
  action?: string | null | undefined;
  operator?: string | null | undefined;
  priority: (typeof TICKET_PRIORITIES)[number];
  resolved: boolean;
}) => ({
  title: body.title,
  problem: body.problem,
  action: body.action ?? null,
  operator: body.operator ?? null,
  priority: body.priority,
  resolved: body.resolved,
});

export const ticketRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getOne, async (c) => {
    const { id } = c.req.valid('param');
    const row = await ticketInScope(c.get('db'), await callerScope(c), id);
    return row ? c.json(toTicket(row), 200) : ticketNotFound(c, id);
  })
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { user } = authOf(c);
    const scope = await callerScope(c);
    const target = await connectorInScope(db, scope, { id: body.connector_id });
    if (!target) return connectorNotFound(c, body.connector_id);
    const id = await insertTicket(
      db,
      { companyId: target.station.companyId, stationId: target.station.id, connectorId: target.connector.id },
      fieldsOf(body),
      resolutionAfterSave(null, body.resolved, user.id, new Date()),
      user.id,
    );
    const row = id !== undefined ? await ticketInScope(db, scope, id) : undefined;
    return row ? c.json(toTicket(row), 201) : ticketNotFound(c, 0);
  })
  .openapi(update, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { user } = authOf(c);
    const scope = await callerScope(c);
    const before = await ticketInScope(db, scope, body.id);
    if (!before) return ticketNotFound(c, body.id);
    await updateTicket(db, body.id, fieldsOf(body), resolutionAfterSave(before.t, body.resolved, user.id, new Date()));
    const row = await ticketInScope(db, scope, body.id);
    return row ? c.json(toTicket(row), 200) : ticketNotFound(c, body.id);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('query');
    const db = c.get('db');
    if (!(await ticketInScope(db, await callerScope(c), id))) return ticketNotFound(c, id);
    await deleteTicket(db, id);
    return c.json({ deleted: id }, 200);
  })
  .openapi(listForConnector, async (c) => {
    const { connectorId } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    if (!(await connectorInScope(db, scope, { id: connectorId }))) return connectorNotFound(c, connectorId);
    return c.json({ data: (await connectorTickets(db, scope, connectorId)).map(toTicket) }, 200);
  })
  .openapi(overview, async (c) => {
    const { rows, counts } = await openTickets(c.get('db'), await callerScope(c));
    const { counts: byPriority, open, resolved } = ticketCounts(TICKET_PRIORITIES, counts);
    return c.json({ counts: byPriority, open, resolved, data: rows.map(toTicket) }, 200);
  });
