import { describe, expect, it } from 'vitest';
import {
  adjustmentProblem,
  adjustmentReference,
  autoRechargeProblem,
  deletionAllowed,
  isCurrencyCode,
  walletCurrency,
} from './wallet-input';

describe('autoRechargeProblem', () => {
  it.each([
    { threshold: null, amount: null, expected: null },
    { threshold: 0, amount: 1000, expected: null },
    { threshold: 500, amount: 2000, expected: null },
    { threshold: 500, amount: null, expected: { field: 'autoRechargeAmount', key: 'walletAutoRechargePair' } },
    { threshold: null, amount: 2000, expected: { field: 'autoRechargeThreshold', key: 'walletAutoRechargePair' } },
    { threshold: 500, amount: 0, expected: { field: 'autoRechargeAmount', key: 'walletAutoRechargeAmount' } },
    { threshold: 500, amount: -1, expected: { field: 'autoRechargeAmount', key: 'walletAutoRechargeAmount' } },
    { threshold: -1, amount: 100, expected: { field: 'autoRechargeThreshold', key: 'walletThresholdInvalid' } },
    { threshold: 1.5, amount: 100, expected: { field: 'autoRechargeThreshold', key: 'walletThresholdInvalid' } },
  ])('threshold $threshold, amount $amount → $expected', ({ threshold, amount, expected }) => {
    expect(autoRechargeProblem(threshold, amount)).toEqual(expected);
  });

  it('reads an absent field of an update as the stored value', () => {
    const stored = { threshold: 500, amount: 2000 };
    expect(autoRechargeProblem(undefined, 3000, stored)).toBeNull();
    expect(autoRechargeProblem(null, undefined, stored)).toEqual({
      field: 'autoRechargeThreshold',
      key: 'walletAutoRechargePair',
    });
    expect(autoRechargeProblem(null, null, stored)).toBeNull();
  });
});

describe('adjustmentProblem', () => {
  it.each([
    { amount: 500, reason: 'Goodwill credit', expected: null },
    { amount: -250, reason: 'Fix', expected: null },
    { amount: 0, reason: 'Nothing', expected: { field: 'amount', key: 'walletAdjustmentAmount' } },
    { amount: 1.5, reason: 'Half', expected: { field: 'amount', key: 'walletAdjustmentAmount' } },
    { amount: 2_000_000_000, reason: 'Huge', expected: { field: 'amount', key: 'walletAdjustmentAmount' } },
    { amount: 100, reason: '  ab  ', expected: { field: 'reason', key: 'walletAdjustmentReason' } },
    { amount: 100, reason: 'x'.repeat(501), expected: { field: 'reason', key: 'walletAdjustmentReason' } },
    { amount: 100, reason: 'x'.repeat(500), expected: null },
  ])('$amount with a reason of $reason.length characters → $expected', ({ amount, reason, expected }) => {
    expect(adjustmentProblem(amount, reason)).toEqual(expected);
  });

  it('builds the idempotent reference from the form UUID', () => {
    expect(adjustmentReference('0B6E3C1A-1D2B-4C3D-8E4F-5A6B7C8D9E0F')).toBe(
      'adjustment:0b6e3c1a-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
    );
  });
});

describe('walletCurrency and deletion', () => {
  it('takes the given currency, else the company’s', () => {
    expect(walletCurrency('gbp', 'EUR')).toBe('GBP');
    expect(walletCurrency(undefined, 'EUR')).toBe('EUR');
    expect(walletCurrency('  ', 'chf')).toBe('CHF');
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('EURO')).toBe(false);
  });

  it('allows deleting only an empty wallet', () => {
    expect(deletionAllowed(0)).toBe(true);
    expect(deletionAllowed(1)).toBe(false);
    expect(deletionAllowed(-1)).toBe(false);
  });
});
