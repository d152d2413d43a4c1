import { ROLE } from '@domain/permissions/roles';
import { describe, expect, it } from 'vitest';
import { firstDeniedRole, mayGrantRole } from './grantable-roles';

describe('roles a caller may give a fleet user (spec section 6)', () => {
  it.each([
    { caller: [ROLE.SUPER_USER], role: ROLE.SUPER_USER_OPERATOR, may: true },
    { caller: [ROLE.ADMINISTRATIVE_SERVICES], role: ROLE.ENGINEER, may: true },
    { caller: [ROLE.ADMINISTRATIVE_SERVICES], role: ROLE.SUPER_USER, may: false },
    { caller: [ROLE.FLEET_MANAGER_MANAGE_USERS], role: ROLE.FLEET_MANAGER_VIEW, may: true },
    { caller: [ROLE.FLEET_MANAGER_MANAGE_USERS], role: ROLE.FLEET_MANAGER_MANAGE_USERS, may: true },
    { caller: [ROLE.FLEET_MANAGER_MANAGE_USERS], role: ROLE.RFID_MANAGEMENT, may: false },
    { caller: [ROLE.FLEET_MANAGER_VIEW, ROLE.RFID_MANAGEMENT], role: ROLE.RFID_MANAGEMENT, may: true },
    { caller: [ROLE.FLEET_MANAGER_VIEW], role: ROLE.FLEET_MANAGER_MANAGE_USERS, may: false },
    { caller: [ROLE.SUPER_USER], role: 99, may: false },
  ])('$caller may give $role: $may', ({ caller, role, may }) => {
    expect(mayGrantRole(caller, role)).toBe(may);
  });

  it('names the first role it may not give', () => {
    const caller = [ROLE.FLEET_MANAGER_MANAGE_USERS];
    expect(firstDeniedRole(caller, [ROLE.FLEET_MANAGER_VIEW, ROLE.ENGINEER, ROLE.SUPER_USER])).toBe(ROLE.ENGINEER);
    expect(firstDeniedRole(caller, [ROLE.FLEET_MANAGER_VIEW])).toBeNull();
    expect(firstDeniedRole(caller, [])).toBeNull();
  });
});
