/**
 * @module Least privilege for the fleet's personal data (issue 24): a driver's licence plate, employee
 * number and cost centre are shown in lists (many users at once) only to callers who may export the
 * fleet's users (`fleet:users:export`: fleet managers and administrators). Key-hanger management
 * (role 59) and vehicle charging rights (role 60) see the fleet for their own task without them.
 */

export const PERSONAL_USER_FIELDS = ['license_plate', 'employee_number', 'cost_center'] as const;

type Personal = { [K in (typeof PERSONAL_USER_FIELDS)[number]]: string | null };

/** The user as a list shows it to a caller who may (`personal`) or may not see personal data. */
export function listedUser<U extends Personal>(user: U, personal: boolean): U {
  if (personal) return user;
  const hidden = { ...user };
  for (const field of PERSONAL_USER_FIELDS) hidden[field] = null as U[typeof field];
  return hidden;
}
