/**
 * @module OCPI hub specifics and charging profiles (migration 0067, ADR 057 addendum "Hub and charging
 * profiles"): the parties behind a hub peering as its HubClientInfo pushes them, and the charging
 * profile requests partners made on their sessions with what the charge point answered.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { ocpiPeerings } from './ocpi';

export const ocpiHubClients = sqliteTable(
  'ocpi_hub_clients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** OCPI role of the party behind the hub (CPO, EMSP, …). */
    role: text('role').notNull(),
    /** CONNECTED, OFFLINE, PLANNED or SUSPENDED. */
    status: text('status').notNull(),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    lastUpdated: timestamp('last_updated').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ocpi_hub_clients_identity_idx').on(t.peeringId, t.countryCode, t.partyId, t.role)],
);

export const ocpiChargingProfiles = sqliteTable(
  'ocpi_charging_profiles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    /** charging_sessions.id */
    sessionId: integer('session_id').notNull(),
    /** set (PUT), active (GET) or clear (DELETE). */
    request: text('request').notNull(),
    /** The party behind a hub that asked (OCPI-from-* headers); null on a direct peering. */
    fromCountryCode: text('from_country_code'),
    fromPartyId: text('from_party_id'),
    /** The OCPP 1.6 profile sent to the charge point (limits capped at the site's share). */
    profileJson: text('profile_json'),
    responseUrl: text('response_url').notNull(),
    /** The ChargingProfileResultType posted to response_url; null until the charge point answered. */
    result: text('result'),
    createdAt: createdAt(),
  },
  (t) => [index('ocpi_charging_profiles_session_idx').on(t.sessionId, t.createdAt)],
);
