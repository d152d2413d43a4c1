/** @module Schemas of company groups (spec 7.20; issue 20 part 4): a group, the tree, labels and each user's picked levels. */
import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { z } from '@hono/zod-openapi';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 3 });
export const IdParams = z.object({ id: id('id') });

export const CompanyGroupSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    level: z.number().int().min(1).max(4),
    /** The label of the group's level in its company (spec: defaults Group 1 to Group 4). */
    level_label: z.string(),
    parent_id: z.number().nullable(),
    name: z.string(),
    /** Names from level 1 down to the group, e.g. ["North", "Lyon"]. */
    path: z.array(z.string()),
    children: z.number(),
    stations: z.number(),
    users: z.number(),
  })
  .openapi('CompanyGroup');

export const ListQuery = z.object({
  ...pageQueryFields(25),
  level: z.coerce.number().int().min(1).max(4).optional(),
  parent_id: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
});
export const Page = pageOf(CompanyGroupSchema);

const name = z.string().trim().min(1).max(80);
export const CreateBody = z.strictObject({
  name,
  level: z.number().int().min(1).max(4),
  parent_id: z.number().int().positive().nullable().default(null),
  /** A company of the caller's tree; the selected company when absent. */
  company_id: z.number().int().positive().optional(),
});
export const UpdateBody = z.strictObject({ name });

const node = { id: z.number(), level: z.number(), name: z.string(), stations: z.number(), users: z.number() };
// Four levels at most, so the nesting is spelled out (the OpenAPI document has no recursive schemas).
// Level 4 has no sub-groups: its children list is always empty.
const Level4 = z.object({ ...node, children: z.array(z.object({ id: z.number() })).max(0) });
const Level3 = z.object({ ...node, children: z.array(Level4) });
const Level2 = z.object({ ...node, children: z.array(Level3) });
const TreeNode = z.object({ ...node, children: z.array(Level2) });
export const RecursiveSchema = z.object({
  labels: z.array(z.string()),
  data: z.array(
    z.object({
      company_id: z.number(),
      company_name: z.string(),
      labels: z.array(z.string()),
      groups: z.array(TreeNode),
    }),
  ),
});

export const One = z.object({ data: CompanyGroupSchema });
export const LabelsSchema = z.object({ data: z.object({ company_id: z.number(), labels: z.array(z.string()) }) });

const picked = z.number().int().positive().nullable();
export const SelectionBody = z.strictObject({ selection: z.tuple([picked, picked, picked, picked]) });
export const SelectionSchema = z.object({ data: z.object({ selection: z.array(z.number().nullable()) }) });
