/**
 * @module Driver self-service (spec 1 section 3 personal data, spec 2 7.8 update-user-data) and
 * subscription contracts (7.8 subscription-contracts, service setting 31).
 * First and last name, SSN, IBAN owner and language stay on `users`; the rest of the personal
 * data lives here, one row per user. The IBAN is sealed (AES-GCM, domain/identity/secret-box, context
 * `iban:<userId>`); its country and last four characters are kept apart so lists show a mask
 * without decrypting anything.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';
import { stations } from './stations';
import { users } from './users';

export const userPersonalData = sqliteTable('user_personal_data', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** ISO 3166-1 alpha-2. */
  country: text('country'),
  city: text('city'),
  district: text('district'),
  street: text('street'),
  streetNumber: text('street_number'),
  zip: text('zip'),
  autoRechargeEnabled: flag('auto_recharge_enabled'),
  /** The driver's usual (home) station; one the driver may charge at when chosen. */
  stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
  /** `v1.<iv>.<ciphertext>` of the normalized IBAN. */
  ibanSealed: text('iban_sealed'),
  ibanCountry: text('iban_country'),
  ibanLast4: text('iban_last4'),
  updatedAt: timestamp('updated_at'),
});

export const CONTRACT_STATUSES = ['active', 'expired', 'cancelled'] as const;

/** The catalog: contracts a company offers its drivers (price in minor units of `currency`). */
export const subscriptionContracts = sqliteTable(
  'subscription_contracts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('EUR'),
    durationMonths: integer('duration_months').notNull(),
    active: flag('active'),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_contracts_company_idx').on(t.companyId)],
);

/** A driver's contract: bought (or, when free, assigned) once; activation is irreversible. */
export const userSubscriptionContracts = sqliteTable(
  'user_subscription_contracts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => subscriptionContracts.id),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('active'),
    startsAt: timestamp('starts_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    /** Renew for another term when it expires. */
    autorenew: flag('autorenew'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    index('user_subscription_contracts_user_idx').on(t.userId, t.status),
    /** At most one active contract of a kind per driver. */
    uniqueIndex('user_subscription_contracts_one_active').on(t.userId, t.contractId).where(sql`status = 'active'`),
  ],
);
