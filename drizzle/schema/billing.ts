/**
 * @module Billing through Stripe (issue 17). Our tables are the system of record for what the
 * screens list: objects are written here first (with the idempotency key Stripe sees derived from
 * the row id), mirrored to Stripe, and updated by Stripe's webhooks. The operator whose Connect
 * account holds an object is its `ownerCompanyId`; the billed company is `companyId`. Money is
 * integer minor units beside an ISO currency. `stripeEventAt` holds the `created` second of the
 * last Stripe event applied to the row, so an older event never overwrites a newer state.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';
import { subscriptionContracts, userSubscriptionContracts } from './self-service';

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
  stripeEventAt: integer('stripe_event_at').notNull().default(0),
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
    stripeEventAt: integer('stripe_event_at').notNull().default(0),
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
    stripeEventAt: integer('stripe_event_at').notNull().default(0),
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
  stripeEventAt: integer('stripe_event_at').notNull().default(0),
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
    stripeEventAt: integer('stripe_event_at').notNull().default(0),
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
    stripeEventAt: integer('stripe_event_at').notNull().default(0),
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
    stripeEventAt: integer('stripe_event_at').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('billing_payouts_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Every Stripe event received, stored before it is applied: the primary key makes a replay a no-op,
 * `outcome` says what applying did (applied, duplicate, stale, ignored, failed).
 */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The connected account the event came from (Connect), null for the platform's own. */
    account: text('account'),
    objectId: text('object_id'),
    /** Stripe's `created`, seconds. */
    created: integer('created').notNull(),
    payloadJson: text('payload_json').notNull(),
    receivedAt: createdAt(),
    appliedAt: timestamp('applied_at'),
    outcome: text('outcome', { enum: ['pending', 'applied', 'stale', 'ignored', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    deliveries: integer('deliveries').notNull().default(1),
    // webhooks (migration 0032): why an `ignored` event was not applied.
    reason: text('reason'),
  },
  (t) => [
    index('stripe_events_received_idx').on(t.receivedAt),
    index('stripe_events_object_idx').on(t.objectId),
    // webhooks (migration 0032): the log screen lists a connected account's events newest first.
    index('stripe_events_account_idx').on(t.account, t.receivedAt),
  ],
);

/**
 * One run of a scheduled job (the monthly invoice job, and later others): where it stands, so a run
 * that crashed resumes from `cursor` and a second run of the same period does nothing twice.
 */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    job: text('job').notNull(),
    /** What the run covers, e.g. '2026-10' for a month. */
    period: text('period').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    /** The last processed key (e.g. company id); the next chunk starts after it. */
    cursor: text('cursor'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    chunks: integer('chunks').notNull().default(0),
    triggeredBy: integer('triggered_by'),
    error: text('error'),
    startedAt: createdAt(),
    heartbeatAt: timestamp('heartbeat_at'),
    finishedAt: timestamp('finished_at'),
  },
  (t) => [uniqueIndex('job_runs_job_period_uq').on(t.job, t.period), index('job_runs_started_idx').on(t.startedAt)],
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

// --- CPO invoice board (issue 17 part 8, migration 0034) ---

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
