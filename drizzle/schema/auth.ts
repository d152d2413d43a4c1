/** @module Login sessions, two-factor codes, TOTP pairings, password resets and rate limits. */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * One row per login. The cookie (or the bearer JWT's `sid`) carries a random token; only its
 * SHA-256 is stored. Roles are snapshotted at login so role changes apply at the next login.
 */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rolesJson: text('roles_json').notNull(),
    selectedCompanyId: integer('selected_company_id')
      .notNull()
      .references(() => companies.id),
    twoFactorPassedAt: timestamp('two_factor_passed_at'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const twoFactorCodes = sqliteTable(
  'two_factor_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    consumedAt: timestamp('consumed_at'),
  },
  (t) => [index('two_factor_codes_session_idx').on(t.sessionId)],
);

/** Authenticator pairings. Re-pairing cancels every older pairing of the user. */
export const totpPairings = sqliteTable(
  'totp_pairings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Base32 secret, encrypted with AES-GCM under a key derived from SESSION_SECRET. */
    secretEnc: text('secret_enc').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at'),
    cancelledAt: timestamp('cancelled_at'),
    /** Last accepted time step, so a code cannot be replayed. */
    lastUsedStep: integer('last_used_step'),
  },
  (t) => [index('totp_pairings_user_idx').on(t.userId)],
);

export const passwordResets = sqliteTable('password_resets', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at').notNull(),
  usedAt: timestamp('used_at'),
});

/** Fixed-window counters for login and code attempts, per account and per client. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});
