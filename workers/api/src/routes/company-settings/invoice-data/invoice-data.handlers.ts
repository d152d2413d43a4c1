/**
 * @module The invoice data tab's handlers: the read, and the PUT that checks the IBAN (country length,
 * mod-97: `ibanChange`) and the BIC, keeps the bank account in `bank_info` as the SEPA file reads it,
 * and writes the columns and the audit row in one batch.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { bankAccountOf, bankInfoText, isValidBic, normalizeBic } from '@domain/company-settings/invoice-data-rules';
import { ibanChange } from '@domain/self-service/personal-data';
import { OpenAPIHono } from '@hono/zod-openapi';
import { companyInScope, settingsAudit } from '../tab-scope';
import { putInvoiceData, readInvoiceData } from './invoice-data.routes';
import { toInvoiceData } from './invoice-data.schemas';
import { companyAfterChange, writeCompany } from './invoice-data.store';

export const invoiceDataRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(readInvoiceData, async (c) => {
    const hit = await companyInScope(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    return c.json(toInvoiceData(hit.company), 200);
  })
  .openapi(putInvoiceData, async (c) => {
    const hit = await companyInScope(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    const b = c.req.valid('json');
    const account = bankAccountOf(hit.company.bankInfo);
    const iban = ibanChange(b.iban);
    if (iban.kind === 'invalid')
      return apiError(c, 400, 'VALIDATION_FAILED', iban.key, { field: 'iban', params: iban.params });
    if (iban.kind !== 'keep') account.iban = iban.kind === 'set' ? iban.normalized : null;
    if (b.bic !== undefined) {
      if (b.bic !== null && !isValidBic(b.bic))
        return apiError(c, 400, 'VALIDATION_FAILED', 'bicInvalid', { field: 'bic' });
      account.bic = b.bic === null ? null : normalizeBic(b.bic);
    }
    if (b.bank_name !== undefined) account.bank_name = b.bank_name;
    const columns = {
      bankInfo: bankInfoText(account),
      invoiceFooter: b.invoice_footer,
      descriptionEn: b.description_en,
      descriptionIt: b.description_it,
      descriptionFr: b.description_fr,
      descriptionDe: b.description_de,
    };
    const db = c.get('db');
    // The audit names the fields sent, not the bank account itself.
    const fields = Object.keys(b).filter((k) => b[k as keyof typeof b] !== undefined);
    await writeCompany(
      db,
      hit.company.id,
      columns,
      settingsAudit(c, hit.company.id, 'company.settings.invoice_data', { fields }),
    );
    return c.json(toInvoiceData(await companyAfterChange(db, hit.company.id)), 200);
  });
