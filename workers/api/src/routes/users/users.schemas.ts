/** @module Shapes shared by the fleet users API (spec 7.7, 7.8), snake_case like the key hangers API, and the mapping of a user row to its answer. */
import type { LimitUnit, userCurrencyLimits, users } from '@db/schema';
import { z } from '@hono/zod-openapi';

type User = typeof users.$inferSelect;

/** A validated e-mail whose failures carry the spec's messages (mandatory, then valid). */
export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }))
  .transform((s) => s.toLowerCase());

export const UserIdParams = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' }, example: 12 }),
});

export const DeleteQuery = z.object({
  permanent: z.enum(['true', 'false']).optional(),
  confirm: z.enum(['true', 'false']).optional(),
});

export const USER_LIST_STATUSES = ['charging', 'idle'] as const;
export const USER_STATES = ['active', 'deleted'] as const;

const RfidRef = z.object({ id: z.number(), uuid: z.string(), key_hanger_code: z.string(), status: z.string() });

export const LimitsSchema = z.object({
  unit: z.enum(['kwh', 'currency']),
  currency: z.string(),
  daily: z.number().nullable(),
  weekly: z.number().nullable(),
  monthly: z.number().nullable(),
  /** Whether the charger enforces these limits (kWh and currency both are, ADR 028). */
  enforced_at_charger: z.boolean(),
  note: z.string().nullable(),
});

export const UserSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    company_name: z.string().nullable(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    telephone: z.string().nullable(),
    username: z.string().nullable(),
    state: z.enum(USER_STATES),
    deleted_at: z.string().nullable(),
    corporate_group_id: z.number().nullable(),
    corporate_group_name: z.string().nullable(),
    group1_id: z.number().nullable(),
    group2_id: z.number().nullable(),
    group3_id: z.number().nullable(),
    group4_id: z.number().nullable(),
    license_plate: z.string().nullable(),
    employee_number: z.string().nullable(),
    cost_center: z.string().nullable(),
    account_type: z.string().nullable(),
    can_charge_public: z.boolean(),
    can_charge_work: z.boolean(),
    can_charge_home: z.boolean(),
    only_private: z.boolean(),
    charge_only_with_rfid: z.boolean(),
    limits: LimitsSchema,
    odometer_km: z.number().nullable(),
    iban_owner: z.string().nullable(),
    partner_user_id: z.string().nullable(),
    roles: z.array(z.number()),
    rfids: z.array(RfidRef),
    session_count: z.number(),
    status: z.enum(USER_LIST_STATUSES),
    last_login_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('FleetUser');

export const UsageSchema = z.object({
  period: z.enum(['daily', 'weekly', 'monthly']),
  limit: z.number().nullable(),
  used: z.number(),
  unit: z.enum(['kwh', 'currency']),
  /** Used / limit, 0..1+; null without a limit. */
  ratio: z.number().nullable(),
  /** Currency limits: energy (kWh) of sessions of the period not priced yet, not in `used` (ADR 028). */
  unpriced_kwh: z.number().optional(),
});

type Limits = z.infer<typeof LimitsSchema>;

export const CURRENCY_NOTE =
  'Currency limits are enforced at the charger: priced sessions count at the driver price, sessions not priced yet at the tariff of the station.';

/** What a page of users is shown with: roles, cards, group and company names, currency limits. */
export interface Decorations {
  roles: Map<number, number[]>;
  rfids: Map<number, { id: number; uuid: string; key_hanger_code: string; status: string }[]>;
  groups: Map<number, string>;
  companies: Map<number, { name: string; currency: string; unit: LimitUnit }>;
  currency: Map<number, typeof userCurrencyLimits.$inferSelect>;
}

/** The user's limits in its company's unit: kWh from the users row, currency limits in major units. */
export function limitsOf(u: User, d: Decorations): Limits {
  const company = d.companies.get(u.companyId);
  const unit = company?.unit ?? 'kwh';
  if (unit === 'kwh') {
    return {
      unit,
      currency: company?.currency ?? 'EUR',
      daily: u.dailyLimit || null,
      weekly: u.weeklyLimit || null,
      monthly: u.monthlyLimit || null,
      enforced_at_charger: true,
      note: null,
    };
  }
  const c = d.currency.get(u.id);
  const major = (v: number | null | undefined) => (v ? v / 100 : null);
  return {
    unit,
    currency: company?.currency ?? 'EUR',
    daily: major(c?.dailyMinor),
    weekly: major(c?.weeklyMinor),
    monthly: major(c?.monthlyMinor),
    enforced_at_charger: true,
    note: CURRENCY_NOTE,
  };
}

export function toUser(u: User, d: Decorations, sessions: number, isCharging: boolean): z.infer<typeof UserSchema> {
  return {
    id: u.id,
    company_id: u.companyId,
    company_name: d.companies.get(u.companyId)?.name ?? null,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    telephone: u.telephone,
    username: u.username,
    state: u.status,
    deleted_at: u.deletedAt?.toISOString() ?? null,
    corporate_group_id: u.corporateGroupId,
    corporate_group_name: u.corporateGroupId ? (d.groups.get(u.corporateGroupId) ?? null) : null,
    group1_id: u.group1Id,
    group2_id: u.group2Id,
    group3_id: u.group3Id,
    group4_id: u.group4Id,
    license_plate: u.licensePlate,
    employee_number: u.employeeNumber,
    cost_center: u.costCenter,
    account_type: u.accountType,
    can_charge_public: u.canChargePublic,
    can_charge_work: u.canChargeWork,
    can_charge_home: u.canChargeHome,
    only_private: u.onlyPrivate,
    charge_only_with_rfid: u.chargeOnlyWithRfid,
    limits: limitsOf(u, d),
    odometer_km: u.odometerKm,
    iban_owner: u.ibanOwner,
    partner_user_id: u.partnerUserId,
    roles: d.roles.get(u.id) ?? [],
    rfids: d.rfids.get(u.id) ?? [],
    session_count: Number(sessions),
    status: isCharging ? 'charging' : 'idle',
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
  };
}
