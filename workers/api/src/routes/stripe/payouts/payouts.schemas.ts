/** @module Shapes of the payouts API (spec 7.2 `stripe/payout/{userId}`): money in integer minor units. */
import type { billingPayouts } from '@db/schema';
import { z } from '@hono/zod-openapi';

export const UserParams = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' }, example: 12 }),
});

export const PayoutParams = UserParams.extend({
  /** Our payout id, or Stripe's (po_…). */
  payoutId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'payoutId', in: 'path' }, example: '7' }),
});

export const CreateBody = z.strictObject({
  /** Minor units of `currency` (e.g. cents). */
  amount: z.number().int().positive(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((s) => s.toUpperCase()),
});

export const PayoutSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    user_id: z.number().nullable(),
    stripe_payout_id: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    status: z.string(),
    arrival_date: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('StripePayout');

export function toPayout(r: typeof billingPayouts.$inferSelect): z.infer<typeof PayoutSchema> {
  return {
    id: r.id,
    company_id: r.companyId,
    user_id: r.userId,
    stripe_payout_id: r.stripePayoutId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    arrival_date: r.arrivalDate?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}
