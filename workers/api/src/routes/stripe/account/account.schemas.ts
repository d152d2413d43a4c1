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

/** An optional profile text: absent keeps Stripe's value, null or '' clears it. */
const profileText = (max: number, check?: { re: RegExp; error: string }) =>
  z
    .string()
    .trim()
    .max(max, { error: 'companyTextTooLong' })
    .refine((v) => !check || v === '' || check.re.test(v), { error: check?.error ?? 'companyTextTooLong' })
    .nullable()
    .optional();

/** PUT stripe/account (spec 7.2 "account data"): the connected account's public details and our collection method. */
export const AccountUpdateBody = z
  .strictObject({
    company_id: z.number().int().positive().optional(),
    email: z.email({ error: 'emailInvalid' }).max(200, { error: 'companyTextTooLong' }).optional(),
    business_profile: z
      .strictObject({
        name: z
          .string({ error: 'companyNameRequired' })
          .trim()
          .min(1, { error: 'companyNameRequired' })
          .max(200, { error: 'companyTextTooLong' })
          .optional(),
        url: profileText(200, { re: /^https?:\/\/[^\s/$.?#][^\s]{1,198}$/i, error: 'companyWebInvalid' }),
        support_email: profileText(200, { re: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, error: 'emailInvalid' }),
        support_phone: profileText(30, { re: /^\+?[\d\s().-]{4,30}$/, error: 'companyPhoneInvalid' }),
        product_description: profileText(500),
      })
      .optional(),
    collection_method: z.enum(COLLECTION_METHODS).optional(),
  })
  .openapi('StripeAccountUpdate');

/** The connected account's details at Stripe (read with refresh=1 and answered by PUT; never stored here). */
export const AccountDetailsSchema = z
  .object({
    email: z.string().nullable(),
    business_profile: z.object({
      name: z.string().nullable(),
      url: z.string().nullable(),
      support_email: z.string().nullable(),
      support_phone: z.string().nullable(),
      product_description: z.string().nullable(),
    }),
  })
  .openapi('StripeAccountDetails');

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
    /** Only when read from Stripe (refresh=1, PUT): e-mail and business profile. */
    details: AccountDetailsSchema.optional(),
  })
  .openapi('StripeAccount');

type Details = z.infer<typeof AccountDetailsSchema>;

/** The details our screens show, from Stripe's account object. */
export function detailsOf(account: {
  email?: string | null;
  business_profile?: Partial<Record<keyof Details['business_profile'], string | null>> | null;
}): Details {
  const p = account.business_profile ?? {};
  return {
    email: account.email ?? null,
    business_profile: {
      name: p.name ?? null,
      url: p.url ?? null,
      support_email: p.support_email ?? null,
      support_phone: p.support_phone ?? null,
      product_description: p.product_description ?? null,
    },
  };
}

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
