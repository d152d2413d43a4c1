/**
 * @module Files exchanged with charge points (diagnostics uploads, firmware images in R2), the
 * single-use transfer tokens that let a charge point reach them, and the pending AuthorizationKey
 * of a station while ChangeConfiguration is on its way.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { stations } from './stations';
import { users } from './users';

export const STATION_FILE_KINDS = ['diagnostics', 'firmware'] as const;

export const stationFiles = sqliteTable(
  'station_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: STATION_FILE_KINDS }).notNull(),
    /** Operator company that owns the file (firmware is shared by the company's stations). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Diagnostics: the station that uploaded it. Firmware: null. */
    stationId: integer('station_id').references(() => stations.id),
    filename: text('filename').notNull(),
    /** Object key in the FILES bucket. */
    r2Key: text('r2_key').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('station_files_station_idx').on(t.stationId, t.kind, t.createdAt),
    index('station_files_company_idx').on(t.companyId, t.kind, t.createdAt),
  ],
);

export const STATION_TRANSFER_KINDS = ['diagnostics-upload', 'firmware-download'] as const;

/** A URL a charge point may use without a session: only the SHA-256 of its random token is stored. */
export const stationTransferTokens = sqliteTable(
  'station_transfer_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: STATION_TRANSFER_KINDS }).notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    /** firmware-download: the file served. */
    fileId: integer('file_id').references(() => stationFiles.id),
    expiresAt: timestamp('expires_at').notNull(),
    /** diagnostics-upload tokens are single-use: set when the upload is stored. */
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('station_transfer_tokens_station_idx').on(t.stationId)],
);

/**
 * A new basic-auth password (AuthorizationKey) sent to the charge point and not yet confirmed. It is
 * accepted at the upgrade alongside the current one until the charge point's answer promotes it
 * (Accepted) or drops it (Rejected / NotSupported); after a timeout it stays, and the first
 * connection that uses it promotes it.
 */
export const stationPendingKeys = sqliteTable('station_pending_keys', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});
