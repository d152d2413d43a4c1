/** @module RFID cards (key hangers): the idTags a charge point sends to Authorize. */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

export const RFID_STATUSES = ['active', 'blocked', 'unlinked'] as const;

export const rfids = sqliteTable(
  'rfids',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The printed, visual code (key_hanger_code). Generated when only the UUID is given. */
    keyHangerCode: text('key_hanger_code').notNull(),
    /** The chip UUID, sent by charge points as the OCPP idTag. Stored upper-case. */
    uuid: text('uuid').notNull(),
    userId: integer('user_id').references(() => users.id),
    type: text('type').notNull().default('rfid'),
    /** The id of the roaming peering the card is published to as an OCPI token (ADR 057 addendum "EMSP: tokens and commands"). */
    peering: text('peering'),
    /** The OCPP parentIdTag (group id) of the card, upper-case; cards sharing one form a group. */
    parentIdTag: text('parent_id_tag'),
    /** Blocking and unlinking are irreversible. */
    status: text('status', { enum: RFID_STATUSES }).notNull().default('active'),
    /** Past this instant the card answers OCPP Expired (the status stays as it is). */
    expiresAt: timestamp('expires_at'),
    blockedAt: timestamp('blocked_at'),
    unlinkedAt: timestamp('unlinked_at'),
    /** The last change made through the key hangers API (migration 0064): the OCPI token's `last_updated`. */
    updatedAt: timestamp('updated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rfids_uuid_unique').on(t.uuid),
    index('rfids_company_idx').on(t.companyId),
    index('rfids_user_idx').on(t.userId),
  ],
);
