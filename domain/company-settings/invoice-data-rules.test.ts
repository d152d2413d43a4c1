import { describe, expect, it } from 'vitest';
import { ibanIn } from '../reimbursement/sepa-transfer';
import { bankAccountOf, bankInfoText, isValidBic } from './invoice-data-rules';

describe('isValidBic', () => {
  it.each([
    ['DEUTDEFF', true],
    ['PSSTFRPPPAR', true],
    ['deut de ff', true],
    ['DEUTDEF', false],
    ['DEUTXXFF', false],
    ['DEUTDEFF50', false],
    ['1EUTDEFF', false],
  ])('%s → %s', (bic, ok) => expect(isValidBic(bic)).toBe(ok));
});

describe('the bank account in bank_info', () => {
  it('is written as the SEPA file reads it, and read back', () => {
    const account = { bank_name: 'La Banque Postale', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' };
    const text = bankInfoText(account);
    expect(text).toBe('La Banque Postale, IBAN FR1420041010050500013M02606, BIC PSSTFRPPPAR');
    expect(ibanIn(text)).toBe(account.iban);
    expect(bankAccountOf(text)).toEqual(account);
  });

  it('reads older free text, and empty parts as null', () => {
    expect(bankAccountOf('IBAN FR14 2004 1010 0505 0001 3M02 606 BIC PSSTFRPPPAR')).toEqual({
      bank_name: null,
      iban: 'FR1420041010050500013M02606',
      bic: 'PSSTFRPPPAR',
    });
    expect(bankAccountOf('Bank of nowhere')).toEqual({ bank_name: 'Bank of nowhere', iban: null, bic: null });
    expect(bankAccountOf(null)).toEqual({ bank_name: null, iban: null, bic: null });
    expect(bankInfoText({ bank_name: ' ', iban: null, bic: null })).toBeNull();
  });
});
