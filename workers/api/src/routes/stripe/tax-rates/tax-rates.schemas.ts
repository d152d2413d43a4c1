/** @module Shapes of the operator's tax rates (spec 3 Tax rate, 7.2 `stripe/account/tax-rate`). */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { billingTaxRates } from '@db/schema';
import { z } from '@hono/zod-openapi';

/** Stripe's tax types (its API refuses any other). */
export const TAX_TYPES = [
  'vat',
  'sales_tax',
  'gst',
  'hst',
  'pst',
  'qst',
  'rst',
  'igst',
  'jct',
  'service_tax',
  'lease_tax',
  'communications_tax',
  'amusement_tax',
  'retail_delivery_fee',
] as const;

export const TaxRateParams = z.object({
  taxRateId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'taxRateId', in: 'path' }, example: 4 }),
});

/** Description and percentage are mandatory; domain/billing/catalogue.ts says so per field. */
const taxRateFields = {
  description: z.string().max(500).nullish(),
  percentage: z.number().nullish().openapi({ description: '0 to 100, at most four decimals (22 = 22 %)' }),
  jurisdiction: z.string().max(50).nullish(),
  tax_type: z.enum(TAX_TYPES).nullish(),
  inclusive: z.boolean().nullish().openapi({ description: 'true: inclusive; false or absent: exclusive' }),
};

export const TaxRateBody = z.strictObject(taxRateFields).openapi('BillingTaxRateInput');

/** Percentage and inclusiveness cannot change (Stripe): sending other values is refused with the field. */
export const TaxRateUpdateBody = z
  .strictObject({ ...taxRateFields, active: z.boolean().optional() })
  .openapi('BillingTaxRateUpdate');

export const TaxRateListQuery = z.object({ ...pageQueryFields(25), active: z.enum(['0', '1']).optional() });

export const TaxRateSchema = z
  .object({
    id: z.number(),
    description: z.string(),
    percentage: z.number(),
    jurisdiction: z.string().nullable(),
    tax_type: z.string().nullable(),
    inclusive: z.boolean(),
    active: z.boolean(),
    stripe_tax_rate_id: z.string().nullable(),
    synced: z.boolean(),
    created_at: z.string(),
  })
  .openapi('BillingTaxRate');

export const TaxRatePage = pageOf(TaxRateSchema).openapi('BillingTaxRatePage');

export function toTaxRate(r: typeof billingTaxRates.$inferSelect): z.infer<typeof TaxRateSchema> {
  return {
    id: r.id,
    description: r.description,
    percentage: r.percentage,
    jurisdiction: r.jurisdiction,
    tax_type: r.taxType,
    inclusive: r.inclusive,
    active: r.active,
    stripe_tax_rate_id: r.stripeTaxRateId,
    synced: r.stripeTaxRateId !== null,
    created_at: r.createdAt.toISOString(),
  };
}
