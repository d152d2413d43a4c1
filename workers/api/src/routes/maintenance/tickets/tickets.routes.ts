/**
 * @module Route declarations of maintenance tickets (spec 7.17): a connector's tickets, one ticket,
 * create / update / delete (`maintenance/ticket`) behind 'tickets:manage', and the maintainer
 * overview behind 'maintenance:view'. The literal `/maintenance/ticket…` paths come first.
 */

import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ById, ConnectorParams, CreateBody, Overview, TicketSchema, UpdateBody } from './tickets.schemas';

const tags = ['Tickets'];
const ticketNotFound = json(ErrorSchema, 'Ticket id: {id} not found.');
const connectorNotFound = json(ErrorSchema, 'Connector id: {id} not found.');

export const getOne = defineRoute('tickets:manage', {
  method: 'get',
  path: '/maintenance/ticket/{id}',
  tags,
  summary: 'One maintenance ticket',
  request: { params: ById },
  responses: { 200: json(TicketSchema), 404: ticketNotFound },
});

export const create = defineRoute('tickets:manage', {
  method: 'post',
  path: '/maintenance/ticket',
  tags,
  summary: 'File a ticket on a connector of the company tree',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(TicketSchema), 404: connectorNotFound },
});

export const update = defineRoute('tickets:manage', {
  method: 'put',
  path: '/maintenance/ticket',
  tags,
  summary: 'Update a ticket; marking it resolved records who and when',
  request: { body: jsonBody(UpdateBody) },
  responses: { 200: json(TicketSchema), 404: ticketNotFound },
});

export const remove = defineRoute('tickets:manage', {
  method: 'delete',
  path: '/maintenance/ticket',
  tags,
  summary: 'Delete a ticket (?id=)',
  request: { query: ById },
  responses: { 200: json(z.object({ deleted: z.number() })), 404: ticketNotFound },
});

export const listForConnector = defineRoute('tickets:manage', {
  method: 'get',
  path: '/maintenance/{connectorId}',
  tags,
  summary: "A connector's maintenance tickets, open first, newest first",
  request: { params: ConnectorParams },
  responses: { 200: json(z.object({ data: z.array(TicketSchema) })), 404: connectorNotFound },
});

export const overview = defineRoute('maintenance:view', {
  method: 'get',
  path: '/maintainer/overview',
  tags,
  summary: 'Open tickets of the company tree: counts by priority and the list, most urgent first (200 at most)',
  responses: { 200: json(Overview) },
});
