/** @module The operator invoice board (issue 17 part 8, migration 0034, ADR 044). */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';

export const CPO_INVOICE_EVENT_KINDS = ['created', 'recomputed', 'status', 'check', 'notes', 'invoice-date'] as const;

/**
 * One row per operator (the company operating the stations: CPO or sub-operator) and local month:
 * the figures computed from the month's sessions (domain/billing/cpo-invoice.ts), refreshed only
 * while draft, the admin checks and the status.
 */
export const cpoInvoices = sqliteTable(
  'cpo_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    operatorCompanyId: integer('operator_company_id')
      .notNull()
      .references(() => companies.id),
    /** "YYYY-MM", the operator's local calendar month. */
    month: text('month').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    sessions: integer('sessions').notNull().default(0),
    energyWh: integer('energy_wh').notNull().default(0),
    /** Minor units: the sub-operator perspective's energy price, summed. */
    energyAmount: integer('energy_amount').notNull().default(0),
    subOperatorTotal: integer('sub_operator_total').notNull().default(0),
    ownerTotal: integer('owner_total').notNull().default(0),
    unpricedSessions: integer('unpriced_sessions').notNull().default(0),
    /** "YYYY-MM-DD". */
    invoiceDate: text('invoice_date').notNull(),
    status: text('status', { enum: ['draft', 'checked', 'sent', 'paid', 'disputed'] })
      .notNull()
      .default('draft'),
    sessionsChecked: flag('sessions_checked'),
    amountsChecked: flag('amounts_checked'),
    sentToOperator: flag('sent_to_operator'),
    notes: text('notes'),
    computedAt: timestamp('computed_at').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('cpo_invoices_operator_month_uq').on(t.operatorCompanyId, t.month),
    index('cpo_invoices_month_idx').on(t.month, t.id),
  ],
);

/** The timeline of a board row: created, recomputed, each status and check change, with who and when. */
export const cpoInvoiceEvents = sqliteTable(
  'cpo_invoice_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => cpoInvoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CPO_INVOICE_EVENT_KINDS }).notNull(),
    detailJson: text('detail_json'),
    actorUserId: integer('actor_user_id'),
    at: timestamp('at').notNull(),
  },
  (t) => [index('cpo_invoice_events_invoice_idx').on(t.invoiceId, t.id)],
);
