/** @module Uptime (issue 21 part 5, ADR 054): excluded downtime, the fault-to-ticket threshold, automatic fault tickets. */

import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { EXCLUSION_REASONS } from '../../domain/uptime/availability';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { connectorStatusHistory } from './sessions';
import { connectors, stations } from './stations';
import { maintenanceTickets } from './tickets';
import { users } from './users';

/** A period left out of availability: scheduled maintenance entered in advance, or an outage outside the operator's control. */
export const uptimeExclusions = sqliteTable(
  'uptime_exclusions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The station's operator company when entered (scope). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Null: every connector of the station. */
    connectorId: integer('connector_id').references(() => connectors.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: EXCLUSION_REASONS }).notNull(),
    note: text('note'),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('uptime_exclusions_station_idx').on(t.stationId, t.startsAt),
    index('uptime_exclusions_company_idx').on(t.companyId, t.startsAt),
    check('uptime_exclusions_period', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The company's fault-to-ticket threshold; no row: `DEFAULT_FAULT_TICKET_MINUTES`. */
export const companyUptimeSettings = sqliteTable(
  'company_uptime_settings',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    faultTicketMinutes: integer('fault_ticket_minutes').notNull().default(60),
  },
  (t) => [check('company_uptime_settings_minutes', sql`${t.faultTicketMinutes} BETWEEN 5 AND 10080`)],
);

/** The ticket a fault (its status history row) opened: the primary key makes it one ticket per fault. */
export const faultTickets = sqliteTable(
  'fault_tickets',
  {
    statusHistoryId: integer('status_history_id')
      .primaryKey()
      .references(() => connectorStatusHistory.id, { onDelete: 'cascade' }),
    /** Null once the ticket is deleted: the link stays, so the same fault never opens another. */
    ticketId: integer('ticket_id').references(() => maintenanceTickets.id, { onDelete: 'set null' }),
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    /** When the connector left the fault; null while it lasts. */
    clearedAt: timestamp('cleared_at'),
  },
  (t) => [index('fault_tickets_open_idx').on(t.connectorId, t.clearedAt)],
);
