/** @module Shapes of the company tree and its lifecycle calls (spec 001 7.5 `company/tree`; ADR 050). */
import type { TreeOf } from '@domain/companies/tree';
import { z } from '@hono/zod-openapi';

export const CompanyIdParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'companyId', in: 'path' }, example: 3 }),
});

export interface TreeNode {
  id: number;
  name: string;
  parent_company_id: number | null;
  country: string;
  is_closed: boolean;
  children: TreeNode[];
}

// Recursive, so it must be a named component: the OpenAPI generator then emits a $ref.
export const TreeNodeSchema: z.ZodType<TreeNode> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      name: z.string(),
      parent_company_id: z.number().nullable(),
      country: z.string(),
      is_closed: z.boolean(),
      children: z.array(TreeNodeSchema),
    }),
  )
  .openapi('CompanyTreeNode');

export const TreeAnswer = z.object({ data: TreeNodeSchema }).openapi('CompanyTree');

export const MoveBody = z.strictObject({ parent_company_id: z.number().int().positive() });
export const CloseBody = z.strictObject({ is_closed: z.boolean() });
export const DeleteBody = z.strictObject({
  /** The company's name, typed by the person deleting it. */
  name: z.string().max(200),
});

export const CompanyStateSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    parent_company_id: z.number().nullable(),
    is_closed: z.boolean(),
    deleted_at: z.string().nullable(),
  })
  .openapi('CompanyState');

export interface TreeRow {
  id: number;
  name: string;
  parentCompanyId: number | null;
  country: string;
  isClosed: boolean;
}

/** A node of the domain's tree in the answer's shape, with its children. */
export function toTreeNode(n: TreeOf<TreeRow>): TreeNode {
  return {
    id: n.id,
    name: n.name,
    parent_company_id: n.parentCompanyId,
    country: n.country,
    is_closed: n.isClosed,
    children: n.children.map(toTreeNode),
  };
}

export function toState(r: TreeRow & { deletedAt: Date | null }): z.infer<typeof CompanyStateSchema> {
  return {
    id: r.id,
    name: r.name,
    parent_company_id: r.parentCompanyId,
    is_closed: r.isClosed,
    deleted_at: r.deletedAt ? r.deletedAt.toISOString() : null,
  };
}
