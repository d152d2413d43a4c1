/** @module Shapes of the fleet user list, its export and the overview counts (spec 7.8). */
import { pageFields, pageOf } from '@api/lib/pagination';
import { z } from '@hono/zod-openapi';
import { USER_LIST_STATUSES, USER_STATES, UserSchema } from '../users.schemas';

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

export type ListFilters = z.infer<typeof ListBody>;

export const UserPage = pageOf(UserSchema).openapi('FleetUserPage');

export const CountSchema = z.object({
  total: z.number(),
  active: z.number(),
  deleted: z.number(),
  charging: z.number(),
  idle: z.number(),
  near_limit: z.number(),
});

export const NearLimitsSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      ratio: z.number(),
      usage: z.array(
        z.object({ period: z.string(), limit: z.number().nullable(), used: z.number(), unit: z.string() }),
      ),
    }),
  ),
});

export const PermissionCountsSchema = z.object({
  total: z.number(),
  public: z.number(),
  work: z.number(),
  home: z.number(),
  only_private: z.number(),
  rfid_only: z.number(),
});

/** The columns of the CSV export, in order. */
export const EXPORT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'corporate_group_name',
  'license_plate',
  'employee_number',
  'cost_center',
  'can_charge_public',
  'can_charge_work',
  'can_charge_home',
  'only_private',
  'charge_only_with_rfid',
  'daily_limit',
  'weekly_limit',
  'monthly_limit',
  'limit_unit',
  'rfids',
  'session_count',
  'status',
  'state',
] as const;
