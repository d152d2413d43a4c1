/** @module Schemas of company-group membership (spec 7.20 `connectors`, `fleet-users`, `private-users`). */
import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { z } from '@hono/zod-openapi';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 3 });
export const StationParams = z.object({ id: id('id'), stationId: id('stationId') });
export const UserParams = z.object({ id: id('id'), userId: id('userId') });

export const MemberQuery = z.object({
  ...pageQueryFields(25),
  /** Only members of this group (and so of its sub-groups); every station or user of the tree when absent. */
  group_id: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
});

const groups = z.array(z.number().nullable()).openapi({ description: 'group1_id … group4_id' });
export const StationMember = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  company_id: z.number(),
  groups,
});
export const UserMember = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  company_id: z.number(),
  groups,
});
export const StationPage = pageOf(StationMember);
export const UserPage = pageOf(UserMember);
export const Assigned = z.object({ data: z.object({ id: z.number(), groups }) });
