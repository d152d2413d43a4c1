/** @module Shapes of the catalogue's prices (spec 3 Price, 7.4 `stripe/prices`): integer minor units beside an ISO currency. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingPrices } from '@db/schema';
import { INTERVALS } from '@domain/billing/catalogue';
import { z } from '@hono/zod-openapi';

export const PriceParams = z.object({
  priceId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'priceId', in: 'path' }, example: 9 }),
});

/** byProductId=1: the path id is a product id and the answer is that product's default price (spec 7.4). */
export const PriceDetailQuery = z.object({ byProductId: z.enum(['0', '1']).optional() });

/** Unit amount and currency are mandatory (spec 5); domain/billing/catalogue.ts says so per field. */
const priceFields = {
  unit_amount: z.number().nullish().openapi({ description: 'Integer minor units (cents), zero or more' }),
  currency: z.string().max(10).nullish().openapi({ description: 'ISO 4217, e.g. EUR' }),
  interval: z.string().max(20).nullish().openapi({ description: 'one_time, month or year' }),
  default: z.boolean().optional().openapi({ description: "The product's default price" }),
};

export const PriceBody = z
  .strictObject({ product_id: z.number().int().positive().nullish(), ...priceFields })
  .openapi('BillingPriceInput');

/**
 * Stripe changes only `active` of a price: another amount, currency or interval creates a new price (the answer,
 * with its new id) and deactivates this one.
 */
export const PriceUpdateBody = z
  .strictObject({ ...priceFields, active: z.boolean().optional() })
  .openapi('BillingPriceUpdate');

export const PriceListQuery = z.object({
  ...pageQueryFields(25),
  productId: z.coerce.number().int().positive().optional(),
  active: z.enum(['0', '1']).optional(),
  /** Part of the product's name. */
  q: z.string().trim().max(100).optional(),
});

export const PriceSchema = z
  .object({
    id: z.number(),
    product_id: z.number(),
    product_name: z.string(),
    unit_amount: z.number(),
    currency: z.string(),
    interval: z.enum(INTERVALS),
    default: z.boolean(),
    active: z.boolean(),
    stripe_price_id: z.string().nullable(),
    synced: z.boolean(),
    /** On an update that had to create a new price: the id of the price it replaced (now inactive). */
    replaced_price_id: z.number().nullable(),
    created_at: z.string(),
  })
  .openapi('BillingPrice');

export const PricePage = pageOf(PriceSchema).openapi('BillingPricePage');

type Row = typeof billingPrices.$inferSelect;

export function toPrice(r: Row, productName: string, replaced: number | null = null): z.infer<typeof PriceSchema> {
  return {
    id: r.id,
    product_id: r.productId,
    product_name: productName,
    unit_amount: r.unitAmount,
    currency: r.currency,
    interval: r.interval,
    default: r.isDefault,
    active: r.active,
    stripe_price_id: r.stripePriceId,
    synced: r.stripePriceId !== null,
    replaced_price_id: replaced,
    created_at: r.createdAt.toISOString(),
  };
}
