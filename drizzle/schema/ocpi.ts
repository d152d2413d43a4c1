/**
 * @module OCPI 2.2.1 roaming (issue 22 parts 1 and 2, migration 0052, ADR 057): our parties per operator
 * company, the peerings with partner platforms (their credentials tokens: hashed when the partner presents
 * them to us, sealed when we present them), the message log of each peering and the outbox of outgoing work.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

export const ocpiParties = sqliteTable(
  'ocpi_parties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    /** OCPI role: CPO or EMSP. */
    role: text('role').notNull(),
    businessName: text('business_name').notNull(),
    website: text('website'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ocpi_parties_identity_idx').on(t.countryCode, t.partyId, t.role),
    index('ocpi_parties_company_idx').on(t.companyId),
  ],
);

export const ocpiPeerings = sqliteTable(
  'ocpi_peerings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `outbound`: we register with the partner (its versions URL and token A); `inbound`: it registers with us. */
    direction: text('direction').notNull(),
    versionsUrl: text('versions_url'),
    /** Our OCPI base (…/ocpi), as the partner reaches it: our versions URL is `<base>/versions`. */
    ourBaseUrl: text('our_base_url').notNull(),
    version: text('version'),
    endpointsJson: text('endpoints_json').notNull().default('[]'),
    partnerRolesJson: text('partner_roles_json').notNull().default('[]'),
    /** pending, registered, suspended, unregistered or failed. */
    state: text('state').notNull().default('pending'),
    lastError: text('last_error'),
    /** SHA-256 (hex) of the token the partner presents to us; never in clear. */
    incomingTokenHash: text('incoming_token_hash'),
    incomingTokenPrefix: text('incoming_token_prefix'),
    /** A, B or C. */
    incomingTokenKind: text('incoming_token_kind'),
    /** The token we present, AES-GCM under SSO_SECRET_KEY (context `ocpi:<id>`). */
    outgoingTokenSealed: text('outgoing_token_sealed'),
    outgoingTokenKind: text('outgoing_token_kind'),
    registeredAt: timestamp('registered_at'),
    /** A public peering shows bound stations to every driver of the partner (migration 0056); a private one sends them unpublished. */
    public: integer('public', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    index('ocpi_peerings_company_idx').on(t.companyId, t.id),
    uniqueIndex('ocpi_peerings_incoming_token_idx').on(t.incomingTokenHash),
  ],
);

export const ocpiMessages = sqliteTable(
  'ocpi_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    /** `in` (the partner called us) or `out`. */
    direction: text('direction').notNull(),
    method: text('method').notNull(),
    urlPath: text('url_path').notNull(),
    httpStatus: integer('http_status'),
    ocpiStatus: integer('ocpi_status'),
    durationMs: integer('duration_ms').notNull(),
    requestId: text('request_id'),
    correlationId: text('correlation_id'),
    /** Truncated, tokens redacted. */
    body: text('body'),
    at: timestamp('at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('ocpi_messages_peering_idx').on(t.peeringId, t.id)],
);

export const ocpiOutbox = sqliteTable(
  'ocpi_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    /** `connect` (the credentials handshake), or a push of one object (`location`, `session`, `cdr`…). */
    kind: text('kind').notNull(),
    /** The object a push is about (`session:42`): one peering's rows of one object go out in id order. */
    objectKey: text('object_key'),
    /** The body to send as it is (a CDR, a command result); null: the object's state at delivery. */
    payload: text('payload'),
    /** queued, done or dead. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    lockedUntil: integer('locked_until').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ocpi_outbox_due_idx').on(t.state, t.nextAttemptAt),
    index('ocpi_outbox_object_idx').on(t.peeringId, t.objectKey, t.id),
  ],
);

/** Tokens a partner's e-mobility provider pushed to us (tokens receiver, migration 0055). */
export const ocpiTokens = sqliteTable(
  'ocpi_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    uid: text('uid').notNull(),
    /** AD_HOC_USER, APP_USER, OTHER or RFID. */
    type: text('type').notNull(),
    contractId: text('contract_id').notNull(),
    visualNumber: text('visual_number'),
    issuer: text('issuer').notNull(),
    groupId: text('group_id'),
    valid: integer('valid', { mode: 'boolean' }).notNull(),
    /** ALWAYS, ALLOWED, ALLOWED_OFFLINE or NEVER. */
    whitelist: text('whitelist').notNull(),
    language: text('language'),
    defaultProfileType: text('default_profile_type'),
    energyContractJson: text('energy_contract_json'),
    lastUpdated: timestamp('last_updated').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ocpi_tokens_identity_idx').on(t.peeringId, t.countryCode, t.partyId, t.uid, t.type),
    index('ocpi_tokens_uid_idx').on(t.uid),
  ],
);
