/** @module Fleet management: the company's limit unit, currency limits, back-office user flags. */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

export const LIMIT_UNITS = ['kwh', 'currency'] as const;
export type LimitUnit = (typeof LIMIT_UNITS)[number];

/** Per-company fleet choices; a company without a row uses kWh limits. */
export const fleetCompanySettings = sqliteTable('fleet_company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  limitUnit: text('limit_unit', { enum: LIMIT_UNITS }).notNull().default('kwh'),
  updatedAt: timestamp('updated_at'),
});

/**
 * Limits in the company currency (minor units), for companies whose limit unit is the currency.
 * Kept apart from users.*_limit (kWh, read by the charger's decision) so that a currency amount is
 * never compared with energy; they are enforced once sessions are priced (see ADR 017).
 */
export const userCurrencyLimits = sqliteTable('user_currency_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dailyMinor: integer('daily_minor'),
  weeklyMinor: integer('weekly_minor'),
  monthlyMinor: integer('monthly_minor'),
});

/** Back-office flags of a user: "charging permission updates can be disabled for some admins". */
export const backofficeUserFlags = sqliteTable('backoffice_user_flags', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  permissionUpdatesDisabled: flag('permission_updates_disabled'),
});
