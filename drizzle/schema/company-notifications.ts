/** @module A company's notification channels (issue 20 part 2): subscribed notification types and alert countries. */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

/** One row per notification type the company subscribes to (`NOTIFICATION_TYPES` of the domain). */
export const companyNotificationTypes = sqliteTable(
  'company_notification_types',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Comma-separated recipients, normalized; null: the company's own e-mail. */
    emails: text('emails'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.type] })],
);

/** The countries (ISO 3166-1 alpha-2) a company's alerts cover: spec 3 `alert_setting_countries`. */
export const companyAlertCountries = sqliteTable(
  'company_alert_countries',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.country] })],
);
