/**
 * @module The wizard's data checked against the company and the caller (spec section 5): the rules
 * a schema alone cannot decide. Each failure is the API's error answer with the spec's message.
 */

import { backofficeUserFlags, companies, companyGroups, corporateGroups, rfids, users } from '@db/schema';
import { hasChargingPermission, licensePlateError, normalizePlate, parseLimit } from '@domain/fleet/validation';
import { can } from '@domain/permissions/permissions';
import { isRoleId, ROLE } from '@domain/permissions/roles';
import type { z } from '@hono/zod-openapi';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { authOf } from '../../middleware/permission';
import type { CreateUserBody, LimitsBody, UpdateUserBody } from './users.schemas';
import { limitUnitOf } from './users.store';

type Ctx = Context<AppEnv>;
type Err<S extends 400 | 403 | 404 | 409> = ReturnType<typeof apiError<S>>;
export type InputError = Err<400> | Err<403> | Err<404> | Err<409>;
type User = typeof users.$inferSelect;
type Body = Partial<z.infer<typeof CreateUserBody>> & z.infer<typeof UpdateUserBody>;

const FLEET_ROLES = [
  ROLE.FLEET_MANAGER_VIEW,
  ROLE.FLEET_MANAGER_MANAGE_USERS,
  ROLE.RFID_MANAGEMENT,
  ROLE.VEHICLE_CHARGING_RIGHTS,
];
const SUPER_ROLES: number[] = [ROLE.SUPER_USER, ROLE.SUPER_USER_OPERATOR];
const ADMIN_ROLES: number[] = [ROLE.ADMINISTRATIVE_SERVICES, ...SUPER_ROLES];

export type Checked =
  | { error: InputError }
  | {
      error?: undefined;
      values: Partial<typeof users.$inferInsert>;
      roles?: number[];
      rfidIds: number[];
      currencyLimits?: { dailyMinor: number | null; weeklyMinor: number | null; monthlyMinor: number | null };
    };

/** The roles the caller may give: administrators any but the super-user roles (super users those too), others the fleet roles they hold. */
export function grantableRoles(callerRoles: readonly number[]): number[] {
  if (callerRoles.some((r) => SUPER_ROLES.includes(r))) return [];
  if (callerRoles.some((r) => ADMIN_ROLES.includes(r))) return [];
  return FLEET_ROLES.filter((r) => callerRoles.includes(r));
}

export function checkRoles(c: Ctx, wanted: number[]): Err<403> | null {
  const caller = authOf(c).access.roles;
  const isSuper = caller.some((r) => SUPER_ROLES.includes(r));
  const isAdmin = caller.some((r) => ADMIN_ROLES.includes(r));
  // A manager of users (35) may make others view-only fleet managers (31) or managers like them.
  const grantable: number[] = (FLEET_ROLES as number[]).filter((r) => caller.includes(r));
  if (caller.includes(ROLE.FLEET_MANAGER_MANAGE_USERS)) grantable.push(ROLE.FLEET_MANAGER_VIEW);
  for (const id of wanted) {
    const ok = isRoleId(id) && (isSuper || (isAdmin && !SUPER_ROLES.includes(id)) || grantable.includes(id));
    if (!ok) return apiError(c, 403, 'ROLE_NOT_ALLOWED', 'roleNotAllowed', { field: 'roles', params: { id } });
  }
  return null;
}

export async function permissionUpdatesDisabled(c: Ctx): Promise<boolean> {
  const row = await c
    .get('db')
    .select({ off: backofficeUserFlags.permissionUpdatesDisabled })
    .from(backofficeUserFlags)
    .where(eq(backofficeUserFlags.userId, authOf(c).user.id))
    .get();
  return row?.off ?? false;
}

/** Limits parsed in the company's unit; kWh go to the users row (read by the charger), currency apart. */
export async function checkLimits(
  c: Ctx,
  companyId: number,
  body: z.infer<typeof LimitsBody>,
): Promise<
  | { error: Err<400> }
  | {
      error?: undefined;
      kwh?: Partial<Pick<User, 'dailyLimit' | 'weeklyLimit' | 'monthlyLimit'>>;
      currency?: { dailyMinor?: number | null; weeklyMinor?: number | null; monthlyMinor?: number | null };
    }
> {
  const unit = await limitUnitOf(c.get('db'), companyId);
  const parsed: Record<string, number | null> = {};
  for (const period of ['daily', 'weekly', 'monthly'] as const) {
    if (body[period] === undefined) continue;
    const r = parseLimit(body[period], unit);
    if (!r.ok) return { error: apiError(c, 400, 'VALIDATION_FAILED', r.error, { field: `limits.${period}` }) };
    parsed[period] = r.value;
  }
  if (unit === 'kwh') {
    const kwh: Partial<Pick<User, 'dailyLimit' | 'weeklyLimit' | 'monthlyLimit'>> = {};
    if ('daily' in parsed) kwh.dailyLimit = parsed.daily ?? null;
    if ('weekly' in parsed) kwh.weeklyLimit = parsed.weekly ?? null;
    if ('monthly' in parsed) kwh.monthlyLimit = parsed.monthly ?? null;
    return { kwh };
  }
  const currency: { dailyMinor?: number | null; weeklyMinor?: number | null; monthlyMinor?: number | null } = {};
  if ('daily' in parsed) currency.dailyMinor = parsed.daily ?? null;
  if ('weekly' in parsed) currency.weeklyMinor = parsed.weekly ?? null;
  if ('monthly' in parsed) currency.monthlyMinor = parsed.monthly ?? null;
  return { currency };
}

const PERMISSION_COLUMNS = [
  ['can_charge_public', 'canChargePublic'],
  ['can_charge_work', 'canChargeWork'],
  ['can_charge_home', 'canChargeHome'],
  ['only_private', 'onlyPrivate'],
  ['charge_only_with_rfid', 'chargeOnlyWithRfid'],
] as const;

/** Checks the wizard's data for a new user (existing null) or an update, in company `companyId`. */
export async function checkUserInput(
  c: Ctx,
  body: Body,
  existing: User | null,
  companyId: number,
  scope: number[],
): Promise<Checked> {
  const db = c.get('db');
  const fail = (
    status: 400 | 403 | 404 | 409,
    code: string,
    key: Parameters<typeof apiError>[3],
    field?: string,
    params?: Record<string, string | number>,
  ) =>
    ({
      error: apiError(c, status, code, key, { ...(field ? { field } : {}), ...(params ? { params } : {}) }),
    }) as const;

  const company = await db.select().from(companies).where(eq(companies.id, companyId)).get();
  if (!company) return fail(404, 'NOT_FOUND', 'notFound', 'company_id');

  if (body.email !== undefined && body.email !== existing?.email) {
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).get();
    if (taken) return fail(409, 'EMAIL_TAKEN', 'emailTaken', 'email');
  }

  if (body.corporate_group_id !== undefined) {
    const group = await db
      .select({ id: corporateGroups.id })
      .from(corporateGroups)
      .where(and(eq(corporateGroups.id, body.corporate_group_id), inArray(corporateGroups.companyId, scope)))
      .get();
    if (!group)
      return fail(404, 'CORPORATE_GROUP_NOT_FOUND', 'corporateGroupNotFound', 'corporate_group_id', {
        id: body.corporate_group_id,
      });
  } else if (!existing?.corporateGroupId) {
    return fail(400, 'VALIDATION_FAILED', 'corporateGroupRequired', 'corporate_group_id');
  }

  for (const level of [1, 2, 3, 4] as const) {
    const id = body[`group${level}_id`];
    if (id === undefined || id === null) continue;
    const group = await db
      .select({ id: companyGroups.id })
      .from(companyGroups)
      .where(and(eq(companyGroups.id, id), eq(companyGroups.level, level), inArray(companyGroups.companyId, scope)))
      .get();
    if (!group) return fail(400, 'VALIDATION_FAILED', 'companyGroupInvalid', `group${level}_id`);
  }

  // Charging permissions: the merged result must keep at least one; public needs confirmation.
  const merged = {
    can_charge_public: body.can_charge_public ?? existing?.canChargePublic ?? false,
    can_charge_work: body.can_charge_work ?? existing?.canChargeWork ?? false,
    can_charge_home: body.can_charge_home ?? existing?.canChargeHome ?? false,
    only_private: body.only_private ?? existing?.onlyPrivate ?? false,
  };
  if (!hasChargingPermission(merged))
    return fail(400, 'VALIDATION_FAILED', 'chargingPermissionRequired', 'permissions');
  const changed = PERMISSION_COLUMNS.some(
    ([k, col]) => body[k] !== undefined && body[k] !== (existing?.[col] ?? false),
  );
  if (changed && (await permissionUpdatesDisabled(c))) {
    return fail(403, 'PERMISSION_UPDATES_DISABLED', 'permissionUpdatesDisabled', 'permissions');
  }
  if (merged.can_charge_public && !existing?.canChargePublic && body.confirm_public !== true) {
    return fail(400, 'CONFIRMATION_REQUIRED', 'publicPermissionConfirm', 'can_charge_public');
  }

  const plate = body.license_plate !== undefined ? body.license_plate : (existing?.licensePlate ?? null);
  const plateError = licensePlateError(plate, company.mandatoryLicensePlate);
  if (plateError) return fail(400, 'VALIDATION_FAILED', plateError, 'license_plate');

  const values: Partial<typeof users.$inferInsert> = {};
  if (body.email !== undefined) values.email = body.email;
  if (body.corporate_group_id !== undefined) values.corporateGroupId = body.corporate_group_id;
  const plain = [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
    ['telephone', 'telephone'],
    ['username', 'username'],
    ['group1_id', 'group1Id'],
    ['group2_id', 'group2Id'],
    ['group3_id', 'group3Id'],
    ['group4_id', 'group4Id'],
    ['employee_number', 'employeeNumber'],
    ['cost_center', 'costCenter'],
    ['ssn', 'ssn'],
    ['account_type', 'accountType'],
    ['odometer_km', 'odometerKm'],
    ['iban_owner', 'ibanOwner'],
    ['partner_user_id', 'partnerUserId'],
  ] as const;
  const record = values as Record<string, unknown>;
  for (const [k, col] of plain) {
    const v = body[k];
    if (v !== undefined) record[col] = v === '' ? null : v;
  }
  if (body.license_plate !== undefined)
    values.licensePlate = body.license_plate ? normalizePlate(body.license_plate) : null;
  for (const [k, col] of PERMISSION_COLUMNS) if (body[k] !== undefined) record[col] = body[k];

  let currencyLimits: Extract<Checked, { values: unknown }>['currencyLimits'];
  if (body.limits) {
    if (!can(authOf(c).access, 'fleet:limits'))
      return { error: apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'limits' }) };
    const limits = await checkLimits(c, companyId, body.limits);
    if (limits.error) return { error: limits.error };
    Object.assign(values, limits.kwh ?? {});
    if (limits.currency) {
      currencyLimits = { dailyMinor: null, weeklyMinor: null, monthlyMinor: null, ...limits.currency };
    }
  }

  if (body.roles) {
    const denied = checkRoles(c, body.roles);
    if (denied) return { error: denied };
  }

  const rfidIds = [...new Set(body.rfid_ids ?? [])];
  if (rfidIds.length > 0) {
    const cards = await db
      .select({ id: rfids.id })
      .from(rfids)
      .where(
        and(
          inArray(rfids.id, rfidIds),
          inArray(rfids.companyId, scope),
          eq(rfids.status, 'active'),
          // A card the user already holds may be sent again (the wizard in update mode).
          existing ? or(isNull(rfids.userId), eq(rfids.userId, existing.id)) : isNull(rfids.userId),
        ),
      );
    if (cards.length !== rfidIds.length) {
      const known = await db
        .select({ id: rfids.id })
        .from(rfids)
        .where(and(inArray(rfids.id, rfidIds), inArray(rfids.companyId, scope)));
      if (known.length !== rfidIds.length) return fail(404, 'RFID_NOT_FOUND', 'rfidNotFound', 'rfid_ids');
      return fail(409, 'RFID_ALREADY_ASSIGNED', 'rfidAlreadyAssigned', 'rfid_ids');
    }
  }
  return { values, roles: body.roles, rfidIds, currencyLimits };
}
