/**
 * @module Billing through Stripe (issue 17). Our tables are the system of record for what the
 * screens list: objects are written here first (with the idempotency key Stripe sees derived from
 * the row id), mirrored to Stripe, and updated by Stripe's webhooks. The operator whose Connect
 * account holds an object is its `ownerCompanyId`; the billed company is `companyId`. Money is
 * integer minor units beside an ISO currency. `stripeEventAt` holds the `created` second of the
 * last Stripe event applied to the row, so an older event never overwrites a newer state.
 * This file: accounts, customers, payment methods and the catalogue; `billing-invoicing.ts`:
 * subscriptions, one-time products, invoices, payouts; `billing-operations.ts`: the webhook log and
 * job runs; `cpo-invoices.ts`: the operator invoice board.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, stripeEventAt, timestamp } from './columns';
import { companies } from './companies';
import { subscriptionContracts } from './self-service';

export const ONBOARDING_STATES = ['todo', 'pending', 'done', 'interrupted', 'reauth', 'recover'] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];

/** An operator's Stripe Connect account and where its onboarding stands (spec 4 "Billing onboarding"). */
export const billingAccounts = sqliteTable('billing_accounts', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  state: text('state', { enum: ONBOARDING_STATES }).notNull().default('todo'),
  collectionMethod: text('collection_method', { enum: ['charge_automatically', 'send_invoice'] })
    .notNull()
    .default('charge_automatically'),
  detailsSubmitted: flag('details_submitted'),
  chargesEnabled: flag('charges_enabled'),
  payoutsEnabled: flag('payouts_enabled'),
  stripeEventAt: stripeEventAt(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at'),
});

/** The Stripe customer of a billed company, held on its operator's account (or the platform's). */
export const billingCustomers = sqliteTable(
  'billing_customers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    stripeCustomerId: text('stripe_customer_id').unique(),
    email: text('email'),
    name: text('name').notNull(),
    taxIdType: text('tax_id_type'),
    taxIdValue: text('tax_id_value'),
    taxIdCountry: text('tax_id_country'),
    stripeTaxId: text('stripe_tax_id'),
    defaultPaymentMethodId: text('default_payment_method_id'),
    stripeEventAt: stripeEventAt(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [uniqueIndex('billing_customers_company_owner_uq').on(t.companyId, t.ownerCompanyId)],
);

export const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit', 'bacs_debit', 'customer_balance'] as const;

/** A payment method attached to a customer, mirrored from Stripe (spec 3: last 4, expiry, default, bank code). */
export const billingPaymentMethods = sqliteTable(
  'billing_payment_methods',
  {
    stripePaymentMethodId: text('stripe_payment_method_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => billingCustomers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PAYMENT_METHOD_TYPES }).notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankCode: text('bank_code'),
    detachedAt: timestamp('detached_at'),
    createdAt: createdAt(),
    // webhooks (migration 0032): the second of the last Stripe event applied to the row.
    stripeEventAt: stripeEventAt(),
  },
  (t) => [index('billing_payment_methods_customer_idx').on(t.customerId)],
);

/** A setup intent started from the back office and its result (spec 4: success, processing, failed). */
export const billingSetupIntents = sqliteTable('billing_setup_intents', {
  stripeSetupIntentId: text('stripe_setup_intent_id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => billingCustomers.id, { onDelete: 'cascade' }),
  result: text('result', { enum: ['pending', 'success', 'processing', 'failed'] })
    .notNull()
    .default('pending'),
  stripeEventAt: stripeEventAt(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at'),
});

export const billingProducts = sqliteTable(
  'billing_products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    stripeProductId: text('stripe_product_id').unique(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    type: text('type', { enum: ['one_time', 'recurring'] }).notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
    // Subscriptions and invoices (migration 0033): the fleet subscription contract this product sells.
    contractId: integer('contract_id').references(() => subscriptionContracts.id),
  },
  (t) => [
    index('billing_products_owner_idx').on(t.ownerCompanyId, t.name),
    // Subscriptions and invoices (migration 0033): one product per contract and operator.
    uniqueIndex('billing_products_contract_uq').on(t.ownerCompanyId, t.contractId).where(sql`contract_id IS NOT NULL`),
  ],
);

export const PRICE_INTERVALS = ['one_time', 'month', 'year'] as const;

export const billingPrices = sqliteTable(
  'billing_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => billingProducts.id),
    stripePriceId: text('stripe_price_id').unique(),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: PRICE_INTERVALS }).notNull(),
    // Subscriptions and invoices (migration 0033): the price recurs every `intervalCount` intervals.
    intervalCount: integer('interval_count').notNull().default(1),
    /** The product's default price (one per product). */
    isDefault: flag('is_default'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('billing_prices_product_idx').on(t.productId)],
);

export const billingTaxRates = sqliteTable(
  'billing_tax_rates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    stripeTaxRateId: text('stripe_tax_rate_id').unique(),
    description: text('description').notNull(),
    /** Percent, up to four decimals (22 = 22 %). */
    percentage: real('percentage').notNull(),
    jurisdiction: text('jurisdiction'),
    taxType: text('tax_type'),
    inclusive: flag('inclusive'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('billing_tax_rates_owner_idx').on(t.ownerCompanyId)],
);

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;

export const billingCoupons = sqliteTable(
  'billing_coupons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    stripeCouponId: text('stripe_coupon_id').unique(),
    name: text('name').notNull(),
    percentOff: real('percent_off'),
    amountOff: integer('amount_off'),
    currency: text('currency'),
    duration: text('duration', { enum: COUPON_DURATIONS }).notNull(),
    durationInMonths: integer('duration_in_months'),
    deletedAt: timestamp('deleted_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('billing_coupons_owner_idx').on(t.ownerCompanyId)],
);
