/**
 * @module Single sign-on with OpenID Connect per company (issue 20 part 5, migration 0041, ADR 048):
 * the company's provider configuration, the e-mail domains that log in through it (a domain belongs to
 * one company), and the started logins whose `state`, nonce and PKCE verifier the callback must match.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies, corporateGroups } from './companies';
import { users } from './users';

export const ssoConfigs = sqliteTable('sso_configs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-GCM under SSO_SECRET_KEY (domain/identity/secret-box.ts, context `sso:<companyId>`); never returned. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** JSON array of role ids given to people provisioned at their first login. */
  defaultRolesJson: text('default_roles_json').notNull().default('[]'),
  defaultCorporateGroupId: integer('default_corporate_group_id').references(() => corporateGroups.id, {
    onDelete: 'set null',
  }),
  idpMfaReplaces2fa: flag('idp_mfa_replaces_2fa'),
  enabled: flag('enabled'),
  updatedAt: timestamp('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedBy: integer('updated_by').references(() => users.id),
});

export const ssoDomains = sqliteTable(
  'sso_domains',
  {
    /** Lower-cased; the primary key makes it belong to one company only. */
    domain: text('domain').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => ssoConfigs.companyId, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_company_idx').on(t.companyId)],
);

export const ssoLoginAttempts = sqliteTable(
  'sso_login_attempts',
  {
    /** SHA-256 (hex) of the `state` sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [index('sso_login_attempts_expires_idx').on(t.expiresAt)],
);
