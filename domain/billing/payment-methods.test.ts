import { describe, expect, it } from 'vitest';
import {
  becomesDefault,
  completedSetup,
  paymentMethodFields,
  setupIntentResult,
  setupPaymentMethodTypes,
  setupResult,
} from './payment-methods';

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

describe('setupIntentResult', () => {
  it('reads succeeded and processing, failed only with an error, else pending', () => {
    expect(setupIntentResult('succeeded', false)).toBe('success');
    expect(setupIntentResult('processing', false)).toBe('processing');
    expect(setupIntentResult('requires_payment_method', true)).toBe('failed');
    expect(setupIntentResult('requires_payment_method', false)).toBe('pending');
    expect(setupIntentResult(null, false)).toBe('pending');
  });
});

describe('completedSetup', () => {
  const ev = (type: string, object: unknown) => ({ type, data: { object } });
  it('names the SetupIntent and method of setup_intent.succeeded', () => {
    expect(completedSetup(ev('setup_intent.succeeded', { id: 'seti_1', payment_method: 'pm_1' }))).toEqual({
      setupIntentId: 'seti_1',
      paymentMethodId: 'pm_1',
      status: 'succeeded',
    });
    expect(completedSetup(ev('setup_intent.succeeded', { id: 'seti_1', payment_method: { id: 'pm_2' } }))).toEqual({
      setupIntentId: 'seti_1',
      paymentMethodId: 'pm_2',
      status: 'succeeded',
    });
  });
  it('names only the SetupIntent of a Checkout completed in setup mode (the method is read from Stripe)', () => {
    expect(
      completedSetup(ev('checkout.session.completed', { id: 'cs_1', mode: 'setup', setup_intent: 'seti_9' })),
    ).toEqual({ setupIntentId: 'seti_9', paymentMethodId: null, status: null });
  });
  it('is null for Checkout in payment mode, a failed setup and other events', () => {
    expect(completedSetup(ev('checkout.session.completed', { id: 'cs_1', mode: 'payment', setup_intent: null }))).toBe(
      null,
    );
    expect(completedSetup(ev('setup_intent.setup_failed', { id: 'seti_1', payment_method: null }))).toBe(null);
    expect(completedSetup(ev('invoice.paid', { id: 'in_1' }))).toBe(null);
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
