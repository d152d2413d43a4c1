/**
 * @module Home-charging reimbursement (issue 19, migration 0038, ADR 046): a fleet company's settings,
 * its employees' home stations, their documents in R2, their tariffs (pending until approved), the
 * monthly reimbursements with their audited status changes, and the employees' Stripe Connect accounts.
 * Money in integer minor units; prices per kWh in milli-minor units per kWh (like `companies.kwhNetCost`).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REIMBURSEMENT_STATUSES } from '../../domain/reimbursement/statuses';
import { billingInvoices } from './billing-invoicing';
import { createdAt, flag, stripeEventAt, timestamp } from './columns';
import { companies } from './companies';
import { stations } from './stations';
import { users } from './users';

export const REIMBURSEMENT_TYPES = ['company', 'employee'] as const;
export const DOCUMENT_TYPES = ['power_contract', 'meter_reading', 'statement'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const TARIFF_STATUSES = ['pending', 'active', 'rejected'] as const;
export const PAYOUT_METHODS = ['stripe', 'bank_transfer'] as const;

/** One row per company; absent means reimbursement was never configured (inactive). */
export const homeReimbursementSettings = sqliteTable('home_reimbursement_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  active: flag('active'),
  /** 'company': the company's flat tariff applies to everyone; 'employee': each employee's approved tariff. */
  type: text('type', { enum: REIMBURSEMENT_TYPES }).notNull().default('company'),
  /** Milli-minor units per kWh. */
  flatTariff: integer('flat_tariff'),
  /** YYYY-MM-DD in the company's time zone. */
  flatTariffValidFrom: text('flat_tariff_valid_from'),
  extraExpenseEnabled: flag('extra_expense_enabled'),
  /** Minor units per employee and month. */
  extraExpenseLimit: integer('extra_expense_limit'),
  /** Percentage fee in basis points (250 = 2.5 %), billed on the company's monthly invoice. */
  feeBasisPoints: integer('fee_basis_points').notNull().default(0),
  /** Comma-separated e-mail lists. */
  contactEmails: text('contact_emails'),
  alertEmails: text('alert_emails'),
  recipients: text('recipients'),
  /** Variants (ADR 046 maps each to its service setting). */
  contractApproval: flag('contract_approval'),
  paymentProviderFlow: flag('payment_provider_flow'),
  offlineStationProcess: flag('offline_station_process'),
  skipDocumentUpload: flag('skip_document_upload'),
  fleetRuleSet: flag('fleet_rule_set'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at'),
});

export const homeStations = sqliteTable(
  'home_stations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The station in our network when it reports over OCPP; null for an offline-only station. */
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    isOffline: flag('is_offline'),
    meterSerial: text('meter_serial'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
    deletedAt: timestamp('deleted_at'),
  },
  (t) => [
    index('home_stations_user_idx').on(t.userId),
    index('home_stations_company_idx').on(t.companyId, t.userId),
    uniqueIndex('home_stations_station_uq')
      .on(t.stationId)
      .where(sql`${t.stationId} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);

export const reimbursementDocuments = sqliteTable(
  'reimbursement_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    homeStationId: integer('home_station_id').references(() => homeStations.id, { onDelete: 'set null' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    /** Detected from the content (magic bytes), never from the name. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    r2Key: text('r2_key').notNull(),
    sha256: text('sha256'),
    /** YYYY-MM: the month a meter reading or a statement covers. */
    period: text('period'),
    /** A meter reading's index in Wh. */
    meterWh: integer('meter_wh'),
    /** Null: not reviewed yet; true approved; false invalidated. */
    approved: integer('approved', { mode: 'boolean' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at'),
  },
  (t) => [
    uniqueIndex('reimbursement_documents_r2_key_uq').on(t.r2Key),
    index('reimbursement_documents_company_idx').on(t.companyId, t.type, t.createdAt),
    index('reimbursement_documents_user_idx').on(t.userId, t.type, t.period),
    uniqueIndex('reimbursement_documents_statement_uq')
      .on(t.userId, t.period)
      .where(sql`${t.type} = 'statement' AND ${t.deletedAt} IS NULL`),
  ],
);

export const reimbursementTariffs = sqliteTable(
  'reimbursement_tariffs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Milli-minor units per kWh. */
    pricePerKwh: integer('price_per_kwh').notNull(),
    currency: text('currency').notNull(),
    /** YYYY-MM-DD, inclusive, in the company's time zone. */
    validFrom: text('valid_from').notNull(),
    /** YYYY-MM-DD, inclusive; null: open-ended. */
    validTo: text('valid_to'),
    status: text('status', { enum: TARIFF_STATUSES }).notNull().default('pending'),
    /** The power contract it comes from. */
    documentId: integer('document_id').references(() => reimbursementDocuments.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at'),
    updatedAt: timestamp('updated_at'),
    deletedAt: timestamp('deleted_at'),
  },
  (t) => [
    index('reimbursement_tariffs_user_idx').on(t.userId, t.validFrom),
    index('reimbursement_tariffs_company_idx').on(t.companyId, t.status),
    uniqueIndex('reimbursement_tariffs_one_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending' AND ${t.deletedAt} IS NULL`),
    check('reimbursement_tariffs_price', sql`${t.pricePerKwh} >= 0`),
  ],
);

export const reimbursements = sqliteTable(
  'reimbursements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    period: text('period').notNull(),
    status: text('status', { enum: REIMBURSEMENT_STATUSES }).notNull().default('pending_approval'),
    currency: text('currency').notNull(),
    sessions: integer('sessions').notNull().default(0),
    energyWh: integer('energy_wh').notNull().default(0),
    /** kWh × tariff, after the kWh cost limit. */
    energyAmount: integer('energy_amount').notNull().default(0),
    capped: flag('capped'),
    /** Declared by the employee, capped by the company's limit. */
    extraExpense: integer('extra_expense').notNull().default(0),
    extraExpenseNote: text('extra_expense_note'),
    /** energyAmount + extraExpense. */
    value: integer('value').notNull().default(0),
    /** JSON: one slice per tariff applied (see domain/reimbursement/compute.ts). */
    breakdown: text('breakdown').notNull().default('[]'),
    ibanOwner: text('iban_owner'),
    partnerUserId: text('partner_user_id'),
    authorizationReference: text('authorization_reference'),
    payoutMethod: text('payout_method', { enum: PAYOUT_METHODS }),
    stripeTransferId: text('stripe_transfer_id'),
    stripePayoutId: text('stripe_payout_id'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at'),
    /** The usage invoice that carries this reimbursement's share of the company's percentage fee. */
    feeInvoiceId: integer('fee_invoice_id').references(() => billingInvoices.id, { onDelete: 'set null' }),
    runId: integer('run_id'),
    computedAt: timestamp('computed_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('reimbursements_user_period_uq').on(t.userId, t.period),
    index('reimbursements_company_idx').on(t.companyId, t.period, t.status),
    uniqueIndex('reimbursements_transfer_uq').on(t.stripeTransferId).where(sql`${t.stripeTransferId} IS NOT NULL`),
  ],
);

export const reimbursementEvents = sqliteTable(
  'reimbursement_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reimbursementId: integer('reimbursement_id')
      .notNull()
      .references(() => reimbursements.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: REIMBURSEMENT_STATUSES }),
    toStatus: text('to_status', { enum: REIMBURSEMENT_STATUSES }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('reimbursement_events_reimbursement_idx').on(t.reimbursementId, t.id)],
);

export const userPayoutAccounts = sqliteTable(
  'user_payout_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    detailsSubmitted: flag('details_submitted'),
    payoutsEnabled: flag('payouts_enabled'),
    stripeEventAt: stripeEventAt(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [uniqueIndex('user_payout_accounts_stripe_uq').on(t.stripeAccountId)],
);
