/** @module Shapes of the operator's coupons (spec 3 Coupon, 7.4 `stripe/coupons`). */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingCoupons } from '@db/schema';
import { DURATIONS } from '@domain/billing/catalogue';
import { z } from '@hono/zod-openapi';

export const CouponParams = z.object({
  couponId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'couponId', in: 'path' }, example: 5 }),
});

/** Exactly one of percent_off or amount_off (with currency); domain/billing/catalogue.ts says what is wrong per field. */
export const CouponBody = z
  .strictObject({
    name: z.string().max(200).nullish(),
    percent_off: z.number().nullish().openapi({ description: 'Above 0, at most 100' }),
    amount_off: z.number().nullish().openapi({ description: 'Integer minor units, above zero; needs currency' }),
    currency: z.string().max(10).nullish(),
    duration: z.string().max(20).nullish().openapi({ description: 'once, repeating or forever' }),
    duration_in_months: z.number().nullish().openapi({ description: '1 to 36, only with repeating' }),
  })
  .openapi('BillingCouponInput');

/** Stripe changes only a coupon's name. */
export const CouponUpdateBody = z.strictObject({ name: z.string().max(200).nullish() }).openapi('BillingCouponUpdate');

export const CouponListQuery = z.object({
  ...pageQueryFields(25),
  /** 1: with the deleted coupons too. */
  deleted: z.enum(['0', '1']).optional(),
});

export const CouponSchema = z
  .object({
    id: z.number(),
    name: z.string().nullable(),
    percent_off: z.number().nullable(),
    amount_off: z.number().nullable(),
    currency: z.string().nullable(),
    duration: z.enum(DURATIONS),
    duration_in_months: z.number().nullable(),
    deleted: z.boolean(),
    stripe_coupon_id: z.string().nullable(),
    synced: z.boolean(),
    created_at: z.string(),
  })
  .openapi('BillingCoupon');

export const CouponPage = pageOf(CouponSchema).openapi('BillingCouponPage');

export function toCoupon(r: typeof billingCoupons.$inferSelect): z.infer<typeof CouponSchema> {
  return {
    id: r.id,
    name: r.name || null,
    percent_off: r.percentOff,
    amount_off: r.amountOff,
    currency: r.currency,
    duration: r.duration,
    duration_in_months: r.durationInMonths,
    deleted: r.deletedAt !== null,
    stripe_coupon_id: r.stripeCouponId,
    synced: r.stripeCouponId !== null,
    created_at: r.createdAt.toISOString(),
  };
}
