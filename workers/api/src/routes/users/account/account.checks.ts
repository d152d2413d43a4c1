/**
 * @module The wizard's data checked against the company and the caller (spec section 5): the rules
 * a schema alone cannot decide. Each failure is the API's error answer with the spec's message.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { demoModeOn } from '@api/middleware/demo-mode';
import { authOf } from '@api/middleware/permission';
import type { users } from '@db/schema';
import { firstDeniedRole } from '@domain/fleet/grantable-roles';
import { permissionChange } from '@domain/fleet/permission-change';
import { licensePlateError, normalizePlate, parseLimit } from '@domain/fleet/validation';
import { can } from '@domain/permissions/permissions';
import { withoutPlaceholders } from '@domain/privacy/demo-mask';
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { limitUnitOf } from '../users.store';
import {
  cardAvailability,
  companyGroupInScope,
  companyOf,
  corporateGroupIn,
  emailTaken,
  permissionUpdatesLocked,
} from './account.checks.store';
import type { CreateUserBody, LimitsBody, UpdateUserBody } from './account.schemas';

type Ctx = Context<AppEnv>;
type Err<S extends 400 | 403 | 404 | 409> = ReturnType<typeof apiError<S>>;
export type InputError = Err<400> | Err<403> | Err<404> | Err<409>;
type User = typeof users.$inferSelect;
type Body = Partial<z.infer<typeof CreateUserBody>> & z.infer<typeof UpdateUserBody>;
type CurrencyLimits = { dailyMinor?: number | null; weeklyMinor?: number | null; monthlyMinor?: number | null };

export type Checked =
  | { error: InputError }
  | {
      error?: undefined;
      values: Partial<typeof users.$inferInsert>;
      roles?: number[];
      rfidIds: number[];
      currencyLimits?: { dailyMinor: number | null; weeklyMinor: number | null; monthlyMinor: number | null };
    };

/** Null when the caller may give every role wanted, else the 403 naming the first it may not. */
export function checkRoles(c: Ctx, wanted: number[]): Err<403> | null {
  const id = firstDeniedRole(authOf(c).access.roles, wanted);
  if (id === null) return null;
  return apiError(c, 403, 'ROLE_NOT_ALLOWED', 'roleNotAllowed', { field: 'roles', params: { id } });
}

/** Whether the caller may not change charging permissions. */
export const permissionUpdatesDisabled = (c: Ctx) => permissionUpdatesLocked(c.get('db'), authOf(c).user.id);

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
      currency?: CurrencyLimits;
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
  const columns =
    unit === 'kwh'
      ? ({ daily: 'dailyLimit', weekly: 'weeklyLimit', monthly: 'monthlyLimit' } as const)
      : ({ daily: 'dailyMinor', weekly: 'weeklyMinor', monthly: 'monthlyMinor' } as const);
  const out: Record<string, number | null> = {};
  for (const period of ['daily', 'weekly', 'monthly'] as const)
    if (period in parsed) out[columns[period]] = parsed[period] ?? null;
  return unit === 'kwh' ? { kwh: out } : { currency: out };
}

const PERMISSION_COLUMNS = [
  ['can_charge_public', 'canChargePublic'],
  ['can_charge_work', 'canChargeWork'],
  ['can_charge_home', 'canChargeHome'],
  ['only_private', 'onlyPrivate'],
  ['charge_only_with_rfid', 'chargeOnlyWithRfid'],
] as const;

/** Body fields copied as they are (an empty string clears the column). */
const PLAIN_COLUMNS = [
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

/** The users columns the body sets. */
function columnsOf(body: Body): Partial<typeof users.$inferInsert> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (body.email !== undefined) values.email = body.email;
  if (body.corporate_group_id !== undefined) values.corporateGroupId = body.corporate_group_id;
  const record = values as Record<string, unknown>;
  for (const [k, col] of PLAIN_COLUMNS) {
    const v = body[k];
    if (v !== undefined) record[col] = v === '' ? null : v;
  }
  if (body.license_plate !== undefined)
    values.licensePlate = body.license_plate ? normalizePlate(body.license_plate) : null;
  for (const [k, col] of PERMISSION_COLUMNS) if (body[k] !== undefined) record[col] = body[k];
  return values;
}

/** Checks the wizard's data for a new user (existing null) or an update, in company `companyId`. */
export async function checkUserInput(
  c: Ctx,
  sent: Body,
  existing: User | null,
  companyId: number,
  scope: number[],
): Promise<Checked> {
  const db = c.get('db');
  // Demo mode (ADR 049): the form sends back the placeholders it was shown; they keep the stored values.
  const body =
    existing && demoModeOn(c)
      ? withoutPlaceholders(sent, {
          email: existing.email,
          license_plate: existing.licensePlate,
          employee_number: existing.employeeNumber,
        })
      : sent;
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

  const company = await companyOf(db, companyId);
  if (!company) return fail(404, 'NOT_FOUND', 'notFound', 'company_id');

  if (body.email !== undefined && body.email !== existing?.email && (await emailTaken(db, body.email)))
    return fail(409, 'EMAIL_TAKEN', 'emailTaken', 'email');

  if (body.corporate_group_id !== undefined) {
    if (!(await corporateGroupIn(db, body.corporate_group_id, scope)))
      return fail(404, 'CORPORATE_GROUP_NOT_FOUND', 'corporateGroupNotFound', 'corporate_group_id', {
        id: body.corporate_group_id,
      });
  } else if (!existing?.corporateGroupId) {
    return fail(400, 'VALIDATION_FAILED', 'corporateGroupRequired', 'corporate_group_id');
  }

  for (const level of [1, 2, 3, 4] as const) {
    const id = body[`group${level}_id`];
    if (id === undefined || id === null) continue;
    if (!(await companyGroupInScope(db, id, level, scope)))
      return fail(400, 'VALIDATION_FAILED', 'companyGroupInvalid', `group${level}_id`);
  }

  // Charging permissions: the merged result must keep at least one; public needs confirmation.
  const stored = existing && {
    can_charge_public: existing.canChargePublic,
    can_charge_work: existing.canChargeWork,
    can_charge_home: existing.canChargeHome,
    only_private: existing.onlyPrivate,
    charge_only_with_rfid: existing.chargeOnlyWithRfid,
  };
  const permissions = permissionChange(body, stored);
  if (permissions.noneLeft) return fail(400, 'VALIDATION_FAILED', 'chargingPermissionRequired', 'permissions');
  if (permissions.changed && (await permissionUpdatesDisabled(c))) {
    return fail(403, 'PERMISSION_UPDATES_DISABLED', 'permissionUpdatesDisabled', 'permissions');
  }
  if (permissions.publicUnconfirmed) {
    return fail(400, 'CONFIRMATION_REQUIRED', 'publicPermissionConfirm', 'can_charge_public');
  }

  const plate = body.license_plate !== undefined ? body.license_plate : (existing?.licensePlate ?? null);
  const plateError = licensePlateError(plate, company.mandatoryLicensePlate);
  if (plateError) return fail(400, 'VALIDATION_FAILED', plateError, 'license_plate');

  const values = columnsOf(body);
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
    const cards = await cardAvailability(db, rfidIds, scope, existing?.id ?? null);
    if (cards.known !== rfidIds.length) return fail(404, 'RFID_NOT_FOUND', 'rfidNotFound', 'rfid_ids');
    if (cards.free !== rfidIds.length) return fail(409, 'RFID_ALREADY_ASSIGNED', 'rfidAlreadyAssigned', 'rfid_ids');
  }
  return { values, roles: body.roles, rfidIds, currencyLimits };
}
