/** @module Request and answer shapes of the back-office users (spec 7.7) and the mapping of a user to its answer. */

import { pageFields } from '@api/lib/pagination';
import { emailSchema } from '@api/routes/users/users.schemas';
import type { users } from '@db/schema';
import { z } from '@hono/zod-openapi';

export const roleList = z.array(z.number().int()).min(1).max(20);
export const ListBody = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  role: z.number().int().optional(),
  state: z.enum(['active', 'deleted']).optional(),
  ...pageFields(20),
});
export const AddBody = z.strictObject({
  email: emailSchema,
  first_name: z.string().trim().max(120).nullable().optional(),
  last_name: z.string().trim().max(120).nullable().optional(),
  telephone: z.string().trim().max(40).nullable().optional(),
  roles: roleList,
  company_id: z.number().int().positive().optional(),
  permission_updates_disabled: z.boolean().optional(),
});
export const UpdateBody = z.strictObject({
  email: emailSchema.optional(),
  first_name: z.string().trim().max(120).nullable().optional(),
  last_name: z.string().trim().max(120).nullable().optional(),
  telephone: z.string().trim().max(40).nullable().optional(),
  roles: roleList.optional(),
  permission_updates_disabled: z.boolean().optional(),
});
export const AddRolesBody = z.strictObject({ roles: roleList });

export const BackofficeUser = z
  .object({
    id: z.number(),
    company_id: z.number(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    telephone: z.string().nullable(),
    state: z.enum(['active', 'deleted']),
    roles: z.array(z.number()),
    permission_updates_disabled: z.boolean(),
    last_login_at: z.string().nullable(),
    /** Roles are read at login: a change shows after the user's next logout and login. */
    roles_effective: z.literal('next_login'),
  })
  .openapi('BackofficeUser');

export type UserRow = typeof users.$inferSelect;

/** The answer for a user, given the roles and the flag stored for it. */
export function toBackofficeUser(u: UserRow, roleIds: number[], permissionUpdatesDisabled: boolean) {
  return {
    id: u.id,
    company_id: u.companyId,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    telephone: u.telephone,
    state: u.status,
    roles: [...roleIds].sort((a, b) => a - b),
    permission_updates_disabled: permissionUpdatesDisabled,
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
    roles_effective: 'next_login' as const,
  };
}
