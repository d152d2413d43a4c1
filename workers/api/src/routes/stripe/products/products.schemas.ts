/** @module Shapes of the catalogue's products (spec 3 Product, 7.4 `stripe/products`): snake_case as the spec. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingProducts } from '@db/schema';
import { PRODUCT_TYPES } from '@domain/billing/catalogue';
import { z } from '@hono/zod-openapi';

export const ProductParams = z.object({
  productId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'productId', in: 'path' }, example: 7 }),
});

/** Name, country and type are mandatory (spec 5); domain/billing/catalogue.ts says so per field, in the caller's language. */
const productFields = {
  name: z.string().max(1000).nullish(),
  country: z.string().max(10).nullish().openapi({ description: 'ISO 3166 alpha-2, e.g. IT' }),
  type: z.string().max(20).nullish().openapi({ description: 'one_time or recurring' }),
};

export const ProductBody = z.strictObject(productFields).openapi('BillingProductInput');

export const ProductUpdateBody = z
  .strictObject({ ...productFields, active: z.boolean().optional() })
  .openapi('BillingProductUpdate');

export const ProductListQuery = z.object({
  ...pageQueryFields(25),
  /** Comma-separated product types: `one_time`, `recurring` or both. */
  types: z
    .string()
    .regex(/^(one_time|recurring)(,(one_time|recurring))?$/)
    .optional(),
  active: z.enum(['0', '1']).optional(),
  q: z.string().trim().max(100).optional(),
});

export const DefaultPrice = z.object({
  id: z.number(),
  unit_amount: z.number(),
  currency: z.string(),
  interval: z.string(),
});

export const ProductSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    country: z.string(),
    type: z.enum(PRODUCT_TYPES),
    active: z.boolean(),
    /** The Stripe product id; null while Stripe has not taken it (refused or unreachable: saving again sends it). */
    stripe_product_id: z.string().nullable(),
    synced: z.boolean(),
    default_price: DefaultPrice.nullable(),
    created_at: z.string(),
  })
  .openapi('BillingProduct');

export const ProductPage = pageOf(ProductSchema).openapi('BillingProductPage');

type Row = typeof billingProducts.$inferSelect;
type Price = z.infer<typeof DefaultPrice> | null;

export function toProduct(r: Row, defaultPrice: Price = null): z.infer<typeof ProductSchema> {
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    type: r.type,
    active: r.active,
    stripe_product_id: r.stripeProductId,
    synced: r.stripeProductId !== null,
    default_price: defaultPrice,
    created_at: r.createdAt.toISOString(),
  };
}
