/** @module Companies, their tree, siblings, service settings and corporate groups. */
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';

export const companies = sqliteTable(
  'companies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    parentCompanyId: integer('parent_company_id').references((): AnySQLiteColumn => companies.id),
    name: text('name').notNull(),
    businessName: text('business_name'),
    email: text('email'),
    web: text('web'),
    fax: text('fax'),
    phone: text('phone'),
    street: text('street'),
    streetNumber: text('street_number'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    zip: text('zip'),
    country: text('country').notNull(),
    vat: text('vat'),
    taxIdType: text('tax_id_type'),
    taxIdCountry: text('tax_id_country'),
    legalEntity: text('legal_entity'),
    executiveName: text('executive_name'),
    commercialRegisterNumber: text('commercial_register_number'),
    bankInfo: text('bank_info'),
    invoiceFooter: text('invoice_footer'),
    descriptionEn: text('description_en'),
    descriptionIt: text('description_it'),
    descriptionFr: text('description_fr'),
    descriptionDe: text('description_de'),
    contractNumber: text('contract_number'),
    contractStartDate: text('contract_start_date'),
    contractEndDate: text('contract_end_date'),
    /** Fees in minor units of the company currency. */
    keyfobFee: integer('keyfob_fee'),
    saasFee: integer('saas_fee'),
    cpmsFee: integer('cpms_fee'),
    monthlyConnectorFee: integer('monthly_connector_fee'),
    monthlySimFee: integer('monthly_sim_fee'),
    annualPlatformFee: integer('annual_platform_fee'),
    /** Day of month 1-28, or 'eom' for end of month. */
    billingCycleAnchor: text('billing_cycle_anchor'),
    corporateAdminId: integer('corporate_admin_id'),
    logo: text('logo'),
    brandColor: text('brand_color'),
    currency: text('currency').notNull().default('EUR'),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    preAuthorizationAmount: integer('pre_authorization_amount'),
    /** Net cost of a kWh for the company, in minor units per kWh times 1000 (milli-cents). */
    kwhNetCost: integer('kwh_net_cost'),
    reimbursementKwhCostLimit: integer('reimbursement_kwh_cost_limit'),
    socNotificationType: text('soc_notification_type'),
    socLimit: integer('soc_limit'),
    cpms: text('cpms', { enum: ['public', 'private'] }),
    isSubcpo: flag('is_subcpo'),
    isEvfleet: flag('is_evfleet'),
    isLifestyle: flag('is_lifestyle'),
    empServices: flag('emp_services'),
    showAdvancedServices: flag('show_advanced_services'),
    isClosed: flag('is_closed'),
    siblingsCanChargeOn: flag('siblings_can_charge_on'),
    parentCanChargeOn: flag('parent_can_charge_on'),
    mandatoryLicensePlate: flag('mandatory_license_plate'),
    acceptsPendingStations: flag('accepts_pending_stations'),
    group1Label: text('group1_label').notNull().default('Group 1'),
    group2Label: text('group2_label').notNull().default('Group 2'),
    group3Label: text('group3_label').notNull().default('Group 3'),
    group4Label: text('group4_label').notNull().default('Group 4'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeAccountId: text('stripe_account_id'),
    idOffer: integer('id_offer'),
    /** Graphic customisation (migration 0043, ADR 049): the back office's title for this company. */
    title: text('title'),
    /** White-label (spec 000 §6): the title replaces the product name and decimal/thousand separators swap. */
    whiteLabel: flag('white_label'),
    /** Demo mode (spec 000 §6): e-mails and codes shown and exported as placeholders 1000–5000. */
    demoMode: flag('demo_mode'),
    /** The mobile app customisation chosen (app_customizations.id, spec 001 §7.5). */
    appCustomizationCustomersId: integer('app_customization_customers_id'),
    /** Set when the company was deleted (ADR 050): the row stays for its history, out of the tree. */
    deletedAt: timestamp('deleted_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [index('companies_parent_idx').on(t.parentCompanyId)],
);

export const companyServiceSettings = sqliteTable(
  'company_service_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    settingId: integer('setting_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.settingId] })],
);

/** Linked sibling companies; stored once per direction. */
export const companySiblings = sqliteTable(
  'company_siblings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siblingId: integer('sibling_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  // The sibling index lets the Authorize decision find a company's links from either side without a scan.
  (t) => [primaryKey({ columns: [t.companyId, t.siblingId] }), index('company_siblings_sibling_idx').on(t.siblingId)],
);

export const corporateGroups = sqliteTable(
  'corporate_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('corporate_groups_company_idx').on(t.companyId)],
);

/** Four levels of company groups (group1..group4), labelled per company. */
export const companyGroups = sqliteTable(
  'company_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    /** The group of the level above (null at level 1): the four levels form one tree (migration 0045). */
    parentId: integer('parent_id').references((): AnySQLiteColumn => companyGroups.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_groups_company_idx').on(t.companyId, t.level),
    index('company_groups_parent_idx').on(t.parentId),
  ],
);
