/**
 * @module Ad-hoc payments by QR at the charger (issue 18 part 4, migration 0037): one row per attempt
 * of a passer-by to pay and charge on a connector. The hold (`amountHeld`) is the operator's
 * pre-authorization amount copied at creation (locked per QR session, spec 9); `authId` (`EP-…`) is
 * the one-time idTag the back office remote-starts the connector with; at stop at most the hold is
 * captured (`capturedAmount`) and the rest released. Money is integer minor units of `currency`.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { QR_PAYMENT_STATUSES } from '../../domain/qr-payments/status';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { chargingSessions } from './sessions';
import { connectors, stations } from './stations';
import { tariffs } from './tariffs';

export const qrPayments = sqliteTable(
  'qr_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Random and unguessable: the driver's pages are addressed by it, never by `id`. */
    token: text('token').notNull(),
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    connectorNumber: integer('connector_number').notNull(),
    /** The station's operator: its pre-authorization amount and its Stripe account. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The tariff whose driver price was shown before payment (null: none applied). */
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    amountHeld: integer('amount_held').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: QR_PAYMENT_STATUSES }).notNull().default('pending'),
    /** `EP-…`: the idTag of the remote start, accepted once, on this connector only. */
    authId: text('auth_id').notNull(),
    sessionId: integer('session_id').references(() => chargingSessions.id, { onDelete: 'set null' }),
    capturedAmount: integer('captured_amount'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** Why the payment ended without charging (a stable code the driver's page translates). */
    failureReason: text('failure_reason'),
    email: text('email'),
    /** The driver's page language, for the receipt e-mail. */
    language: text('language').notNull().default('en'),
    receiptSentAt: timestamp('receipt_sent_at'),
    createdAt: createdAt(),
    authorizedAt: timestamp('authorized_at'),
    startRequestedAt: timestamp('start_requested_at'),
    startedAt: timestamp('started_at'),
    finishedAt: timestamp('finished_at'),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('qr_payments_token_uq').on(t.token),
    uniqueIndex('qr_payments_auth_id_uq').on(t.authId),
    uniqueIndex('qr_payments_intent_uq').on(t.stripePaymentIntentId),
    uniqueIndex('qr_payments_session_uq').on(t.sessionId),
    index('qr_payments_open_idx')
      .on(t.status, t.id)
      .where(sql`${t.status} IN ('pending', 'authorized', 'starting', 'charging')`),
    index('qr_payments_company_idx').on(t.companyId, t.id),
    check(
      'qr_payments_status_check',
      sql`${t.status} IN ('pending', 'authorized', 'starting', 'charging', 'captured', 'released', 'failed')`,
    ),
    check('qr_payments_amount_check', sql`${t.amountHeld} > 0`),
  ],
);
