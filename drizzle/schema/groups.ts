/**
 * @module Connector groups (tags) and locations (spec 1 section 3 "Connector group (tag)" and
 * "location"; spec 2 section 7.16 `tags`, `groups`, `locations`). A connector group is a named set
 * of connectors owned by one company; it is not a company group (group1..group4 on stations and
 * users), which is a level of the company's own reporting tree. A location is a site that stations
 * stand at; a station is at one location at most.
 */
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { connectors, stations } from './stations';
import { users } from './users';

export const connectorGroups = sqliteTable(
  'connector_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The company that owns the group (scope). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** Lower-cased, trimmed name: one group of a name per company, whatever the case. */
    nameKey: text('name_key').notNull(),
    description: text('description'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('connector_groups_company_name_unique').on(t.companyId, t.nameKey),
    index('connector_groups_name_idx').on(t.name),
  ],
);

export const connectorGroupConnectors = sqliteTable(
  'connector_group_connectors',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => connectorGroups.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.connectorId] }),
    index('connector_group_connectors_connector_idx').on(t.connectorId),
  ],
);

export const locations = sqliteTable(
  'locations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Stable public id used in paths (`location/{uid}`). */
    uid: text('uid').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    streetNumber: text('street_number'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    directions: text('directions'),
    openingHours: text('opening_hours'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('locations_uid_unique').on(t.uid),
    index('locations_company_idx').on(t.companyId),
    index('locations_name_idx').on(t.name),
  ],
);

/** Which location a station stands at (one at most); kept apart so the stations table is unchanged. */
export const locationStations = sqliteTable(
  'location_stations',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => stations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('location_stations_location_idx').on(t.locationId)],
);

/**
 * A bulk membership change resolved once (ADR 031 addendum): the connector ids a selection or a
 * list filter matched when the change was asked for, applied afterwards chunk by chunk
 * (`POST /api/groups/{id}/bulk/jobs/{job}/chunks/{n}`), so a long change shows progress, can stop
 * between chunks and be retried, always on the same ids. Only its author runs its chunks; rows
 * older than a day are deleted when a new job is created.
 */
export const connectorGroupBulkJobs = sqliteTable(
  'connector_group_bulk_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    groupId: integer('group_id')
      .notNull()
      .references(() => connectorGroups.id, { onDelete: 'cascade' }),
    /** The group's company (scope), copied for the audit rows. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['add', 'remove'] }).notNull(),
    /** JSON array of connector ids, ascending, deduplicated. */
    connectorIds: text('connector_ids').notNull(),
    total: integer('total').notNull(),
    /** Set when the ids came from a connector-list filter (audit detail). */
    byFilter: integer('by_filter', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('connector_group_bulk_jobs_created_idx').on(t.createdAt)],
);
