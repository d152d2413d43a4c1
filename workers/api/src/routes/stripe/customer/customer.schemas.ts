/** @module Shapes of the billing customer API (spec 7.3): a billed company's Stripe customer and payment methods. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingCustomers, billingPaymentMethods } from '@db/schema';
import { z } from '@hono/zod-openapi';

const companyIdField = z.number().int().positive();

/** The billed company: the selected one when absent, else a company of the caller's tree. */
export const CompanyQuery = z.object({
  company_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'company_id', in: 'query' }, example: 4 }),
});

export const ListQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  ...pageQueryFields(20),
});

const email = z.email().max(200);
/** Spec 5: the European VAT number and its country; the rule is domain/billing/tax-id.ts. */
const taxFields = {
  tax_id: z.string().trim().max(40).optional(),
  tax_id_country: z.string().trim().max(2).optional(),
};

export const OnboardBody = z.strictObject({
  company_id: companyIdField,
  email: email.optional(),
  ...taxFields,
});

export const UpdateBody = z.strictObject({
  company_id: companyIdField.optional(),
  name: z.string().trim().min(1).max(200).optional(),
  email: email.optional(),
});

export const TaxIdBody = z.strictObject({
  company_id: companyIdField.optional(),
  tax_id: z.string().trim().max(40),
  tax_id_country: z.string().trim().max(2).optional(),
});

export const CustomerSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    company_name: z.string().nullable(),
    owner_company_id: z.number(),
    stripe_customer_id: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    tax_id: z.string().nullable(),
    tax_id_type: z.string().nullable(),
    tax_id_country: z.string().nullable(),
    default_payment_method_id: z.string().nullable(),
    currency: z.string(),
    created_at: z.string(),
  })
  .openapi('StripeCustomer');

export const CustomerPage = pageOf(CustomerSchema).openapi('StripeCustomerPage');

export const PaymentMethodSchema = z
  .object({
    id: z.string(),
    type: z.enum(['card', 'sepa_debit', 'bacs_debit', 'customer_balance']),
    brand: z.string().nullable(),
    /** Spec 9: only the last 4 digits are shown. */
    last4: z.string().nullable(),
    exp_month: z.number().nullable(),
    exp_year: z.number().nullable(),
    /** The SEPA bank code or the BACS sort code. */
    bank_code: z.string().nullable(),
    default: z.boolean(),
  })
  .openapi('StripePaymentMethod');

type Customer = typeof billingCustomers.$inferSelect;
type PaymentMethod = typeof billingPaymentMethods.$inferSelect;

export function toCustomer(
  r: Customer,
  company: { name: string; currency: string } | null,
): z.infer<typeof CustomerSchema> {
  return {
    id: r.id,
    company_id: r.companyId,
    company_name: company?.name ?? null,
    owner_company_id: r.ownerCompanyId,
    stripe_customer_id: r.stripeCustomerId,
    name: r.name,
    email: r.email,
    tax_id: r.taxIdValue,
    tax_id_type: r.taxIdType,
    tax_id_country: r.taxIdCountry,
    default_payment_method_id: r.defaultPaymentMethodId,
    currency: company?.currency ?? 'EUR',
    created_at: r.createdAt.toISOString(),
  };
}

export function toPaymentMethod(r: PaymentMethod, defaultId: string | null): z.infer<typeof PaymentMethodSchema> {
  return {
    id: r.stripePaymentMethodId,
    type: r.type,
    brand: r.brand,
    last4: r.last4,
    exp_month: r.expMonth,
    exp_year: r.expYear,
    bank_code: r.bankCode,
    default: r.stripePaymentMethodId === defaultId,
  };
}
