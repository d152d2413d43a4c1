/**
 * @module News (issue 20 part 8, migration 0046): short plain-text news a company's admins publish to
 * the users of their company, and who has read which. Soft-deleted; shown from `publishedAt` until
 * `expiresAt` (null: no end).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/** Who a news item is for: everyone of the company, fleet users (no back-office role), back-office staff. */
export const NEWS_AUDIENCES = ['all', 'users', 'staff'] as const;

export const news = sqliteTable(
  'news',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: NEWS_AUDIENCES }).notNull().default('all'),
    publishedAt: timestamp('published_at').notNull(),
    expiresAt: timestamp('expires_at'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
    deletedAt: timestamp('deleted_at'),
  },
  (t) => [
    index('news_company_published_idx').on(t.companyId, t.publishedAt),
    check('news_audience_check', sql`${t.audience} IN ('all', 'users', 'staff')`),
  ],
);

export const newsReads = sqliteTable(
  'news_reads',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] }), index('news_reads_user_idx').on(t.userId)],
);
