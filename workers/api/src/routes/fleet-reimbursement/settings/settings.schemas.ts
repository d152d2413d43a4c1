/** @module Shapes of the home-reimbursement settings (spec 001 §7.12 `settings`, ADR 046): camelCase, as the brief names them. */

import { type homeReimbursementSettings, REIMBURSEMENT_TYPES } from '@db/schema';
import { SERVICE } from '@domain/permissions/service-settings';
import type { SettingsValues } from '@domain/reimbursement/settings-input';
import { VARIANT_SERVICE, VARIANTS, type Variant } from '@domain/reimbursement/variants';
import { z } from '@hono/zod-openapi';

type Row = typeof homeReimbursementSettings.$inferSelect;

export const CompanyParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'companyId', in: 'path' }, example: 3 }),
});

export const SettingsQuery = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'companyId', in: 'query' }, description: 'Default: the selected company' }),
});

const milli = z.number().int().nullable();
const list = z.string().max(2000).nullable();

/** Types only: the rules (required when, ranges, addresses, variants) are domain/reimbursement/settings-input.ts. */
export const SettingsBody = z.strictObject({
  active: z.boolean(),
  type: z.enum(REIMBURSEMENT_TYPES),
  /** Milli-minor units per kWh (25160 = 0.25160 EUR/kWh). */
  flatTariff: milli,
  /** YYYY-MM-DD. */
  flatTariffValidFrom: z.string().max(10).nullable(),
  extraExpenseEnabled: z.boolean(),
  /** Minor units per employee and month; null: no limit. */
  extraExpenseLimit: z.number().int().nullable(),
  /** 0–10000 (basis points of the reimbursements a manager approved). */
  feeBasisPoints: z.number().int(),
  /** Comma-separated e-mail addresses. */
  contactEmails: list,
  alertEmails: list,
  recipients: list,
  /** The company's cap on the price per kWh (milli-minor units); null: none. */
  reimbursementKwhCostLimit: milli,
  contractApproval: z.boolean(),
  paymentProviderFlow: z.boolean(),
  offlineStationProcess: z.boolean(),
  skipDocumentUpload: z.boolean(),
  fleetRuleSet: z.boolean(),
});

const VariantSchema = z.object({
  variant: z.enum(VARIANTS),
  /** The service setting the variant needs. */
  setting: z.number(),
  /** Whether that setting is on for the company: the screen disables the variant otherwise. */
  available: z.boolean(),
});

export const SettingsAnswer = z
  .object({
    companyId: z.number(),
    currency: z.string(),
    /** Service setting 25 (home reimbursement) is on for the company. */
    serviceOn: z.boolean(),
    /** False: never saved; the values are the defaults (inactive). */
    configured: z.boolean(),
    active: z.boolean(),
    type: z.enum(REIMBURSEMENT_TYPES),
    flatTariff: z.number().nullable(),
    flatTariffValidFrom: z.string().nullable(),
    extraExpenseEnabled: z.boolean(),
    extraExpenseLimit: z.number().nullable(),
    feeBasisPoints: z.number(),
    contactEmails: z.string().nullable(),
    alertEmails: z.string().nullable(),
    recipients: z.string().nullable(),
    reimbursementKwhCostLimit: z.number().nullable(),
    contractApproval: z.boolean(),
    paymentProviderFlow: z.boolean(),
    offlineStationProcess: z.boolean(),
    skipDocumentUpload: z.boolean(),
    fleetRuleSet: z.boolean(),
    variants: z.array(VariantSchema),
    updatedAt: z.string().nullable(),
  })
  .openapi('HomeReimbursementSettings');
export type SettingsAnswer = z.infer<typeof SettingsAnswer>;

const DEFAULTS: Omit<SettingsValues, 'reimbursementKwhCostLimit'> = {
  active: false,
  type: 'company',
  flatTariff: null,
  flatTariffValidFrom: null,
  extraExpenseEnabled: false,
  extraExpenseLimit: null,
  feeBasisPoints: 0,
  contactEmails: null,
  alertEmails: null,
  recipients: null,
  contractApproval: false,
  paymentProviderFlow: false,
  offlineStationProcess: false,
  skipDocumentUpload: false,
  fleetRuleSet: false,
};

export interface SettingsFacts {
  company: { id: number; currency: string; reimbursementKwhCostLimit: number | null };
  row: Row | null;
  services: readonly number[];
}

/** The answer: the stored row or the defaults, the company's kWh cost cap, and each variant's availability. */
export function toSettings({ company, row, services }: SettingsFacts): SettingsAnswer {
  const values = row ?? DEFAULTS;
  const pick = <K extends keyof typeof DEFAULTS>(k: K) => values[k] as (typeof DEFAULTS)[K];
  return {
    companyId: company.id,
    currency: company.currency,
    serviceOn: services.includes(SERVICE.HOME_REIMBURSEMENT),
    configured: row !== null,
    active: pick('active'),
    type: pick('type'),
    flatTariff: pick('flatTariff'),
    flatTariffValidFrom: pick('flatTariffValidFrom'),
    extraExpenseEnabled: pick('extraExpenseEnabled'),
    extraExpenseLimit: pick('extraExpenseLimit'),
    feeBasisPoints: pick('feeBasisPoints'),
    contactEmails: pick('contactEmails'),
    alertEmails: pick('alertEmails'),
    recipients: pick('recipients'),
    reimbursementKwhCostLimit: company.reimbursementKwhCostLimit,
    contractApproval: pick('contractApproval'),
    paymentProviderFlow: pick('paymentProviderFlow'),
    offlineStationProcess: pick('offlineStationProcess'),
    skipDocumentUpload: pick('skipDocumentUpload'),
    fleetRuleSet: pick('fleetRuleSet'),
    variants: VARIANTS.map((variant: Variant) => ({
      variant,
      setting: VARIANT_SERVICE[variant],
      available: services.includes(VARIANT_SERVICE[variant]),
    })),
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}
