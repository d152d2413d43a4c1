/**
 * @module Shapes of the invoice data tab (issue 20 part 2): the bank account, the extra invoice footer
 * and the descriptions in en/it/fr/de. Legal entity, executive, register number, VAT and tax id are
 * owned by the general tab (spec 5 requires the VAT there) and shown here read-only.
 */
import {
  BANK_NAME_MAX,
  bankAccountOf,
  DESCRIPTION_MAX,
  INVOICE_FOOTER_MAX,
} from '@domain/company-settings/invoice-data-rules';
import { z } from '@hono/zod-openapi';
import type { Company } from '../company-settings.schemas';

/** Absent keeps the stored value, null or empty clears it. */
const text = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const description = text(DESCRIPTION_MAX, 'descriptionTooLong');

export const InvoiceDataBody = z
  .strictObject({
    bank_name: text(BANK_NAME_MAX, 'companyTextTooLong'),
    iban: text(50, 'ibanCharacters').openapi({
      description: 'Spaces allowed; checked by country length and mod-97',
      example: 'FR14 2004 1010 0505 0001 3M02 606',
    }),
    bic: text(20, 'bicInvalid').openapi({ example: 'PSSTFRPPPAR' }),
    invoice_footer: text(INVOICE_FOOTER_MAX, 'invoiceFooterTooLong'),
    description_en: description,
    description_it: description,
    description_fr: description,
    description_de: description,
  })
  .openapi('CompanyInvoiceDataBody');

const nullableText = z.string().nullable();
export const InvoiceDataSchema = z
  .object({
    company_id: z.number(),
    bank_name: nullableText,
    /** Normalized: upper case, no spaces. */
    iban: nullableText,
    bic: nullableText,
    invoice_footer: nullableText,
    description_en: nullableText,
    description_it: nullableText,
    description_fr: nullableText,
    description_de: nullableText,
    /** Read only here: edited on the general tab. */
    general: z.object({
      legal_entity: nullableText,
      executive_name: nullableText,
      commercial_register_number: nullableText,
      vat: nullableText,
      tax_id_type: nullableText,
      tax_id_country: nullableText,
    }),
    updated_at: nullableText,
  })
  .openapi('CompanyInvoiceData');

export function toInvoiceData(company: Company): z.infer<typeof InvoiceDataSchema> {
  return {
    company_id: company.id,
    ...bankAccountOf(company.bankInfo),
    invoice_footer: company.invoiceFooter,
    description_en: company.descriptionEn,
    description_it: company.descriptionIt,
    description_fr: company.descriptionFr,
    description_de: company.descriptionDe,
    general: {
      legal_entity: company.legalEntity,
      executive_name: company.executiveName,
      commercial_register_number: company.commercialRegisterNumber,
      vat: company.vat,
      tax_id_type: company.taxIdType,
      tax_id_country: company.taxIdCountry,
    },
    updated_at: company.updatedAt ? company.updatedAt.toISOString() : null,
  };
}
