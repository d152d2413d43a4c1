import { describe, expect, it } from 'vitest';
import { becomesDefault, paymentMethodFields, setupPaymentMethodTypes, setupResult } from './payment-methods';

describe('setupPaymentMethodTypes', () => {
  it('offers SEPA in euros, BACS in pounds, cards everywhere', () => {
    expect(setupPaymentMethodTypes('EUR')).toEqual(['card', 'sepa_debit']);
    expect(setupPaymentMethodTypes('gbp')).toEqual(['card', 'bacs_debit']);
    expect(setupPaymentMethodTypes('CHF')).toEqual(['card']);
  });
});

describe('setupResult', () => {
  it('maps the redirect status to success, processing or failed', () => {
    expect(setupResult('succeeded')).toBe('success');
    expect(setupResult('processing')).toBe('processing');
    expect(setupResult('failed')).toBe('failed');
    expect(setupResult('requires_payment_method')).toBe('failed');
    expect(setupResult(null)).toBe('failed');
  });
});

describe('becomesDefault', () => {
  it('makes the first attached method the default, success or processing', () => {
    expect(becomesDefault('success', 'pm_1', null)).toBe(true);
    expect(becomesDefault('processing', 'pm_1', null)).toBe(true);
  });
  it('never replaces a default, and makes nothing default without an attached method', () => {
    expect(becomesDefault('success', 'pm_2', 'pm_1')).toBe(false);
    expect(becomesDefault('failed', 'pm_1', null)).toBe(false);
    expect(becomesDefault('pending', 'pm_1', null)).toBe(false);
    expect(becomesDefault('success', null, null)).toBe(false);
  });
});

describe('paymentMethodFields', () => {
  it('keeps brand, last 4 and expiry of a card', () => {
    expect(
      paymentMethodFields({
        id: 'pm_1',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2029 },
      }),
    ).toEqual({
      stripePaymentMethodId: 'pm_1',
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2029,
      bankCode: null,
    });
  });
  it('keeps last 4 and the bank code of SEPA and the sort code of BACS', () => {
    expect(
      paymentMethodFields({ id: 'pm_2', type: 'sepa_debit', sepa_debit: { last4: '3000', bank_code: '37040044' } }),
    ).toMatchObject({ type: 'sepa_debit', last4: '3000', bankCode: '37040044', expMonth: null });
    expect(
      paymentMethodFields({ id: 'pm_3', type: 'bacs_debit', bacs_debit: { last4: '2345', sort_code: '108800' } }),
    ).toMatchObject({ type: 'bacs_debit', last4: '2345', bankCode: '108800' });
  });
  it('keeps nothing of a kind the product does not use', () => {
    expect(paymentMethodFields({ id: 'pm_4', type: 'ideal' })).toBeNull();
  });
});
