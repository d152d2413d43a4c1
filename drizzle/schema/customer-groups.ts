/**
 * @module Customer groups (spec section 3, "Customer group"): the e-mobility provider's groups of
 * customers, which pricing uses to pick a tariff (a tariff may name a customer group) and to cap
 * the provider price (max price). A user belongs to at most one active group; the session snapshots
 * it at start (`charging_sessions.customer_group_id`). Also the priced tariff lines of each session
 * (one row per party and line), shown under each party's price in the session detail.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp } from './columns';
import { companies } from './companies';
import { chargingSessions } from './sessions';
import { users } from './users';

export const customerGroups = sqliteTable(
  'customer_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The e-mobility provider company that owns the group. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** Cap of the provider price per session, minor units excluding VAT; null = no cap. */
    maxPriceExclVat: integer('max_price_excl_vat'),
    hideRoaming: flag('hide_roaming'),
    disablePayment: flag('disable_payment'),
    userPrivacy: flag('user_privacy'),
    /** The automatic private-users group of the company (spec section 3). */
    automaticPrivate: flag('automatic_private'),
    /** JSON object of targets (free-form until the targets screens exist). */
    targetsJson: text('targets_json').notNull().default('{}'),
    /** Spec section 4: deleted groups can be reactivated; null = active. */
    deletedAt: timestamp('deleted_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    index('customer_groups_company_idx').on(t.companyId),
    uniqueIndex('customer_groups_name_unique').on(t.companyId, t.name),
  ],
);

/** Linked companies: companies whose users may be members (besides the owner's tree). */
export const customerGroupCompanies = sqliteTable(
  'customer_group_companies',
  {
    customerGroupId: integer('customer_group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.customerGroupId, t.companyId] })],
);

/** Membership: a user is in at most one group (the one the session snapshots at start). */
export const customerGroupMembers = sqliteTable(
  'customer_group_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerGroupId: integer('customer_group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
  },
  (t) => [index('customer_group_members_group_idx').on(t.customerGroupId)],
);

/**
 * Membership history: one row per stay of a user in a group, from joining to leaving (null: still a
 * member). Written by triggers on `customer_group_members` (migration, ADR 026 addendum), so every
 * add, move and removal records it in the same statement; the overview charts true members per
 * month from it. No foreign keys: a deleted user or group keeps its past months.
 */
export const customerGroupMembership = sqliteTable(
  'customer_group_membership',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    customerGroupId: integer('customer_group_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Epoch ms. */
    validFrom: integer('valid_from').notNull(),
    /** Epoch ms, exclusive; null while the user is a member. */
    validTo: integer('valid_to'),
  },
  (t) => [
    index('customer_group_membership_group_idx').on(t.customerGroupId, t.validFrom),
    index('customer_group_membership_user_idx').on(t.userId, t.validTo),
  ],
);

export const TARIFF_LINE_PARTIES = ['emp', 'subcpo', 'owner'] as const;

/** The priced lines of each party of a priced session (replaced on re-pricing; the audit log keeps the old ones). */
export const sessionTariffLines = sqliteTable(
  'session_tariff_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    party: text('party', { enum: TARIFF_LINE_PARTIES }).notNull(),
    /** Order of the line within the party. */
    position: integer('position').notNull(),
    /** FLAT, ENERGY, TIME, PARKING_TIME, RESERVATION_*, MIN_PRICE, MAX_PRICE. */
    dimension: text('dimension').notNull(),
    tariffId: integer('tariff_id'),
    /** Index of the tariff element that produced the line; -1 for min/max price adjustments. */
    elementIndex: integer('element_index').notNull(),
    /** Wh (energy), seconds (time dimensions), 1 (flat), 0 (adjustments). */
    quantity: integer('quantity').notNull(),
    /** Ten-thousandths of the currency per kWh, hour or session, as in the tariff. */
    unitPrice: integer('unit_price').notNull(),
    vatBp: integer('vat_bp'),
    /** Minor units. */
    exclVat: integer('excl_vat').notNull(),
    vat: integer('vat').notNull(),
    inclVat: integer('incl_vat').notNull(),
  },
  (t) => [index('session_tariff_lines_session_idx').on(t.sessionId, t.party, t.position)],
);
