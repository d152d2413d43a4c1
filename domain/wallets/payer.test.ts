import { describe, expect, it } from 'vitest';
import { type PayerFacts, payerOf } from './payer';

const own = { id: 1, userId: 7, currency: 'EUR' };
const company = { id: 2, userId: null, currency: 'EUR' };
const facts = (over: Partial<PayerFacts> = {}): PayerFacts => ({
  authId: 'TAG-1',
  paymentType: 'business_pass',
  userId: 7,
  own,
  company,
  currency: 'EUR',
  ...over,
});

describe('payerOf', () => {
  it.each([
    { name: 'own wallet first', f: facts(), expected: { kind: 'wallet', wallet: own } },
    {
      name: 'company wallet without an own one',
      f: facts({ own: null }),
      expected: { kind: 'wallet', wallet: company },
    },
    {
      name: 'no wallet: postpaid',
      f: facts({ own: null, company: null }),
      expected: { kind: 'none', why: 'no_wallet' },
    },
    {
      name: 'EP- auth id never pays by wallet',
      f: facts({ authId: 'ep-123' }),
      expected: { kind: 'none', why: 'ad_hoc' },
    },
    { name: 'QR payment type', f: facts({ paymentType: 'qr' }), expected: { kind: 'none', why: 'ad_hoc' } },
    { name: 'ad hoc payment type', f: facts({ paymentType: 'ad_hoc' }), expected: { kind: 'none', why: 'ad_hoc' } },
    { name: 'no driver', f: facts({ userId: null }), expected: { kind: 'none', why: 'no_driver' } },
    {
      name: 'currency unknown yet: not checked',
      f: facts({ currency: null }),
      expected: { kind: 'wallet', wallet: own },
    },
    {
      name: "another user's wallet is not the driver's",
      f: facts({ own: { ...own, userId: 8 } }),
      expected: { kind: 'wallet', wallet: company },
    },
  ])('$name', ({ f, expected }) => {
    expect(payerOf(f)).toEqual(expected);
  });

  it('a wallet in another currency pays nothing and says why', () => {
    expect(payerOf(facts({ currency: 'GBP' }))).toEqual({
      kind: 'currency_mismatch',
      wallet: own,
      note: 'Prepaid wallet 1 not debited: it holds EUR, the session is priced in GBP.',
    });
  });
});
