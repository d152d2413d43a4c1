/**
 * @module A billed company's tax id for Stripe (spec 5: "European VAT number required with valid
 * format; tax id country must be selected"). Stripe's type is `eu_vat`; the number's member-state
 * prefix must be the selected country's (EL for Greece, XI for Northern Ireland under GB).
 * The per-country formats are the company settings' (`vatError`), so both screens agree.
 */
import type { MessageKey } from '@i18n/messages';
import { normalizeVat, vatCountry, vatError } from '../company-settings/company-rules';

export interface TaxIdInput {
  value: string | null | undefined;
  country: string | null | undefined;
}

export type TaxIdDecision =
  | { ok: true; type: 'eu_vat'; value: string; country: string }
  | { ok: false; field: 'tax_id' | 'tax_id_country'; message: MessageKey };

/** The tax id to send to Stripe, or the field that fails and the spec's message. */
export function decideTaxId(input: TaxIdInput): TaxIdDecision {
  const country = (input.country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country))
    return { ok: false, field: 'tax_id_country', message: 'companyTaxIdCountryRequired' };
  const error = vatError(input.value);
  if (error) return { ok: false, field: 'tax_id', message: error };
  const value = normalizeVat(input.value ?? '');
  if (vatCountry(value) !== country) return { ok: false, field: 'tax_id', message: 'companyVatInvalid' };
  return { ok: true, type: 'eu_vat', value, country };
}
