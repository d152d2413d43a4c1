/**
 * @module The invoice data tab's rules (issue 20 part 2, ADR 036 addendum): the company's bank account
 * (bank name, IBAN checked by country length and mod-97, BIC by ISO 9362 shape and country), the extra
 * invoice footer and the descriptions in en/it/fr/de. The bank account is kept in the one `bank_info`
 * column as "Bank, IBAN …, BIC …", the text the SEPA transfer file already reads (`ibanIn`, `bicIn`).
 */
import { bicIn, ibanIn } from '../reimbursement/sepa-transfer';
import { isIsoCountry } from '../self-service/countries';

export const INVOICE_FOOTER_MAX = 500;
export const DESCRIPTION_MAX = 2000;
export const BANK_NAME_MAX = 200;
export const DESCRIPTION_LANGUAGES = ['en', 'it', 'fr', 'de'] as const;

export interface BankAccount {
  bank_name: string | null;
  /** Normalized: upper case, no spaces. */
  iban: string | null;
  bic: string | null;
}

/** Upper case without spaces. */
export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A BIC (ISO 9362): 4 letters of bank, an ISO country, 2 of location, optionally 3 of branch. */
export function isValidBic(value: string): boolean {
  const bic = normalizeBic(value);
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isIsoCountry(bic.slice(4, 6));
}

/** The `bank_info` text of an account (null when it is empty). */
export function bankInfoText(account: BankAccount): string | null {
  const parts = [
    account.bank_name?.trim() || null,
    account.iban ? `IBAN ${account.iban}` : null,
    account.bic ? `BIC ${account.bic}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(', ');
}

/**
 * The account read back from `bank_info`, also from older free text: its first valid IBAN, the BIC
 * written after "BIC"/"SWIFT", and the bank name the text before them (or, without either, all of it).
 */
export function bankAccountOf(text: string | null): BankAccount {
  if (!text?.trim()) return { bank_name: null, iban: null, bic: null };
  const iban = ibanIn(text);
  const bic = bicIn(text);
  const cut = text.search(/\b(IBAN|BIC|SWIFT)\b/i);
  const name = (cut < 0 ? text : text.slice(0, cut)).replace(/[\s,;]+$/, '').trim();
  return { bank_name: name === '' ? null : name, iban, bic };
}
