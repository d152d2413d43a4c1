/** @module Users, back-office roles and their links. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies, companyGroups, corporateGroups } from './companies';

/** 1: code by e-mail; 4: authenticator app (TOTP). The spec fixes 4; ADR 0004 fixes 1. */
export const TWO_FACTOR_METHOD = { EMAIL: 1, AUTHENTICATOR: 4 } as const;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Stored lower-cased; unique across the platform because it is the login. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    telephone: text('telephone'),
    username: text('username'),
    status: text('status', { enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    deletedAt: timestamp('deleted_at'),
    token2faMethodId: integer('token_2fa_method_id').notNull().default(1),
    language: text('language').notNull().default('en'),
    theme: text('theme', { enum: ['light', 'dark', 'semi-dark'] })
      .notNull()
      .default('light'),
    /** The company last selected in the switcher: the user's company or a descendant. */
    selectedCompanyId: integer('selected_company_id').references(() => companies.id),
    corporateGroupId: integer('corporate_group_id').references(() => corporateGroups.id),
    group1Id: integer('group1_id').references(() => companyGroups.id),
    group2Id: integer('group2_id').references(() => companyGroups.id),
    group3Id: integer('group3_id').references(() => companyGroups.id),
    group4Id: integer('group4_id').references(() => companyGroups.id),
    /** The groups last picked at each level in the company-groups screen (JSON [g1, g2, g3, g4], nulls allowed). */
    companyGroupSelection: text('company_group_selection'),
    licensePlate: text('license_plate'),
    employeeNumber: text('employee_number'),
    costCenter: text('cost_center'),
    ssn: text('ssn'),
    accountType: text('account_type'),
    canChargePublic: flag('can_charge_public'),
    canChargeWork: flag('can_charge_work'),
    canChargeHome: flag('can_charge_home'),
    onlyPrivate: flag('only_private'),
    chargeOnlyWithRfid: flag('charge_only_with_rfid'),
    /** Limits in the company's limit unit; null means no limit (setting zero removes it). */
    dailyLimit: integer('daily_limit'),
    weeklyLimit: integer('weekly_limit'),
    monthlyLimit: integer('monthly_limit'),
    odometerKm: integer('odometer_km'),
    ibanOwner: text('iban_owner'),
    partnerUserId: text('partner_user_id'),
    /** Home reimbursement (issue 19): this employee is reimbursed without monthly documents. */
    docUploadNotMandatory: flag('doc_upload_not_mandatory'),
    /** Home reimbursement under the fleet rule set (setting 51): only flagged employees are eligible. */
    homeReimbursementEvfleet: flag('home_reimbursement_evfleet'),
    lastLoginAt: timestamp('last_login_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_company_idx').on(t.companyId, t.status)],
);

export const roles = sqliteTable('roles', {
  /** The spec's role ids (31-60). */
  id: integer('id').primaryKey(),
  key: text('key').notNull(),
});

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
