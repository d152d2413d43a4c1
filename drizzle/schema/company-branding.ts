/**
 * @module Company branding and reports settings (issue 20 parts 2 and 7, migration 0043, ADR 049): the
 * catalog of mobile app customisations a company may choose (`companies.app_customization_customers_id`)
 * and the revenue reports a company receives. The branding itself (logo, brand colour, title, white-label
 * and demo-mode flags) is columns of `companies`.
 */
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

export const appCustomizations = sqliteTable(
  'app_customizations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('app_customizations_name_unique').on(t.name)],
);

/** Which revenue PDFs (spec 000 §9: monthly and quarterly) a company receives, and to whom. */
export const companyReportSettings = sqliteTable('company_report_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  monthlyRevenue: flag('monthly_revenue'),
  quarterlyRevenue: flag('quarterly_revenue'),
  /** Comma-separated e-mail addresses (spec 000 §5), stored normalised. */
  recipients: text('recipients'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at'),
});
