/** @module Schemas of the customer groups (spec 7.14 `customer-type`, "customer group data") and the mapping of a row to its answer. */
import type { customerGroups } from '@db/schema';
import { z } from '@hono/zod-openapi';

export type GroupRow = typeof customerGroups.$inferSelect;

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 3 });
export const IdParams = z.object({ id: id('id') });
export const MemberParams = z.object({ id: id('id'), userId: id('userId') });

export const CustomerGroupSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    name: z.string(),
    /** Minor units excluding VAT; null = no cap. */
    max_price_excl_vat: z.number().nullable(),
    hide_roaming: z.boolean(),
    disable_payment: z.boolean(),
    user_privacy: z.boolean(),
    automatic_private: z.boolean(),
    linked_company_ids: z.array(z.number()),
    members: z.number(),
    active: z.boolean(),
  })
  .openapi('CustomerGroup');

export const CreateBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  max_price_excl_vat: z.number().int().min(0).nullable().default(null),
  hide_roaming: z.boolean().default(false),
  disable_payment: z.boolean().default(false),
  user_privacy: z.boolean().default(false),
  automatic_private: z.boolean().default(false),
  linked_company_ids: z.array(z.number().int().positive()).max(50).default([]),
});
export type GroupBody = z.infer<typeof CreateBody>;

export const ListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(100).default(25),
  include_deleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const Page = z.object({
  data: z.array(CustomerGroupSchema),
  total: z.number(),
  page: z.number(),
  items_per_page: z.number(),
});
export const One = z.object({ data: CustomerGroupSchema });

/** The columns a body sets (create and update alike). */
export function groupValues(body: GroupBody) {
  return {
    name: body.name,
    maxPriceExclVat: body.max_price_excl_vat,
    hideRoaming: body.hide_roaming,
    disablePayment: body.disable_payment,
    userPrivacy: body.user_privacy,
    automaticPrivate: body.automatic_private,
  };
}

/** The API shape of a group, given its linked companies and its member count. */
export function toCustomerGroup(g: GroupRow, linked: number[], members: number): z.infer<typeof CustomerGroupSchema> {
  return {
    id: g.id,
    company_id: g.companyId,
    name: g.name,
    max_price_excl_vat: g.maxPriceExclVat,
    hide_roaming: g.hideRoaming,
    disable_payment: g.disablePayment,
    user_privacy: g.userPrivacy,
    automatic_private: g.automaticPrivate,
    linked_company_ids: linked,
    members,
    active: g.deletedAt === null,
  };
}
