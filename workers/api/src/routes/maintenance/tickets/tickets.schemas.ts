/** @module Schemas of maintenance tickets (spec 7.17 `maintenance/ticket`, `maintainer/overview`). */

import { type maintenanceTickets, TICKET_PRIORITIES } from '@db/schema';
import { z } from '@hono/zod-openapi';

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

export const CreateBody = z
  .strictObject({ connector_id: z.number().int().positive(), ...TicketFields })
  .openapi('TicketCreate');

export const UpdateBody = z.strictObject({ id: z.number().int().positive(), ...TicketFields }).openapi('TicketUpdate');

export const ById = z.object({ id: z.coerce.number().int().positive() });

export const ConnectorParams = z.object({ connectorId: z.coerce.number().int().positive() });

export const Overview = z
  .object({
    counts: z.record(z.string(), z.number()),
    open: z.number(),
    resolved: z.number(),
    data: z.array(TicketSchema),
  })
  .openapi('MaintainerOverview');

/** A ticket row with its connector, station, creator and resolver, as the store reads it. */
export interface TicketRow {
  t: typeof maintenanceTickets.$inferSelect;
  evse: string | null;
  stationUid: string;
  stationName: string;
  createdBy: string | null;
  resolvedBy: string | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toTicket = (r: TicketRow): z.infer<typeof TicketSchema> => ({
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
