/**
 * @module OCPI as e-mobility provider (migration 0065, ADR 057 addendum "EMSP: locations and tariffs"):
 * the Locations, EVSEs and Tariffs of our partners' CPOs as they pushed them or we pulled them, scoped
 * by the peering's company, and the progress of each pull. Filtered columns beside the object's JSON;
 * `last_updated` keeps every write idempotent (only a strictly newer object replaces a row).
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { companies } from './companies';
import { ocpiPeerings } from './ocpi';

/** The columns of an object of a partner's CPO party: the peering's company, the peering, the party. */
const ofPartnerParty = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  peeringId: integer('peering_id')
    .notNull()
    .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
  countryCode: text('country_code').notNull(),
  partyId: text('party_id').notNull(),
});

export const ocpiPartnerLocations = sqliteTable(
  'ocpi_partner_locations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...ofPartnerParty(),
    locationId: text('location_id').notNull(),
    /** ISO 3166-1 alpha-3, as OCPI writes it. */
    country: text('country').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    publish: integer('publish', { mode: 'boolean' }).notNull(),
    lastUpdated: timestamp('last_updated').notNull(),
    /** The Location without its EVSEs (those are rows of ocpi_partner_evses). */
    objectJson: text('object_json').notNull(),
    receivedAt: timestamp('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('ocpi_partner_locations_identity_idx').on(t.peeringId, t.countryCode, t.partyId, t.locationId),
    index('ocpi_partner_locations_country_idx').on(t.companyId, t.country, t.peeringId),
  ],
);

export const ocpiPartnerEvses = sqliteTable(
  'ocpi_partner_evses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    locationRowId: integer('location_row_id')
      .notNull()
      .references(() => ocpiPartnerLocations.id, { onDelete: 'cascade' }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    evseUid: text('evse_uid').notNull(),
    status: text('status').notNull(),
    lastUpdated: timestamp('last_updated').notNull(),
    /** The EVSE with its connectors. */
    objectJson: text('object_json').notNull(),
  },
  (t) => [
    uniqueIndex('ocpi_partner_evses_identity_idx').on(t.locationRowId, t.evseUid),
    index('ocpi_partner_evses_peering_idx').on(t.peeringId, t.status),
  ],
);

export const ocpiPartnerTariffs = sqliteTable(
  'ocpi_partner_tariffs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...ofPartnerParty(),
    tariffId: text('tariff_id').notNull(),
    currency: text('currency').notNull(),
    lastUpdated: timestamp('last_updated').notNull(),
    objectJson: text('object_json').notNull(),
    receivedAt: timestamp('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('ocpi_partner_tariffs_identity_idx').on(t.peeringId, t.countryCode, t.partyId, t.tariffId),
    index('ocpi_partner_tariffs_company_idx').on(t.companyId, t.peeringId),
  ],
);

/** The pull of one module's sender of a partner: `running` until the last page, resumable from `next_url`. */
export const ocpiPulls = sqliteTable(
  'ocpi_pulls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    /** locations or tariffs. */
    module: text('module').notNull(),
    /** running, done or failed. */
    state: text('state').notNull(),
    nextUrl: text('next_url'),
    pages: integer('pages').notNull().default(0),
    objects: integer('objects').notNull().default(0),
    /** Objects of the pages that did not validate (left out). */
    rejected: integer('rejected').notNull().default(0),
    total: integer('total'),
    lastError: text('last_error'),
    startedAt: timestamp('started_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    finishedAt: timestamp('finished_at'),
  },
  (t) => [
    uniqueIndex('ocpi_pulls_peering_idx').on(t.peeringId, t.module),
    index('ocpi_pulls_state_idx').on(t.state, t.updatedAt),
  ],
);
