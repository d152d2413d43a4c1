/** @module Shapes of the Stripe Connect account API (spec 7.2): the operator's account and its onboarding. */
import type { billingAccounts } from '@db/schema';
import { onboardingNotice } from '@domain/billing/onboarding';
import { z } from '@hono/zod-openapi';

const STATES = ['todo', 'pending', 'done', 'interrupted', 'reauth', 'recover'] as const;
const COLLECTION_METHODS = ['charge_automatically', 'send_invoice'] as const;

/** The operator company: the selected one when absent, else a company of the caller's tree. */
const companyId = z.coerce.number().int().positive().optional();

export const CompanyQuery = z.object({
  company_id: companyId.openapi({ param: { name: 'company_id', in: 'query' }, example: 3 }),
  /** 1: read the account's flags from Stripe now (nothing is written; webhooks and the return page write). */
  refresh: z
    .enum(['0', '1'])
    .optional()
    .openapi({ param: { name: 'refresh', in: 'query' } }),
});

export const CompanyBody = z.strictObject({ company_id: z.number().int().positive().optional() });

export const ReturnBody = z.strictObject({
  company_id: z.number().int().positive().optional(),
  /** return: back on the link's return_url; left: the user stopped the flow from our screen. */
  result: z.enum(['return', 'left']),
});

export const CollectionMethodBody = z.strictObject({
  company_id: z.number().int().positive().optional(),
  collection_method: z.enum(COLLECTION_METHODS),
});

export const AccountSchema = z
  .object({
    company_id: z.number(),
    stripe_account_id: z.string().nullable(),
    state: z.enum(STATES),
    collection_method: z.enum(COLLECTION_METHODS),
    details_submitted: z.boolean(),
    charges_enabled: z.boolean(),
    payouts_enabled: z.boolean(),
    /** The incomplete-onboarding notice (spec 8) and its recovery action. */
    notice: z.object({ incomplete: z.boolean(), action: z.enum(['start', 'resume', 'update']).nullable() }),
    updated_at: z.string().nullable(),
  })
  .openapi('StripeAccount');

export const OnboardLinkSchema = z
  .object({
    account: AccountSchema,
    /** Stripe's hosted onboarding page: the browser follows it. */
    url: z.string(),
  })
  .openapi('StripeOnboardLink');

type Row = typeof billingAccounts.$inferSelect;

/** The answer for a company's row, or its todo state when it has none. */
export function toAccount(companyId: number, row: Row | undefined | null): z.infer<typeof AccountSchema> {
  const state = row?.state ?? 'todo';
  return {
    company_id: companyId,
    stripe_account_id: row?.stripeAccountId ?? null,
    state,
    collection_method: row?.collectionMethod ?? 'charge_automatically',
    details_submitted: row?.detailsSubmitted ?? false,
    charges_enabled: row?.chargesEnabled ?? false,
    payouts_enabled: row?.payoutsEnabled ?? false,
    notice: onboardingNotice(state),
    updated_at: row?.updatedAt?.toISOString() ?? null,
  };
}

/** DELETE /stripe/account/user/{userId}: the employee whose payout account is deleted. */
export const EmployeeParam = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .openapi({ param: { name: 'userId', in: 'path' }, example: 42 }),
});

export const DeletedPayoutAccountSchema = z
  .object({ user_id: z.number(), stripe_account_id: z.string(), deleted: z.literal(true) })
  .openapi('DeletedPayoutAccount');
