import { describe, expect, it } from 'vitest';
import { type LedgerEntry, verifyLedger } from './ledger';

const entry = (id: number, amount: number, balanceAfter: number, reference = `r${id}`): LedgerEntry => ({
  id,
  amount,
  balanceAfter,
  reference,
});

describe('verifyLedger', () => {
  it('accepts an empty ledger at balance 0', () => {
    expect(verifyLedger([])).toEqual({ ok: true, balance: 0, sum: 0, breaks: [] });
  });

  it('accepts a whole chain given in any order', () => {
    const check = verifyLedger([entry(3, 200, 1200), entry(1, 2000, 2000), entry(2, -1000, 1000)]);
    expect(check).toEqual({ ok: true, balance: 1200, sum: 1200, breaks: [] });
  });

  it('names the entry whose running balance is wrong', () => {
    const check = verifyLedger([entry(1, 2000, 2000), entry(2, -500, 1600), entry(3, 100, 1700)]);
    expect(check.ok).toBe(false);
    expect(check.breaks).toEqual([{ entryId: 2, kind: 'balance', expected: 1500, found: 1600 }]);
    expect(check).toMatchObject({ balance: 1700, sum: 1600 });
  });

  it('finds a reference written twice', () => {
    const check = verifyLedger([entry(1, 100, 100, 'session:7'), entry(2, 100, 200, 'session:7')]);
    expect(check.breaks).toEqual([{ entryId: 2, kind: 'duplicate-reference', reference: 'session:7' }]);
  });

  it('allows a balance below zero when the chain is whole (an overshoot is reported elsewhere)', () => {
    expect(verifyLedger([entry(1, 100, 100), entry(2, -150, -50)]).ok).toBe(true);
  });
});
