/**
 * @module Site load management (issue 23 part 5, ADR 059): a location's grid-connection limit, which
 * the ocpp worker's SiteLoad object shares among the sessions at the location's stations. No row: the
 * location is not managed.
 */
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { locations } from './groups';
import { users } from './users';

export const siteLoadLimits = sqliteTable('site_load_limits', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  /** Off: the limit is kept but no profile is sent (the stations charge as they would without it). */
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  /** 'A' (ampere per phase) or 'kW'. */
  unit: text('unit', { enum: ['A', 'kW'] }).notNull(),
  limitValue: real('limit_value').notNull(),
  phases: integer('phases').notNull().default(3),
  /** Phase-to-neutral volts, to turn kW into ampere. */
  voltage: integer('voltage').notNull().default(230),
  minCurrentA: real('min_current_a').notNull().default(6),
  /** [{ from: "HH:MM", limit }] in the location's time zone. */
  scheduleJson: text('schedule_json').notNull().default('[]'),
  /** { connectorUid: minimum A }. */
  connectorMinimumsJson: text('connector_minimums_json').notNull().default('{}'),
  /** { customerGroupId: priority }. */
  groupPrioritiesJson: text('group_priorities_json').notNull().default('{}'),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at'),
});
