/**
 * @module Prepaid wallets (issue 18, migration 0036). A wallet is a company's (`userId` null) or one of
 * its users', in one currency. Its balance is the running total of `walletEntries`, an append-only
 * ledger: each entry stores the balance after it, computed in the INSERT itself from the previous
 * entry (drizzle/queries/wallet-ledger.store.ts), and `reference` makes each entry idempotent. Money
 * is integer minor units of the wallet's currency; credits are positive, debits negative.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { chargingSessions } from './sessions';
import { users } from './users';

export const WALLET_ENTRY_KINDS = ['top_up', 'session_debit', 'refund', 'adjustment'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];
export const TOP_UP_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];
export const TOP_UP_ORIGINS = ['manual', 'auto_recharge'] as const;

export const wallets = sqliteTable(
  'wallets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null: the company's own wallet (pays sessions on its business pass). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** Auto-recharge: when the balance falls below the threshold, a top-up of the amount is charged. */
    autoRechargeThreshold: integer('auto_recharge_threshold'),
    autoRechargeAmount: integer('auto_recharge_amount'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
    deletedAt: timestamp('deleted_at'),
  },
  (t) => [
    uniqueIndex('wallets_owner_uq').on(t.companyId, sql`ifnull(${t.userId}, 0)`).where(sql`${t.deletedAt} IS NULL`),
    index('wallets_user_idx').on(t.userId),
  ],
);

export const walletEntries = sqliteTable(
  'wallet_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WALLET_ENTRY_KINDS }).notNull(),
    /** Signed minor units: a credit is positive, a debit negative. */
    amount: integer('amount').notNull(),
    /** The balance after this entry: the previous entry's plus `amount`, computed by the INSERT. */
    balanceAfter: integer('balance_after').notNull(),
    /** Idempotency per wallet: `top-up:{id}`, `session:{id}`, `refund:{id}:{n}`, `adjustment:{uuid}`. */
    reference: text('reference').notNull(),
    sessionId: integer('session_id').references(() => chargingSessions.id, { onDelete: 'set null' }),
    topUpId: integer('top_up_id'),
    /** A manual adjustment's reason (mandatory there); a debit's or refund's note. */
    reason: text('reason'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_entries_reference_uq').on(t.walletId, t.reference),
    index('wallet_entries_wallet_idx').on(t.walletId, t.id),
    index('wallet_entries_session_idx').on(t.sessionId),
    check('wallet_entries_kind_ck', sql`${t.kind} IN ('top_up', 'session_debit', 'refund', 'adjustment')`),
  ],
);

/** A top-up asked of Stripe (Checkout in payment mode); credited only when the webhook says paid. */
export const walletTopUps = sqliteTable(
  'wallet_top_ups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: TOP_UP_STATUSES }).notNull().default('pending'),
    origin: text('origin', { enum: TOP_UP_ORIGINS }).notNull().default('manual'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeEventAt: integer('stripe_event_at').notNull().default(0),
    failure: text('failure'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('wallet_top_ups_wallet_idx').on(t.walletId, t.id)],
);
