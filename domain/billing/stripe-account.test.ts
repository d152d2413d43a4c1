import { describe, expect, it } from 'vitest';
import { stripeAccountOptions } from './stripe-account';

describe('stripeAccountOptions', () => {
  it('names the connected account of an operator that has one', () => {
    expect(stripeAccountOptions({ stripeAccountId: 'acct_123' })).toEqual({ stripeAccount: 'acct_123' });
  });
  it('uses the platform for an operator without one', () => {
    expect(stripeAccountOptions(null)).toEqual({});
    expect(stripeAccountOptions(undefined)).toEqual({});
    expect(stripeAccountOptions({ stripeAccountId: null })).toEqual({});
  });
});
