/**
 * @module Billing through Stripe (issue 17), what is sold and billed: subscriptions, one-time
 * products, invoices and their lines, the sessions a usage invoice billed, and payouts. The same rules
 * as `billing.ts`: our rows first, mirrored to Stripe, updated by its webhooks (`stripeEventAt`).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { billingCoupons, billingCustomers, billingPrices, billingProducts, billingTaxRates } from './billing';
import { createdAt, flag, stripeEventAt, timestamp } from './columns';
import { companies } from './companies';
import { userSubscriptionContracts } from './self-service';

export const billingSubscriptions = sqliteTable(
  'billing_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => billingCustomers.id),
    priceId: integer('price_id')
      .notNull()
      .references(() => billingPrices.id),
    couponId: integer('coupon_id').references(() => billingCoupons.id),
    taxRateId: integer('tax_rate_id').references(() => billingTaxRates.id),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Stripe's status: incomplete, trialing, active, past_due, canceled, unpaid, paused. */
    status: text('status').notNull().default('incomplete'),
    trialEnd: timestamp('trial_end'),
    /** 'eom' or a day of month 1-28; null: the creation day. */
    billingCycleAnchor: text('billing_cycle_anchor'),
    currentPeriodEnd: timestamp('current_period_end'),
    cancelAtPeriodEnd: flag('cancel_at_period_end'),
    /** Set once when activated; activation is irreversible (spec 4). */
    activatedAt: timestamp('activated_at'),
    canceledAt: timestamp('canceled_at'),
    stripeEventAt: stripeEventAt(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
    // Subscriptions and invoices (migration 0033): the driver's subscription contract it pays.
    userContractId: integer('user_contract_id').references(() => userSubscriptionContracts.id),
  },
  (t) => [
    index('billing_subscriptions_owner_idx').on(t.ownerCompanyId, t.status),
    index('billing_subscriptions_company_idx').on(t.companyId),
    // Subscriptions and invoices (migration 0033).
    index('billing_subscriptions_user_contract_idx').on(t.userContractId),
  ],
);

/** A one-time product sold to a company, pending until it lands on an invoice (spec 2: four-step create). */
export const billingOneTimeProducts = sqliteTable(
  'billing_one_time_products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    subscriptionId: integer('subscription_id').references(() => billingSubscriptions.id),
    productId: integer('product_id')
      .notNull()
      .references(() => billingProducts.id),
    quantity: integer('quantity').notNull(),
    /** Unit price excluding VAT, minor units. */
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    couponId: integer('coupon_id').references(() => billingCoupons.id),
    status: text('status', { enum: ['pending', 'invoiced', 'cancelled'] })
      .notNull()
      .default('pending'),
    stripeInvoiceItemId: text('stripe_invoice_item_id').unique(),
    invoiceId: integer('invoice_id'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('billing_one_time_products_owner_idx').on(t.ownerCompanyId, t.status)],
);

export const INVOICE_KINDS = ['subscription', 'usage', 'one_time'] as const;

export const billingInvoices = sqliteTable(
  'billing_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => billingCustomers.id),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /** The billed month of a usage invoice, 'YYYY-MM'; one usage invoice per company and month. */
    period: text('period'),
    subscriptionId: integer('subscription_id').references(() => billingSubscriptions.id),
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    number: text('number'),
    /** Stripe's status: draft, open, paid, uncollectible, void. */
    status: text('status').notNull().default('draft'),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull().default(0),
    totalExcludingTax: integer('total_excluding_tax').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull().default(0),
    amountDue: integer('amount_due').notNull().default(0),
    amountPaid: integer('amount_paid').notNull().default(0),
    customerEmail: text('customer_email'),
    periodStart: timestamp('period_start'),
    periodEnd: timestamp('period_end'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextPaymentAttempt: timestamp('next_payment_attempt'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    validatedAt: timestamp('validated_at'),
    sentAt: timestamp('sent_at'),
    paidAt: timestamp('paid_at'),
    stripeEventAt: stripeEventAt(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    index('billing_invoices_owner_idx').on(t.ownerCompanyId, t.status, t.createdAt),
    index('billing_invoices_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('billing_invoices_usage_uq').on(t.companyId, t.kind, t.period),
  ],
);

export const INVOICE_LINE_KINDS = ['session', 'fee', 'subscription', 'one_time'] as const;

export const billingInvoiceLines = sqliteTable(
  'billing_invoice_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The billed session of a session line (one line per session and invoice). */
    sessionId: integer('session_id'),
    /** Energy of a session line in Wh. */
    energyWh: integer('energy_wh'),
    /** Several lines share one Stripe item (a usage invoice's sessions: migration 0035). */
    stripeInvoiceItemId: text('stripe_invoice_item_id'),
    periodStart: timestamp('period_start'),
    periodEnd: timestamp('period_end'),
  },
  (t) => [
    index('billing_invoice_lines_invoice_idx').on(t.invoiceId),
    index('billing_invoice_lines_stripe_item_idx').on(t.stripeInvoiceItemId),
    uniqueIndex('billing_invoice_lines_session_uq').on(t.invoiceId, t.sessionId),
  ],
);

export const billingPayouts = sqliteTable(
  'billing_payouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id'),
    stripePayoutId: text('stripe_payout_id').unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's status: pending, in_transit, paid, failed, canceled. */
    status: text('status').notNull().default('pending'),
    arrivalDate: timestamp('arrival_date'),
    stripeEventAt: stripeEventAt(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('billing_payouts_company_idx').on(t.companyId, t.createdAt)],
);

/** Which sessions a usage invoice billed (a session is billed once, whatever the reruns). */
export const billedSessions = sqliteTable(
  'billed_sessions',
  {
    sessionId: integer('session_id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('billed_sessions_invoice_idx').on(t.invoiceId)],
);
