/**
 * @module Company settings (spec 2 7.5 `settings/company/*`; screen /settings/{companyId}): one read of
 * everything the screen shows and one PUT per tab (general, roles and services, group labels), plus the
 * spec's siblings calls. Every call names a company of the caller's scope; any other id answers 404.
 */

import { GROUP_LABEL_MAX, vatError } from '@domain/company-settings/company-rules';
import { validTimeZone } from '@domain/onboarding/station-import';
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse, json, jsonBody } from '../../lib/route';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

const CompanyParams = z.object({
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
const Sibling = z.object({ id: z.number(), name: z.string() });
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

const SiblingsQuery = z.object({
  company_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'company_id', in: 'query' }, description: 'Default: the selected company' }),
});

export const siblings = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/siblings',
  tags,
  summary: "A company's linked sibling companies (default: the selected company)",
  request: { query: SiblingsQuery },
  responses: { 200: json(z.object({ data: z.array(Sibling), siblings_can_charge_on: z.boolean() })), 404: notFound },
});

export const siblingsCanChargeOn = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/siblings-can-charge-on',
  tags,
  summary: "Whether the company's drivers may charge on its linked siblings' stations (default: the selected company)",
  request: {
    body: jsonBody(
      z.strictObject({ siblings_can_charge_on: z.boolean(), company_id: z.number().int().positive().optional() }),
    ),
  },
  responses: { 200: json(SettingsSchema), 404: notFound },
});

export const read = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}',
  tags,
  summary: "A company's settings: general data, service settings, charging on parent and siblings, group labels",
  request: { params: CompanyParams },
  responses: { 200: json(SettingsSchema), 404: notFound },
});

export const putGeneral = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/general',
  tags,
  summary: "The general tab: the company's name, contact, address and tax data (spec section 5 rules)",
  request: { params: CompanyParams, body: jsonBody(GeneralBody) },
  responses: { 200: json(SettingsSchema), 404: notFound },
});

export const putServices = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/services',
  tags,
  summary:
    'The roles and services tab: the service settings that are on, charging on parent and siblings, mandatory license plate',
  request: { params: CompanyParams, body: jsonBody(ServicesBody) },
  responses: {
    200: json(SettingsSchema),
    404: notFound,
    409: errorResponse('Turning off a setting that a screen needs asks for confirm: true'),
  },
});

export const putGroupLabels = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/group-labels',
  tags,
  summary: 'The group labels tab: the names of the four company-group levels (group1 to group4)',
  request: { params: CompanyParams, body: jsonBody(GroupLabelsBody) },
  responses: { 200: json(SettingsSchema), 404: notFound },
});
