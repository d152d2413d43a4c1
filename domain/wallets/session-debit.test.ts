import { describe, expect, it } from 'vitest';
import { overshootNote, sessionDebit } from './session-debit';

const base = { sessionId: 9, walletId: 3 };

describe('sessionDebit', () => {
  it('debits the driver price once, referenced by the session', () => {
    expect(sessionDebit({ ...base, priceMinor: 450, previous: [] })).toEqual({
      walletId: 3,
      kind: 'session_debit',
      amount: -450,
      reference: 'session:9',
      sessionId: 9,
      reason: 'Session 9',
    });
  });
  it.each([0, null])('debits nothing for a price of %s', (priceMinor) => {
    expect(sessionDebit({ ...base, priceMinor, previous: [] })).toBeNull();
  });
  it('a lower re-price refunds the difference under a new reference', () => {
    expect(sessionDebit({ ...base, priceMinor: 300, previous: [{ amount: -450 }] })).toMatchObject({
      kind: 'refund',
      amount: 150,
      reference: 'session:9:reprice:1',
    });
  });
  it('a higher re-price debits the difference', () => {
    expect(sessionDebit({ ...base, priceMinor: 500, previous: [{ amount: -450 }, { amount: 150 }] })).toMatchObject({
      kind: 'session_debit',
      amount: -200,
      reference: 'session:9:reprice:2',
    });
  });
  it('the same price again writes nothing', () => {
    expect(sessionDebit({ ...base, priceMinor: 450, previous: [{ amount: -450 }] })).toBeNull();
  });
  it('a re-price to no price refunds everything', () => {
    expect(sessionDebit({ ...base, priceMinor: null, previous: [{ amount: -450 }] })).toMatchObject({
      kind: 'refund',
      amount: 450,
    });
  });
});

describe('overshootNote', () => {
  it('names the overdrawn amount', () => {
    expect(overshootNote(-37, 'EUR')).toBe(
      'Prepaid balance overdrawn by 0.37 EUR at close (the last meter interval before the stop).',
    );
  });
  it('says nothing at or above zero', () => {
    expect(overshootNote(0, 'EUR')).toBeNull();
  });
});
