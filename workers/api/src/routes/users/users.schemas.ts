/** @module Shapes of the fleet users API (spec 7.7, 7.8): snake_case like the key hangers API. */
import { z } from '@hono/zod-openapi';
import { pageFields, pageOf } from '../../lib/pagination';

/** A validated e-mail whose failures carry the spec's messages (mandatory, then valid). */
export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }))
  .transform((s) => s.toLowerCase());

const text = (max = 120) => z.string().trim().max(max).nullable().optional();
const groupId = z.number().int().positive().nullable().optional();

/** A limit as typed in the wizard: number or string with a dot; zero or null removes it. */
export const LimitValue = z
  .union([z.number(), z.string().max(20)])
  .nullable()
  .optional();
export const LimitsBody = z.strictObject({ daily: LimitValue, weekly: LimitValue, monthly: LimitValue });

export const PERMISSION_KEYS = ['can_charge_public', 'can_charge_work', 'can_charge_home', 'only_private'] as const;

const userFields = {
  first_name: text(),
  last_name: text(),
  telephone: text(40),
  username: text(),
  group1_id: groupId,
  group2_id: groupId,
  group3_id: groupId,
  group4_id: groupId,
  license_plate: text(20),
  employee_number: text(60),
  cost_center: text(60),
  ssn: text(40),
  account_type: text(40),
  can_charge_public: z.boolean().optional(),
  can_charge_work: z.boolean().optional(),
  can_charge_home: z.boolean().optional(),
  only_private: z.boolean().optional(),
  charge_only_with_rfid: z.boolean().optional(),
  /** Required to give the public permission (spec: changing it needs confirmation). */
  confirm_public: z.boolean().optional(),
  limits: LimitsBody.optional(),
  odometer_km: z.number().int().min(0).max(10_000_000).nullable().optional(),
  iban_owner: text(),
  partner_user_id: text(),
  /** Back-office roles (spec section 6 ids). */
  roles: z.array(z.number().int()).max(20).optional(),
  /** Active, unassigned key hangers of the scope to hand to the user. */
  rfid_ids: z.array(z.number().int().positive()).max(20).optional(),
};

export const CreateUserBody = z.strictObject({
  email: emailSchema,
  corporate_group_id: z
    .number({ error: 'corporateGroupRequired' })
    .int({ error: 'corporateGroupRequired' })
    .positive({ error: 'corporateGroupRequired' }),
  /** Defaults to the selected company; must be in its scope. */
  company_id: z.number().int().positive().optional(),
  ...userFields,
});

export const UpdateUserBody = z.strictObject({
  email: emailSchema.optional(),
  corporate_group_id: z
    .number({ error: 'corporateGroupRequired' })
    .int({ error: 'corporateGroupRequired' })
    .positive({ error: 'corporateGroupRequired' })
    .optional(),
  ...userFields,
});

export const UserIdParams = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' }, example: 12 }),
});

export const StatsParams = UserIdParams.extend({
  target: z.enum(['consumption', 'sessions']).openapi({ param: { name: 'target', in: 'path' } }),
  type: z.enum(['month', 'year']).openapi({ param: { name: 'type', in: 'path' } }),
  year: z.coerce
    .number()
    .int()
    .min(2000)
    .max(2100)
    .openapi({ param: { name: 'year', in: 'path' }, example: 2026 }),
});

export const USER_LIST_STATUSES = ['charging', 'idle'] as const;
export const USER_STATES = ['active', 'deleted'] as const;
export const PERMISSION_FILTERS = ['public', 'work', 'home', 'only_private', 'rfid_only'] as const;

export const ListBody = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  corporate_group_id: z.number().int().positive().optional(),
  group1_id: z.number().int().positive().optional(),
  group2_id: z.number().int().positive().optional(),
  group3_id: z.number().int().positive().optional(),
  group4_id: z.number().int().positive().optional(),
  status: z.enum(USER_LIST_STATUSES).optional(),
  state: z.enum(USER_STATES).optional(),
  permission: z.enum(PERMISSION_FILTERS).optional(),
  ...pageFields(20),
});

export const DeleteQuery = z.object({
  permanent: z.enum(['true', 'false']).optional(),
  confirm: z.enum(['true', 'false']).optional(),
});

export const MoveBody = z.strictObject({
  company_id: z.number().int().positive(),
  corporate_group_id: z.number().int().positive().optional(),
});

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

export const UserPage = pageOf(UserSchema).openapi('FleetUserPage');

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

export const UserDetailSchema = UserSchema.extend({ usage: z.array(UsageSchema) }).openapi('FleetUserDetail');

export const StatsSchema = z
  .object({
    target: z.enum(['consumption', 'sessions']),
    type: z.enum(['month', 'year']),
    year: z.number(),
    unit: z.enum(['kWh', 'sessions']),
    data: z.array(z.object({ period: z.string(), value: z.number() })),
  })
  .openapi('FleetUserStats');

export const CountSchema = z.object({
  total: z.number(),
  active: z.number(),
  deleted: z.number(),
  charging: z.number(),
  idle: z.number(),
  near_limit: z.number(),
});

export const PermissionCountsSchema = z.object({
  total: z.number(),
  public: z.number(),
  work: z.number(),
  home: z.number(),
  only_private: z.number(),
  rfid_only: z.number(),
});
