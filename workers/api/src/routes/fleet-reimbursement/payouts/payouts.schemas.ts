/** @module Shapes of the reimbursement payout API (issue 19 part 7): the employee's payout account, a payout, the bank transfer file. */
import type { userPayoutAccounts } from '@db/schema';
import { payoutAccountStatus } from '@domain/reimbursement/payouts';
import { REIMBURSEMENT_STATUSES } from '@domain/reimbursement/statuses';
import { z } from '@hono/zod-openapi';

export const PayoutAccountSchema = z
  .object({
    /** none: no account yet; pending: details not submitted; restricted: submitted, payouts not enabled; done: payouts enabled. */
    status: z.enum(['none', 'pending', 'restricted', 'done']),
    stripe_account_id: z.string().nullable(),
    details_submitted: z.boolean(),
    payouts_enabled: z.boolean(),
    updated_at: z.string().nullable(),
    /** How the caller's company pays reimbursements: Stripe needs this account; bank transfer uses the IBAN. */
    payout_method: z.enum(['stripe', 'bank_transfer']),
  })
  .openapi('ReimbursementPayoutAccount');

export const PayoutLinkSchema = z
  .object({
    account: PayoutAccountSchema,
    /** Stripe's hosted onboarding page: the browser follows it. */
    url: z.string(),
  })
  .openapi('ReimbursementPayoutLink');

export const ReimbursementParam = z.object({
  reimbursementId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .openapi({ param: { name: 'reimbursementId', in: 'path' }, example: 12 }),
});

export const PayoutSchema = z
  .object({
    id: z.number(),
    status: z.enum(REIMBURSEMENT_STATUSES),
    value: z.number(),
    currency: z.string(),
    stripe_transfer_id: z.string().nullable(),
    stripe_payout_id: z.string().nullable(),
    failure_reason: z.string().nullable(),
  })
  .openapi('ReimbursementPayout');

export const BankTransferBody = z
  .strictObject({
    /** Approved reimbursements paid by bank transfer, all of one company. */
    ids: z.array(z.number().int().positive()).min(1).max(500),
  })
  .openapi('ReimbursementBankTransferBody');

type Account = typeof userPayoutAccounts.$inferSelect;

export function toPayoutAccount(
  row: Account | null | undefined,
  payoutMethod: 'stripe' | 'bank_transfer' = 'stripe',
): z.infer<typeof PayoutAccountSchema> {
  return {
    status: payoutAccountStatus(row ?? null),
    stripe_account_id: row?.stripeAccountId ?? null,
    details_submitted: row?.detailsSubmitted ?? false,
    payouts_enabled: row?.payoutsEnabled ?? false,
    updated_at: row?.updatedAt?.toISOString() ?? null,
    payout_method: payoutMethod,
  };
}

export function toPayout(r: {
  id: number;
  status: (typeof REIMBURSEMENT_STATUSES)[number];
  value: number;
  currency: string;
  stripeTransferId: string | null;
  stripePayoutId: string | null;
  failureReason: string | null;
}): z.infer<typeof PayoutSchema> {
  return {
    id: r.id,
    status: r.status,
    value: r.value,
    currency: r.currency,
    stripe_transfer_id: r.stripeTransferId,
    stripe_payout_id: r.stripePayoutId,
    failure_reason: r.failureReason,
  };
}
