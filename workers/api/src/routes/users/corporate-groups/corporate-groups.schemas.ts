/** @module Shapes of the corporate groups API (spec 7.8 users/group). */
import { z } from '@hono/zod-openapi';

export const GroupParams = z.object({
  groupId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'groupId', in: 'path' }, example: 3 }),
});

const name = z
  .string({ error: 'corporateGroupNameRequired' })
  .trim()
  .min(1, { error: 'corporateGroupNameRequired' })
  .max(120);

export const CreateBody = z.strictObject({ name, company_id: z.number().int().positive().optional() });
export const UpdateBody = z.strictObject({ name });
export const AddUsersBody = z.strictObject({ user_ids: z.array(z.number().int().positive()).min(1).max(100) });

export const GroupSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    company_id: z.number(),
    company_name: z.string().nullable(),
    user_count: z.number(),
    created_at: z.string(),
  })
  .openapi('CorporateGroup');

/** A stored group with its counted users as the API shows it. */
export function toGroup(r: {
  id: number;
  name: string;
  company_id: number;
  company_name: string | null;
  created_at: Date;
  user_count: number;
}): z.infer<typeof GroupSchema> {
  return { ...r, user_count: Number(r.user_count), created_at: r.created_at.toISOString() };
}
