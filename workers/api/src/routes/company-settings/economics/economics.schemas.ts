/** @module Shapes of the economics tab (issue 20 part 2): money in minor units, the kWh cost in milli-minor units per kWh. */

import { type EconomicsValues, economicsBounds } from '@domain/company-settings/economics-rules';
import { z } from '@hono/zod-openapi';
import type { Company } from '../company-settings.schemas';

/** Absent keeps the stored value, null clears it; ranges are judged with the company currency. */
const amount = z.number({ error: 'tariffAmountInvalid' }).int({ error: 'tariffAmountInvalid' }).nullable().optional();
const text = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const EconomicsBody = z
  .strictObject({
    keyfob_fee: amount,
    saas_fee: amount,
    cpms_fee: amount,
    monthly_connector_fee: amount,
    monthly_sim_fee: amount,
    annual_platform_fee: amount,
    kwh_net_cost: amount.openapi({ description: 'Milli-minor units per kWh (25160 = 0.2516 €/kWh)' }),
    pre_authorization_amount: amount.openapi({
      description: 'Held on the driver’s card for each QR payment, minor units; applies to the next payment only',
    }),
    billing_cycle_anchor: text.openapi({ description: "'1'…'28' or 'eom' (end of month)", example: 'eom' }),
    contract_number: text,
    contract_start_date: text.openapi({ example: '2026-01-01' }),
    contract_end_date: text.openapi({ example: '2028-12-31' }),
  })
  .openapi('CompanyEconomicsBody');

const nullableInt = z.number().nullable();
const nullableText = z.string().nullable();
export const EconomicsSchema = z
  .object({
    company_id: z.number(),
    /** Read only: tariffs, limits and these amounts are in it (ADR 036). */
    currency: z.string(),
    /** Whether the caller may change the fees, the anchor and the contract (super users only). */
    can_edit_vendor_fields: z.boolean(),
    keyfob_fee: nullableInt,
    saas_fee: nullableInt,
    cpms_fee: nullableInt,
    monthly_connector_fee: nullableInt,
    monthly_sim_fee: nullableInt,
    annual_platform_fee: nullableInt,
    kwh_net_cost: nullableInt,
    pre_authorization_amount: nullableInt,
    pre_authorization_min: z.number(),
    pre_authorization_max: z.number(),
    billing_cycle_anchor: nullableText,
    contract_number: nullableText,
    contract_start_date: nullableText,
    contract_end_date: nullableText,
    updated_at: nullableText,
  })
  .openapi('CompanyEconomics');

/** The economics values of a company row. */
export function economicsOf(company: Company): EconomicsValues {
  return {
    keyfob_fee: company.keyfobFee,
    saas_fee: company.saasFee,
    cpms_fee: company.cpmsFee,
    monthly_connector_fee: company.monthlyConnectorFee,
    monthly_sim_fee: company.monthlySimFee,
    annual_platform_fee: company.annualPlatformFee,
    kwh_net_cost: company.kwhNetCost,
    pre_authorization_amount: company.preAuthorizationAmount,
    billing_cycle_anchor: company.billingCycleAnchor,
    contract_number: company.contractNumber,
    contract_start_date: company.contractStartDate,
    contract_end_date: company.contractEndDate,
  };
}

/** The company columns of economics values. */
export function economicsColumns(v: EconomicsValues) {
  return {
    keyfobFee: v.keyfob_fee,
    saasFee: v.saas_fee,
    cpmsFee: v.cpms_fee,
    monthlyConnectorFee: v.monthly_connector_fee,
    monthlySimFee: v.monthly_sim_fee,
    annualPlatformFee: v.annual_platform_fee,
    kwhNetCost: v.kwh_net_cost,
    preAuthorizationAmount: v.pre_authorization_amount,
    billingCycleAnchor: v.billing_cycle_anchor,
    contractNumber: v.contract_number,
    contractStartDate: v.contract_start_date,
    contractEndDate: v.contract_end_date,
  };
}

export function toEconomics(company: Company, canEditVendorFields: boolean): z.infer<typeof EconomicsSchema> {
  const bounds = economicsBounds(company.currency).preAuthorization;
  return {
    company_id: company.id,
    currency: company.currency,
    can_edit_vendor_fields: canEditVendorFields,
    ...economicsOf(company),
    pre_authorization_min: bounds.min,
    pre_authorization_max: bounds.max,
    updated_at: company.updatedAt ? company.updatedAt.toISOString() : null,
  };
}
