import { describe, expect, it } from 'vitest';
import { decideTaxId } from './tax-id';

describe('decideTaxId', () => {
  it('accepts a valid EU VAT number of the selected country, normalised', () => {
    expect(decideTaxId({ value: 'fr 40 123456824', country: 'fr' })).toEqual({
      ok: true,
      type: 'eu_vat',
      value: 'FR40123456824',
      country: 'FR',
    });
    expect(decideTaxId({ value: 'EL123456789', country: 'GR' })).toMatchObject({ ok: true, value: 'EL123456789' });
    expect(decideTaxId({ value: 'DE123456789', country: 'DE' })).toMatchObject({ ok: true });
  });

  it('requires the tax id country', () => {
    for (const country of [null, undefined, '', 'France']) {
      expect(decideTaxId({ value: 'FR40123456824', country })).toEqual({
        ok: false,
        field: 'tax_id_country',
        message: 'companyTaxIdCountryRequired',
      });
    }
  });

  it('requires the number and its member state format', () => {
    expect(decideTaxId({ value: '', country: 'FR' })).toEqual({
      ok: false,
      field: 'tax_id',
      message: 'companyVatRequired',
    });
    expect(decideTaxId({ value: 'DE12345678', country: 'DE' })).toEqual({
      ok: false,
      field: 'tax_id',
      message: 'companyVatInvalid',
    });
    expect(decideTaxId({ value: 'US123456789', country: 'US' })).toMatchObject({ ok: false, field: 'tax_id' });
  });

  it('refuses a number of another member state than the selected country', () => {
    expect(decideTaxId({ value: 'DE123456789', country: 'FR' })).toEqual({
      ok: false,
      field: 'tax_id',
      message: 'companyVatInvalid',
    });
  });
});
