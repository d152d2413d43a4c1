/**
 * @module OCPI as e-mobility provider, tokens and commands (migration 0064, ADR 057 addendum "EMSP: tokens
 * and commands"): the real-time authorizations we answered a partner's CPO for our drivers' tokens (the
 * `authorization_reference` is ours: the partner's session and CDR carry it back), and the commands the
 * back office sent to a partner's CPO, with its immediate CommandResponse and its asynchronous
 * CommandResult (posted to our `response_url`, `/ocpi/2.2.1/emsp/commands/{command}/{uid}`).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { ocpiPeerings } from './ocpi';
import { rfids } from './rfids';
import { users } from './users';

export const ocpiEmspAuthorizations = sqliteTable(
  'ocpi_emsp_authorizations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    rfidId: integer('rfid_id')
      .notNull()
      .references(() => rfids.id, { onDelete: 'cascade' }),
    /** Our authorization_reference (a UUID), unique. */
    reference: text('reference').notNull(),
    /** The AllowedType answered. */
    allowed: text('allowed').notNull(),
    /** Why (our authorization decision's reason). */
    reason: text('reason').notNull(),
    locationId: text('location_id'),
    evseUidsJson: text('evse_uids_json'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ocpi_emsp_authorizations_reference_idx').on(t.reference),
    index('ocpi_emsp_authorizations_rfid_idx').on(t.rfidId, t.id),
  ],
);

export const ocpiEmspCommands = sqliteTable(
  'ocpi_emsp_commands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    /** The last segment of our response_url (a UUID): how the partner's CommandResult finds its command. */
    uid: text('uid').notNull(),
    /** START_SESSION, STOP_SESSION, UNLOCK_CONNECTOR, RESERVE_NOW or CANCEL_RESERVATION. */
    command: text('command').notNull(),
    /** The driver's card the command is for (START_SESSION, RESERVE_NOW). */
    rfidId: integer('rfid_id').references(() => rfids.id, { onDelete: 'set null' }),
    /** The command object as sent (response_url included). */
    requestJson: text('request_json').notNull(),
    /** The partner's CommandResponse: result, timeout (seconds) and message; null when it did not answer. */
    responseResult: text('response_result'),
    responseTimeout: integer('response_timeout'),
    responseMessage: text('response_message'),
    /** Why the command did not reach the partner (no answer, refused call). */
    error: text('error'),
    /** The CommandResult the partner posted to our response_url. */
    result: text('result'),
    resultMessage: text('result_message'),
    resultAt: timestamp('result_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ocpi_emsp_commands_uid_idx').on(t.uid),
    index('ocpi_emsp_commands_peering_idx').on(t.peeringId, t.id),
  ],
);
