import { describe, expect, it } from 'vitest';
import { decideAutoRecharge, decideTopUp, type TopUpFacts, topUpAmountProblem, topUpLimits } from './top-ups';

const row = (over: Partial<TopUpFacts> = {}): TopUpFacts => ({
  id: 7,
  walletId: 3,
  amount: 2_000,
  currency: 'EUR',
  status: 'pending',
  stripeObjectId: 'cs_test_1',
  ...over,
});
const paid = { status: 'paid' as const, amount: 2_000, currency: 'eur', stripeObjectId: 'cs_test_1' };

describe('top-up amount', () => {
  it('is 5.00 to 1,000.00 of the currency, in whole minor units', () => {
    expect(topUpLimits('EUR')).toEqual({ min: 500, max: 100_000 });
    expect(topUpLimits('JPY')).toEqual({ min: 5, max: 1_000 });
    expect(topUpAmountProblem(500, 'EUR')).toBeNull();
    expect(topUpAmountProblem(100_000, 'GBP')).toBeNull();
    expect(topUpAmountProblem(499, 'EUR')).toEqual({ min: 500, max: 100_000 });
    expect(topUpAmountProblem(100_001, 'EUR')).not.toBeNull();
    expect(topUpAmountProblem(1_000.5, 'EUR')).not.toBeNull();
  });
});

describe('decideTopUp', () => {
  it('credits a pending top-up once with its own amount and the top-up reference', () => {
    expect(decideTopUp(paid, row())).toEqual({
      outcome: 'applied',
      status: 'paid',
      credit: { walletId: 3, amount: 2_000, reference: 'top-up:7' },
    });
  });

  it('never moves a paid top-up: a replayed payment or a later expiry is stale', () => {
    expect(decideTopUp(paid, row({ status: 'paid' }))).toEqual({ outcome: 'stale' });
    expect(decideTopUp({ ...paid, status: 'expired' }, row({ status: 'paid' }))).toEqual({ outcome: 'stale' });
    expect(decideTopUp({ ...paid, status: 'failed' }, row({ status: 'paid' }))).toEqual({ outcome: 'stale' });
  });

  it('expires or fails only a pending top-up; a payment after an expiry is still credited', () => {
    expect(decideTopUp({ ...paid, status: 'expired' }, row())).toEqual({
      outcome: 'applied',
      status: 'expired',
      failure: null,
    });
    expect(decideTopUp({ ...paid, status: 'failed', failure: 'Card declined' }, row({ status: 'expired' }))).toEqual({
      outcome: 'stale',
    });
    expect(decideTopUp(paid, row({ status: 'expired' }))).toMatchObject({ outcome: 'applied', status: 'paid' });
  });

  it('refuses an amount, a currency or a Stripe object that is not the row’s', () => {
    expect(decideTopUp({ ...paid, amount: 1_000 }, row())).toEqual({
      outcome: 'failed',
      reason: 'Stripe reported 10.00 EUR paid for top-up 7 of 20.00 EUR: not credited',
    });
    expect(decideTopUp({ ...paid, currency: 'gbp' }, row())).toMatchObject({ outcome: 'failed' });
    expect(decideTopUp({ ...paid, amount: null }, row())).toMatchObject({ outcome: 'failed' });
    expect(decideTopUp({ ...paid, stripeObjectId: 'cs_test_2' }, row())).toMatchObject({ outcome: 'failed' });
  });
});

describe('decideAutoRecharge', () => {
  const facts = {
    balance: 400,
    threshold: 500,
    amount: 2_000,
    currency: 'EUR',
    enabled: true,
    pendingAuto: false,
  };
  it('recharges the set amount when the balance falls below the threshold', () => {
    expect(decideAutoRecharge(facts)).toEqual({ recharge: true, amount: 2_000 });
  });
  it('does nothing at or above the threshold, when off, unset, or with one already pending', () => {
    expect(decideAutoRecharge({ ...facts, balance: 500 }).recharge).toBe(false);
    expect(decideAutoRecharge({ ...facts, enabled: false }).recharge).toBe(false);
    expect(decideAutoRecharge({ ...facts, threshold: null }).recharge).toBe(false);
    expect(decideAutoRecharge({ ...facts, pendingAuto: true })).toEqual({
      recharge: false,
      reason: 'An auto top-up is already pending',
    });
    expect(decideAutoRecharge({ ...facts, amount: 100 }).recharge).toBe(false);
  });
});
