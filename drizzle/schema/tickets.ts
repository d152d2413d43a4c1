/** @module Maintenance tickets (spec section 3 "Ticket", 4 "Ticket priority", 7.17 `maintenance/ticket`). */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';
import { connectors, stations } from './stations';
import { users } from './users';

/** Spec section 4: new, stuck, critical, high, medium, low (resolved also appears, as the flag). */
export const TICKET_PRIORITIES = ['new', 'stuck', 'critical', 'high', 'medium', 'low'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const maintenanceTickets = sqliteTable(
  'maintenance_tickets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The station's operator company when the ticket was filed (scope). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    connectorId: integer('connector_id').references(() => connectors.id),
    title: text('title').notNull(),
    problem: text('problem').notNull(),
    /** The action or intervention carried out. */
    action: text('action'),
    /** Who intervenes (a maintenance contractor or technician, as typed). */
    operator: text('operator'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('new'),
    resolved: flag('resolved'),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    index('maintenance_tickets_company_idx').on(t.companyId, t.resolved, t.priority),
    index('maintenance_tickets_connector_idx').on(t.connectorId, t.createdAt),
  ],
);
