import { describe, expect, it } from 'vitest';
import { orderVerdict, stateRank } from './event-order';

describe('orderVerdict', () => {
  it('applies to a row no event touched yet', () => {
    expect(orderVerdict(1_700_000_000, null, 0)).toBe('apply');
    expect(orderVerdict(1_700_000_000, { eventAt: 0, rank: 3 }, 0)).toBe('apply');
  });

  it('applies a newer event whatever its state, refuses an older one whatever its state', () => {
    const stored = { eventAt: 1_700_000_100, rank: stateRank('invoice', 'paid') };
    expect(orderVerdict(1_700_000_101, stored, stateRank('invoice', 'open'))).toBe('apply');
    expect(orderVerdict(1_700_000_099, stored, stateRank('invoice', 'paid'))).toBe('stale');
  });

  it('in the same second applies only when the state does not go backwards', () => {
    const paid = { eventAt: 1_700_000_100, rank: stateRank('invoice', 'paid') };
    expect(orderVerdict(1_700_000_100, paid, stateRank('invoice', 'open'))).toBe('stale');
    expect(orderVerdict(1_700_000_100, paid, stateRank('invoice', 'paid'))).toBe('apply');
    const open = { eventAt: 1_700_000_100, rank: stateRank('invoice', 'open') };
    expect(orderVerdict(1_700_000_100, open, stateRank('invoice', 'paid'))).toBe('apply');
    expect(orderVerdict(1_700_000_100, open, stateRank('invoice', 'draft'))).toBe('stale');
  });
});

describe('stateRank', () => {
  it('ranks invoice statuses draft < open < uncollectible < paid = void', () => {
    const r = (s: string) => stateRank('invoice', s);
    expect(r('draft')).toBeLessThan(r('open'));
    expect(r('open')).toBeLessThan(r('uncollectible'));
    expect(r('uncollectible')).toBeLessThan(r('paid'));
    expect(r('paid')).toBe(r('void'));
  });

  it('ranks a subscription’s end above its life, and its life above incomplete', () => {
    const r = (s: string) => stateRank('subscription', s);
    expect(r('incomplete')).toBeLessThan(r('active'));
    expect(r('active')).toBe(r('past_due'));
    expect(r('past_due')).toBeLessThan(r('canceled'));
  });

  it('ranks payouts, setup results and payment methods toward their final state', () => {
    expect(stateRank('payout', 'pending')).toBeLessThan(stateRank('payout', 'in_transit'));
    expect(stateRank('payout', 'in_transit')).toBeLessThan(stateRank('payout', 'paid'));
    expect(stateRank('setupIntent', 'processing')).toBeLessThan(stateRank('setupIntent', 'success'));
    expect(stateRank('paymentMethod', 'attached')).toBeLessThan(stateRank('paymentMethod', 'detached'));
  });

  it('ranks an unknown or missing state lowest', () => {
    expect(stateRank('invoice', 'something_new')).toBe(0);
    expect(stateRank('invoice', null)).toBe(0);
  });
});
