/** The reimbursement tariff form → the API's body: the price typed with a dot in milli-minor units per kWh, the dates, the employee and the power contract; and back to the form's text. */
import { describe, expect, it } from 'vitest';
import {
  checkTariffForm,
  emptyTariffForm,
  priceText,
  tariffFormFrom,
} from '../../app/components/reimbursement/tariff-form';

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe('checkTariffForm', () => {
  it('turns the typed values into the API body', () => {
    const values = tariffFormFrom(
      form({ userId: '12', price: ' 0.2516 ', validFrom: '2026-03-01', validTo: '', documentId: '7' }),
    );
    expect(checkTariffForm(values, true)).toEqual({
      ok: true,
      userId: 12,
      body: { pricePerKwh: 25160, validFrom: '2026-03-01', validTo: null, documentId: 7 },
    });
  });

  it('names every field at fault with its text key', () => {
    const values = { ...emptyTariffForm(), price: '0,25', validFrom: '2026-02-30', validTo: '2026-01-01' };
    expect(checkTariffForm(values, true)).toEqual({
      ok: false,
      errors: {
        userId: 'reimbursementTariffs.employeeMissing',
        pricePerKwh: 'reimbursementTariffs.priceInvalid',
        validFrom: 'reimbursementTariffs.dateMissing',
      },
    });
    const reversed = { ...emptyTariffForm(), price: '0.3', validFrom: '2026-02-01', validTo: '2026-01-31' };
    expect(checkTariffForm(reversed, false)).toEqual({
      ok: false,
      errors: { validTo: 'reimbursementTariffs.dateOrder' },
    });
    expect(checkTariffForm({ ...reversed, validTo: '2026-02-01' }, false).ok).toBe(true);
    expect(checkTariffForm({ ...reversed, validTo: '', price: '0' }, false)).toEqual({
      ok: false,
      errors: { pricePerKwh: 'reimbursementTariffs.priceInvalid' },
    });
  });
});

describe('priceText', () => {
  it('shows a stored price as the form types it', () => {
    expect(priceText(25160)).toBe('0.2516');
    expect(priceText(25161)).toBe('0.25161');
    expect(priceText(100000)).toBe('1');
    expect(priceText(30000)).toBe('0.3');
  });
});
