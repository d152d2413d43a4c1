/**
 * @module Which back-office roles a caller may give a fleet user (spec section 6): super users any;
 * administrators any but the super-user roles; others the fleet roles they hold, and a manager of
 * users (35) also the view-only fleet manager role (31).
 */
import { isRoleId, ROLE } from '@domain/permissions/roles';

const FLEET_ROLES: number[] = [
  ROLE.FLEET_MANAGER_VIEW,
  ROLE.FLEET_MANAGER_MANAGE_USERS,
  ROLE.RFID_MANAGEMENT,
  ROLE.VEHICLE_CHARGING_RIGHTS,
];
const SUPER_ROLES: number[] = [ROLE.SUPER_USER, ROLE.SUPER_USER_OPERATOR];
const ADMIN_ROLES: number[] = [ROLE.ADMINISTRATIVE_SERVICES, ...SUPER_ROLES];

/** Whether a caller holding `callerRoles` may give role `id`. */
export function mayGrantRole(callerRoles: readonly number[], id: number): boolean {
  if (!isRoleId(id)) return false;
  if (callerRoles.some((r) => SUPER_ROLES.includes(r))) return true;
  if (callerRoles.some((r) => ADMIN_ROLES.includes(r))) return !SUPER_ROLES.includes(id);
  const grantable = FLEET_ROLES.filter((r) => callerRoles.includes(r));
  if (callerRoles.includes(ROLE.FLEET_MANAGER_MANAGE_USERS)) grantable.push(ROLE.FLEET_MANAGER_VIEW);
  return grantable.includes(id);
}

/** The first of `wanted` the caller may not give, or null when it may give them all. */
export function firstDeniedRole(callerRoles: readonly number[], wanted: readonly number[]): number | null {
  return wanted.find((id) => !mayGrantRole(callerRoles, id)) ?? null;
}
