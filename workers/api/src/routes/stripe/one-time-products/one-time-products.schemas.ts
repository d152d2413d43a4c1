/** @module Shapes of one-time products (spec 3 One-time product, 7.4 `stripe/one-time-products`): sold once, pending until invoiced. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { z } from '@hono/zod-openapi';

export const STATUSES = ['pending', 'invoiced', 'cancelled'] as const;

export const OneTimeParams = z.object({
  pendingOneTimeId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'pendingOneTimeId', in: 'path' }, example: 3 }),
});

const optionalId = z.number().int().positive().nullish();

/** Company and product chosen, quantity ≥ 1, unit price excl. VAT ≥ 0 in the company's currency (minor units). */
export const OneTimeBody = z
  .strictObject({
    company_id: optionalId,
    subscription_id: optionalId,
    product_id: optionalId,
    quantity: z.number().nullish(),
    unit_amount: z.number().nullish().openapi({ description: 'Unit price excluding VAT, integer minor units' }),
    coupon_id: optionalId,
  })
  .openapi('BillingOneTimeProductInput');

export const OneTimeListQuery = z.object({
  ...pageQueryFields(25),
  /** 1: pending only (the screen's default); 0: invoiced or cancelled; absent: all. */
  pending: z.enum(['0', '1']).optional(),
  company_id: z.coerce.number().int().positive().optional(),
});

export const OptionsQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });

export const OneTimeSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    company_name: z.string(),
    subscription_id: z.number().nullable(),
    subscription_name: z.string().nullable(),
    product_id: z.number(),
    product_name: z.string(),
    quantity: z.number(),
    unit_amount: z.number(),
    currency: z.string(),
    total_excluding_tax: z.number(),
    coupon_id: z.number().nullable(),
    coupon_name: z.string().nullable(),
    status: z.enum(STATUSES),
    created_at: z.string(),
  })
  .openapi('BillingOneTimeProduct');

export const OneTimePage = pageOf(OneTimeSchema).openapi('BillingOneTimeProductPage');

/** What the four-step create offers: the operator's one-time products and coupons, the company's subscriptions. */
export const OptionsSchema = z
  .object({
    currency: z.string().nullable(),
    products: z.array(z.object({ id: z.number(), name: z.string() })),
    coupons: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        percent_off: z.number().nullable(),
        amount_off: z.number().nullable(),
        currency: z.string().nullable(),
      }),
    ),
    subscriptions: z.array(z.object({ id: z.number(), name: z.string(), status: z.string() })),
  })
  .openapi('BillingOneTimeOptions');

export interface OneTimeRow {
  line: {
    id: number;
    companyId: number;
    subscriptionId: number | null;
    productId: number;
    quantity: number;
    unitAmount: number;
    currency: string;
    couponId: number | null;
    status: (typeof STATUSES)[number];
    createdAt: Date;
  };
  companyName: string;
  productName: string;
  subscriptionName: string | null;
  couponName: string | null;
}

export function toOneTime(r: OneTimeRow): z.infer<typeof OneTimeSchema> {
  const l = r.line;
  return {
    id: l.id,
    company_id: l.companyId,
    company_name: r.companyName,
    subscription_id: l.subscriptionId,
    subscription_name: r.subscriptionName,
    product_id: l.productId,
    product_name: r.productName,
    quantity: l.quantity,
    unit_amount: l.unitAmount,
    currency: l.currency,
    total_excluding_tax: l.quantity * l.unitAmount,
    coupon_id: l.couponId,
    coupon_name: r.couponName,
    status: l.status,
    created_at: l.createdAt.toISOString(),
  };
}
