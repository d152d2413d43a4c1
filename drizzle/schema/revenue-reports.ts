/** @module Revenue reports (issue 21 part 6, ADR 056): the monthly and quarterly revenue PDFs of a company. */

import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/** One company's revenue PDF for one month ('YYYY-MM') or quarter ('YYYY-Qn'); the object is in R2 `FILES`. */
export const revenueReports = sqliteTable(
  'revenue_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    periodKind: text('period_kind', { enum: ['month', 'quarter'] }).notNull(),
    period: text('period').notNull(),
    /** revenue-reports/{companyId}/{period}.pdf: fixed, so a rerun overwrites the same object. */
    r2Key: text('r2_key').notNull(),
    sizeBytes: integer('size_bytes').notNull().default(0),
    status: text('status', { enum: ['ready', 'failed'] }).notNull(),
    /** Why the last attempt failed (first line, no data). */
    error: text('error'),
    /** Where the figures came from: the warehouse or D1. */
    source: text('source', { enum: ['warehouse', 'd1'] }),
    /** Who asked for it ("generate now"); null for the daily job. */
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    generatedAt: timestamp('generated_at').notNull(),
    /** When the recipients' e-mails were queued; null when not (yet) or nobody to send to. */
    emailedAt: timestamp('emailed_at'),
  },
  (t) => [
    uniqueIndex('revenue_reports_company_period_unique').on(t.companyId, t.periodKind, t.period),
    index('revenue_reports_period_idx').on(t.period, t.companyId),
    check('revenue_reports_kind', sql`${t.periodKind} IN ('month', 'quarter')`),
    check('revenue_reports_status', sql`${t.status} IN ('ready', 'failed')`),
  ],
);
