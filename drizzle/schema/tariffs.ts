/**
 * @module Tariffs (spec section 3, Tariff; section 4: pending until approved, then immutable), the
 * MPS (per-country) tariff assignments, and the pricing record of each priced session (which tariff
 * of each party produced which lines), kept apart from `charging_sessions` so the CDR row keeps the
 * spec's columns only.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYMENT_TYPES, TARIFF_STATUSES, TARIFF_TYPES } from '../../domain/tariffs/model';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';
import { chargingSessions } from './sessions';
import { users } from './users';

export const tariffs = sqliteTable(
  'tariffs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Scope: the company (and its descendants) whose sessions the tariff may price. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** `emsp` is stored as `emp` (spec 7.21). */
    type: text('type', { enum: TARIFF_TYPES }).notNull(),
    status: text('status', { enum: TARIFF_STATUSES }).notNull().default('pending'),
    name: text('name').notNull(),
    label: text('label'),
    currency: text('currency').notNull().default('EUR'),
    /** JSON array of ISO 3166 alpha-2 codes; empty = every country. */
    countriesJson: text('countries_json').notNull().default('[]'),
    graceTimeS: integer('grace_time_s').notNull().default(0),
    freeParkingS: integer('free_parking_s').notNull().default(0),
    /** JSON: the elements (price components and restrictions), validated by TariffInputSchema. */
    elementsJson: text('elements_json').notNull(),
    /** Minor units. */
    minPriceExclVat: integer('min_price_excl_vat'),
    maxPriceExclVat: integer('max_price_excl_vat'),
    maxPriceInclVat: integer('max_price_incl_vat'),
    vatIncluded: flag('vat_included'),
    validFrom: timestamp('valid_from'),
    validTo: timestamp('valid_to'),
    /** The version is in force for sessions starting at or after this instant. */
    applyFrom: timestamp('apply_from'),
    /** Customer group (spec section 3); null = every customer. */
    customerGroupId: integer('customer_group_id'),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
    /** Associated EMSP (free text until roaming partners exist). */
    emsp: text('emsp'),
    /** First version of the chain (itself for a first version); a change is a new version. */
    versionOf: integer('version_of'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    index('tariffs_company_type_idx').on(t.companyId, t.type, t.status),
    index('tariffs_version_idx').on(t.versionOf),
  ],
);

/** MPS tariffs (spec section 3: id, countryCode, company): which tariff applies per country. */
export const mpsTariffs = sqliteTable(
  'mps_tariffs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type', { enum: TARIFF_TYPES }).notNull(),
    countryCode: text('country_code').notNull(),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mps_tariffs_unique').on(t.companyId, t.type, t.countryCode)],
);

/** How a session was priced: the tariff of each party and the engine's lines (for the session detail). */
export const sessionPricing = sqliteTable('session_pricing', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => chargingSessions.id, { onDelete: 'cascade' }),
  empTariffId: integer('emp_tariff_id'),
  subcpoTariffId: integer('subcpo_tariff_id'),
  ownerTariffId: integer('owner_tariff_id'),
  /**
   * The engine's results of the three perspectives: version 1 (before 27 Nov 2026) `{ emsp, cpo, owner }`
   * as the engine returned them, version 2 `[2, …]` what no other row keeps (the lines are in
   * session_tariff_lines). Read it only through `storedResults` (domain/sessions/stored-results.ts; ADR 009).
   */
  resultsJson: text('results_json').notNull(),
  pricedAt: timestamp('priced_at').notNull(),
});
