/** @module Schemas of the company settings (spec 2 7.5 `settings/company/*`) and the mappings between a company row and its answer. */

import type { companies } from '@db/schema';
import { GROUP_LABEL_MAX, normalizeVat, vatError } from '@domain/company-settings/company-rules';
import { validTimeZone } from '@domain/onboarding/station-import';
import { z } from '@hono/zod-openapi';

export type Company = typeof companies.$inferSelect;

export const CompanyParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'companyId', in: 'path' }, example: 3 }),
});

const text = (max = 200) => z.string().trim().max(max, { error: 'companyTextTooLong' });
/** An optional text field: absent keeps the stored value, null or empty clears it. */
const optionalText = (max = 200) => text(max).nullable().optional();
const pattern = (re: RegExp, error: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || re.test(v), { error })
    .nullable()
    .optional();

export const GeneralBody = z.strictObject({
  name: z.string({ error: 'companyNameRequired' }).trim().min(1, { error: 'companyNameRequired' }).max(200, {
    error: 'companyTextTooLong',
  }),
  business_name: optionalText(),
  email: z
    .union([z.literal(''), z.email({ error: 'emailInvalid' }).max(200, { error: 'companyTextTooLong' })])
    .nullable()
    .optional(),
  web: pattern(/^https?:\/\/[^\s/$.?#][^\s]{1,198}$/i, 'companyWebInvalid'),
  phone: pattern(/^\+?[\d\s().-]{4,30}$/, 'companyPhoneInvalid'),
  fax: pattern(/^\+?[\d\s().-]{4,30}$/, 'companyPhoneInvalid'),
  street: optionalText(),
  street_number: optionalText(20),
  city: optionalText(),
  district: optionalText(),
  state: optionalText(),
  zip: optionalText(20),
  country: z
    .string({ error: 'companyCountryRequired' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'companyCountryRequired' }),
  vat: z.string({ error: 'companyVatRequired' }).superRefine((v, ctx) => {
    const error = vatError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
  tax_id_type: optionalText(50),
  tax_id_country: z
    .string({ error: 'companyTaxIdCountryRequired' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'companyTaxIdCountryRequired' }),
  legal_entity: optionalText(),
  executive_name: optionalText(),
  commercial_register_number: optionalText(50),
  time_zone: z
    .string()
    .trim()
    .refine((v) => validTimeZone(v), { error: 'companyTimeZoneInvalid' })
    .optional(),
});

export const ServicesBody = z.strictObject({
  service_settings: z.array(z.number().int()).max(100),
  parent_can_charge_on: z.boolean(),
  siblings_can_charge_on: z.boolean(),
  mandatory_license_plate: z.boolean(),
  /** Required when a setting that a screen needs is turned off. */
  confirm: z.boolean().optional(),
});

const label = z
  .string({ error: 'companyGroupLabelInvalid' })
  .trim()
  .min(1, { error: 'companyGroupLabelInvalid' })
  .max(GROUP_LABEL_MAX, { error: 'companyGroupLabelInvalid' });
export const GroupLabelsBody = z.strictObject({ group_labels: z.tuple([label, label, label, label]) });

const General = z.object({
  name: z.string(),
  business_name: z.string().nullable(),
  email: z.string().nullable(),
  web: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
  vat: z.string().nullable(),
  tax_id_type: z.string().nullable(),
  tax_id_country: z.string().nullable(),
  legal_entity: z.string().nullable(),
  executive_name: z.string().nullable(),
  commercial_register_number: z.string().nullable(),
  time_zone: z.string(),
  /** Read only here: tariffs and limits in money are in this currency. */
  currency: z.string(),
});
export const Sibling = z.object({ id: z.number(), name: z.string() });
export const SettingsSchema = z
  .object({
    id: z.number(),
    parent: Sibling.nullable(),
    /** The caller's selected company: its settings apply to the caller's own screens at once. */
    is_selected: z.boolean(),
    general: General,
    services: z.object({
      /** Known service setting ids (spec section 6) that are on, ascending. */
      service_settings: z.array(z.number()),
      parent_can_charge_on: z.boolean(),
      siblings_can_charge_on: z.boolean(),
      mandatory_license_plate: z.boolean(),
    }),
    siblings: z.array(Sibling),
    group_labels: z.array(z.string()),
    updated_at: z.string().nullable(),
  })
  .openapi('CompanySettings');

export const SiblingsQuery = z.object({
  company_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'company_id', in: 'query' }, description: 'Default: the selected company' }),
});

export const SiblingsCanChargeOnBody = z.strictObject({
  siblings_can_charge_on: z.boolean(),
  company_id: z.number().int().positive().optional(),
});

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

/** The columns the general tab writes: absent keeps a value, null or empty clears it, the VAT normalized. */
export function generalValues(b: z.infer<typeof GeneralBody>) {
  return {
    name: b.name,
    businessName: blankToNull(b.business_name),
    email: blankToNull(b.email?.toLowerCase()),
    web: blankToNull(b.web),
    phone: blankToNull(b.phone),
    fax: blankToNull(b.fax),
    street: blankToNull(b.street),
    streetNumber: blankToNull(b.street_number),
    city: blankToNull(b.city),
    district: blankToNull(b.district),
    state: blankToNull(b.state),
    zip: blankToNull(b.zip),
    country: b.country,
    vat: normalizeVat(b.vat),
    taxIdType: blankToNull(b.tax_id_type),
    taxIdCountry: b.tax_id_country,
    legalEntity: blankToNull(b.legal_entity),
    executiveName: blankToNull(b.executive_name),
    commercialRegisterNumber: blankToNull(b.commercial_register_number),
    timeZone: b.time_zone,
  };
}

type Named = z.infer<typeof Sibling>;

/** The settings view of a company, given its known service settings on, its siblings and its parent. */
export function toSettings(
  company: Company,
  services: number[],
  siblings: Named[],
  parent: Named | null,
  selectedId: number,
): z.infer<typeof SettingsSchema> {
  return {
    id: company.id,
    parent,
    is_selected: company.id === selectedId,
    general: {
      name: company.name,
      business_name: company.businessName,
      email: company.email,
      web: company.web,
      phone: company.phone,
      fax: company.fax,
      street: company.street,
      street_number: company.streetNumber,
      city: company.city,
      district: company.district,
      state: company.state,
      zip: company.zip,
      country: company.country,
      vat: company.vat,
      tax_id_type: company.taxIdType,
      tax_id_country: company.taxIdCountry,
      legal_entity: company.legalEntity,
      executive_name: company.executiveName,
      commercial_register_number: company.commercialRegisterNumber,
      time_zone: company.timeZone,
      currency: company.currency,
    },
    services: {
      service_settings: services,
      parent_can_charge_on: company.parentCanChargeOn,
      siblings_can_charge_on: company.siblingsCanChargeOn,
      mandatory_license_plate: company.mandatoryLicensePlate,
    },
    siblings,
    group_labels: [company.group1Label, company.group2Label, company.group3Label, company.group4Label],
    updated_at: company.updatedAt ? company.updatedAt.toISOString() : null,
  };
}
