/** @module Shapes of the subscriptions API (spec 3 Subscription, 7.3): snake_case, money in minor units beside its currency. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingPrices, billingSubscriptions, companies } from '@db/schema';
import { ACTIVE_STATUSES, ANCHOR_DAYS_MAX, isFree, parseAnchor } from '@domain/billing/subscriptions';
import { z } from '@hono/zod-openapi';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' } });

export const SubscriptionIdParams = z.object({ subscriptionId: id('subscriptionId') });

const STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;

export const ListQuery = z.object({
  ...pageQueryFields(20),
  status: z.enum(STATUSES).optional(),
  /** The billed company. */
  company_id: z.coerce.number().int().positive().optional(),
});

export const ActiveQuery = z.object({ ...pageQueryFields(20), company_id: ListQuery.shape.company_id });

const anchor = z
  .union([z.literal('eom'), z.number().int().min(1).max(ANCHOR_DAYS_MAX)])
  .openapi({ description: "'eom' (the last day of every month) or a day 1–28" });

export const CreateBody = z.strictObject({
  /** The billed company: it must have a billing customer. */
  company_id: z.number().int().positive(),
  price_id: z.number().int().positive(),
  name: z.string().trim().min(1).max(100).optional(),
  quantity: z.number().int().min(1).max(10_000).default(1),
  coupon_id: z.number().int().positive().optional(),
  tax_rate_id: z.number().int().positive().optional(),
  /** Free until then; in the future, at most two years ahead. */
  trial_end: z.iso.datetime({ offset: true }).optional(),
  billing_cycle_anchor: anchor.optional(),
  /** Activation cannot be undone (spec 4): the caller confirms it. */
  confirm: z.literal(true, { error: 'billingActivationConfirm' }),
});

export const UpdateBody = z
  .strictObject({
    price_id: z.number().int().positive().optional(),
    quantity: z.number().int().min(1).max(10_000).optional(),
    /** null removes the coupon. */
    coupon_id: z.number().int().positive().nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });

export const CancelQuery = z.object({
  /** true (default): at the end of the paid period; false: now. */
  at_period_end: z.enum(['true', 'false']).default('true'),
});

export const SubscriptionSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    company_name: z.string(),
    customer_id: z.number(),
    name: z.string(),
    status: z.string(),
    price_id: z.number(),
    unit_amount: z.number(),
    currency: z.string(),
    interval: z.string(),
    interval_count: z.number(),
    quantity: z.number(),
    coupon_id: z.number().nullable(),
    tax_rate_id: z.number().nullable(),
    trial_end: z.string().nullable(),
    /** Nothing to pay while the trial runs. */
    free: z.boolean(),
    billing_cycle_anchor: z.union([z.literal('eom'), z.number()]).nullable(),
    /** Spec 3 "expire at": the end of the paid period. */
    expire_at: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    activated_at: z.string().nullable(),
    canceled_at: z.string().nullable(),
    created_at: z.string(),
    user_contract_id: z.number().nullable(),
  })
  .openapi('BillingSubscription');

export const SubscriptionPage = pageOf(SubscriptionSchema);

export const ByCompany = z.object({
  data: z.array(
    z.object({ company_id: z.number(), company_name: z.string(), subscriptions: z.array(SubscriptionSchema) }),
  ),
});

export const ACTIVE = ACTIVE_STATUSES;

export interface SubscriptionRow {
  sub: typeof billingSubscriptions.$inferSelect;
  price: typeof billingPrices.$inferSelect;
  company: Pick<typeof companies.$inferSelect, 'name'>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscription({ sub, price, company }: SubscriptionRow, now = new Date()) {
  return {
    id: sub.id,
    company_id: sub.companyId,
    company_name: company.name,
    customer_id: sub.customerId,
    name: sub.name,
    status: sub.status,
    price_id: price.id,
    unit_amount: price.unitAmount,
    currency: price.currency,
    interval: price.interval,
    interval_count: price.intervalCount,
    quantity: sub.quantity,
    coupon_id: sub.couponId,
    tax_rate_id: sub.taxRateId,
    trial_end: iso(sub.trialEnd),
    free: isFree(sub, now),
    billing_cycle_anchor: parseAnchor(sub.billingCycleAnchor),
    expire_at: iso(sub.currentPeriodEnd),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    activated_at: iso(sub.activatedAt),
    canceled_at: iso(sub.canceledAt),
    created_at: sub.createdAt.toISOString(),
    user_contract_id: sub.userContractId,
  };
}
