/**
 * @module Who may reach an employee's home stations: the employee themself ('personal:home-reimbursement',
 * checked by the route), or a fleet manager for a user of their scope ('fleet:home-reimbursement' to read,
 * ':manage' to change: a viewer's change answers 403). Any other user answers 404 "User not found", the
 * same as a user that does not exist, so no one learns another employee's id.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { can } from '@domain/permissions/permissions';
import type { Context } from 'hono';
import { type Employee, employeeById, employeeInScope } from './home-stations.store';

type Ctx = Context<AppEnv>;
type Denied = ReturnType<typeof apiError<404>> | ReturnType<typeof apiError<403>>;

export async function reachEmployee(
  c: Ctx,
  userId: number,
  mode: 'read' | 'write',
): Promise<{ employee: Employee; error?: undefined } | { error: Denied }> {
  const auth = authOf(c);
  const db = c.get('db');
  if (userId === auth.user.id) {
    const self = await employeeById(db, userId);
    if (self) return { employee: self };
  } else if (can(auth.access, 'fleet:home-reimbursement')) {
    const employee = await employeeInScope(db, auth.scope, userId);
    if (employee && employee.status !== 'deleted') {
      if (mode === 'write' && !can(auth.access, 'fleet:home-reimbursement:manage'))
        return { error: apiError(c, 403, 'FORBIDDEN', 'forbidden') };
      return { employee };
    }
  }
  return { error: apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound') };
}
