/**
 * @module API keys for integrators (issue 20 part 6, migration 0040, ADR 047): a key acts for one
 * company's subtree, read-only or with a list of permissions; only the SHA-256 of its secret is kept.
 * `apiKeyUsage` counts requests per key per epoch minute (rate limit and usage figures).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `read`: GET routes only; `permissions`: only the permissions of `permissionsJson`. */
    scope: text('scope', { enum: ['read', 'permissions'] }).notNull(),
    permissionsJson: text('permissions_json'),
    /** The creator's roles at creation: the ceiling of what the key may do. */
    rolesJson: text('roles_json').notNull(),
    /** SHA-256 (hex) of the secret; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    /** The first characters of the secret, to recognise it in the list. */
    displayPrefix: text('display_prefix').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at'),
    lastUsedAt: timestamp('last_used_at'),
    revokedAt: timestamp('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    index('api_keys_company_idx').on(t.companyId, t.id),
    check('api_keys_scope_check', sql`${t.scope} IN ('read', 'permissions')`),
  ],
);

export const apiKeyUsage = sqliteTable(
  'api_key_usage',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** Epoch minute: floor(ms / 60 000). */
    minute: integer('minute').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.minute] }), index('api_key_usage_minute_idx').on(t.minute)],
);
