/**
 * @module Shapes of the company creation (spec 001 7.5 `POST /company`, screens /create-company/step-1..4):
 * the general data of the settings' general tab, the type flags, the service settings and the
 * mandatory corporate admin (an existing user, or a new one invited by e-mail to set a password).
 */
import { GeneralBody } from '@api/routes/company-settings/company-settings.schemas';
import { z } from '@hono/zod-openapi';

const flag = z.boolean().default(false);

/** The corporate admin: `user_id` of an existing user, or the e-mail (and names) of a new one. */
export const CorporateAdminBody = z
  .strictObject(
    {
      user_id: z.number().int().positive().optional(),
      email: z.email({ error: 'emailInvalid' }).max(200, { error: 'companyTextTooLong' }).optional(),
      first_name: z.string().trim().max(100, { error: 'companyTextTooLong' }).optional(),
      last_name: z.string().trim().max(100, { error: 'companyTextTooLong' }).optional(),
    },
    // Also the message when the whole object is missing: spec section 6, mandatory on creation.
    { error: 'companyAdminRequired' },
  )
  .refine((a) => a.user_id !== undefined || a.email !== undefined, { error: 'companyAdminRequired' });

export const CreateCompanyBody = GeneralBody.omit({ tax_id_country: true })
  .extend({
    /** Default: the country of the VAT number's prefix. */
    tax_id_country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'companyTaxIdCountryRequired' })
      .optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'companyCurrencyInvalid' })
      .default('EUR'),
    /** A company of the caller's scope, not closed. */
    parent_company_id: z.number().int().positive(),
    cpms: z.enum(['public', 'private']).nullable().default(null),
    is_subcpo: flag,
    is_evfleet: flag,
    is_lifestyle: flag,
    emp_services: flag,
    service_settings: z.array(z.number().int()).max(100).default([]),
    corporate_admin: CorporateAdminBody,
  })
  .openapi('CreateCompany');

export type CreateCompany = z.infer<typeof CreateCompanyBody>;

export const CreatedCompanySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    parent_company_id: z.number(),
    corporate_admin_id: z.number(),
    /** True when a new user was created and sent the invitation to set a password. */
    invited: z.boolean(),
  })
  .openapi('CreatedCompany');

export const CandidatesQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ param: { name: 'search', in: 'query' }, description: 'E-mail or name, part of it' }),
});

export const CandidateSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
