/** @module Shapes of the user wizard (create, update), the detail, limits, move and the wizard's options (spec 5, 7.8). */
import { z } from '@hono/zod-openapi';
import { emailSchema, UsageSchema, UserSchema } from '../users.schemas';

const text = (max = 120) => z.string().trim().max(max).nullable().optional();
const groupId = z.number().int().positive().nullable().optional();

/** A limit as typed in the wizard: number or string with a dot; zero or null removes it. */
const LimitValue = z
  .union([z.number(), z.string().max(20)])
  .nullable()
  .optional();
export const LimitsBody = z.strictObject({ daily: LimitValue, weekly: LimitValue, monthly: LimitValue });

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

const corporateGroupId = z
  .number({ error: 'corporateGroupRequired' })
  .int({ error: 'corporateGroupRequired' })
  .positive({ error: 'corporateGroupRequired' });

export const CreateUserBody = z.strictObject({
  email: emailSchema,
  corporate_group_id: corporateGroupId,
  /** Defaults to the selected company; must be in its scope. */
  company_id: z.number().int().positive().optional(),
  ...userFields,
});

export const UpdateUserBody = z.strictObject({
  email: emailSchema.optional(),
  corporate_group_id: corporateGroupId.optional(),
  ...userFields,
});

export const MoveBody = z.strictObject({
  company_id: z.number().int().positive(),
  corporate_group_id: z.number().int().positive().optional(),
});

export const UserDetailSchema = UserSchema.extend({ usage: z.array(UsageSchema) }).openapi('FleetUserDetail');

export const WizardOptionsSchema = z.object({
  corporate_groups: z.array(z.object({ id: z.number(), name: z.string() })),
  free_cards: z.array(z.object({ id: z.number(), uuid: z.string(), key_hanger_code: z.string() })),
  grantable_roles: z.array(z.number()),
  permission_updates_disabled: z.boolean(),
  mandatory_license_plate: z.boolean(),
  limit_unit: z.enum(['kwh', 'currency']),
  currency: z.string(),
  can_set_limits: z.boolean(),
  group_labels: z.array(z.string()),
});
