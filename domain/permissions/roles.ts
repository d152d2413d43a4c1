/** @module Back-office role ids of the specification (section 6). The ids are the contract. */

export const ROLE = {
  FLEET_MANAGER_VIEW: 31,
  CHARGING_POINT_MANAGER_VIEW: 32,
  MAINTENANCE_ONLY: 33,
  FLEET_MANAGER_MANAGE_USERS: 35,
  CHARGING_POINT_MANAGER_ONBOARD: 36,
  ADMINISTRATIVE_SERVICES: 37,
  PAYMENT_PROVIDER_ADMIN: 42,
  NETWORK_MANAGER: 46,
  REPORT_MANAGER: 47,
  SUPER_USER: 50,
  SUPER_USER_OPERATOR: 51,
  SUPPORT_AGENT: 52,
  ENGINEER: 53,
  SUPERVISION_ASSISTANCE: 54,
  SELF_CHARGE: 55,
  ADVANCED_MAINTENANCE: 57,
  BASIC_MAINTENANCE: 58,
  RFID_MANAGEMENT: 59,
  VEHICLE_CHARGING_RIGHTS: 60,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE).sort((a, b) => a - b);

/** i18n key per role; the catalogue holds the names shown to people. */
export const ROLE_KEYS: Record<RoleId, string> = {
  31: 'roles.fleetManagerView',
  32: 'roles.chargingPointManagerView',
  33: 'roles.maintenanceOnly',
  35: 'roles.fleetManagerManageUsers',
  36: 'roles.chargingPointManagerOnboard',
  37: 'roles.administrativeServices',
  42: 'roles.paymentProviderAdmin',
  46: 'roles.networkManager',
  47: 'roles.reportManager',
  50: 'roles.superUser',
  51: 'roles.superUserOperator',
  52: 'roles.supportAgent',
  53: 'roles.engineer',
  54: 'roles.supervisionAssistance',
  55: 'roles.selfCharge',
  57: 'roles.advancedMaintenance',
  58: 'roles.basicMaintenance',
  59: 'roles.rfidManagement',
  60: 'roles.vehicleChargingRights',
};

export function isRoleId(value: number): value is RoleId {
  return (ROLE_IDS as readonly number[]).includes(value);
}

/**
 * Maintenance only (33) overrides every other role: a user holding it is treated
 * as holding nothing else, whatever else is assigned.
 */
export function effectiveRoles(assigned: readonly number[]): RoleId[] {
  const known = [...new Set(assigned.filter(isRoleId))].sort((a, b) => a - b);
  return known.includes(ROLE.MAINTENANCE_ONLY) ? [ROLE.MAINTENANCE_ONLY] : known;
}
