/** @module E-mail outbox and audit log. */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';

export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Template id, e.g. two-factor-code, password-reset. */
    template: text('template').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('email_outbox_pending_idx').on(t.sentAt)],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: createdAt(),
    actorUserId: integer('actor_user_id'),
    companyId: integer('company_id'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    detailJson: text('detail_json'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.at), index('audit_log_actor_idx').on(t.actorUserId)],
);
