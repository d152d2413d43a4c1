import { describe, expect, it } from 'vitest';
import { type MirrorLine, STRIPE_MAX_INVOICE_ITEMS, stripeItemGroups } from './stripe-invoice-items';

const line = (id: number, kind: MirrorLine['kind'], amount: number, energyWh: number | null = null): MirrorLine => ({
  id,
  kind,
  amount,
  description: `line ${id}`,
  energyWh,
  periodStart: 1_000 + id,
  periodEnd: 2_000 + id,
});
const sessionsLabel = (count: number, wh: number) => `${count} sessions, ${wh / 1000} kWh`;
const otherLabel = (count: number) => `${count} other items`;

describe('what a usage invoice puts on Stripe', () => {
  it('bills every session as one item, whatever the count, and keeps the total', () => {
    const sessions = Array.from({ length: 3_000 }, (_, i) => line(i + 1, 'session', 250, 12_000));
    const groups = stripeItemGroups([...sessions, line(5_000, 'fee', 4_900)], sessionsLabel, otherLabel);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({ key: 'sessions', amount: 750_000, description: '3000 sessions, 36000 kWh' });
    expect(groups[0]?.lineIds).toHaveLength(3_000);
    expect(groups[0]).toMatchObject({ periodStart: 1_001, periodEnd: 5_000 });
    expect(groups[1]).toMatchObject({ key: 'line-5000', amount: 4_900, description: 'line 5000', lineIds: [5_000] });
  });

  it('gives fees and one-time products an item each, in line order, and no sessions item without sessions', () => {
    const groups = stripeItemGroups([line(3, 'one_time', 100), line(2, 'fee', 200)], sessionsLabel, otherLabel);
    expect(groups.map((g) => g.key)).toEqual(['line-2', 'line-3']);
  });

  it('never exceeds Stripe’s 250 items: lines past the limit share one last item with their sum', () => {
    const others = Array.from({ length: 400 }, (_, i) => line(i + 10, 'one_time', 1));
    const groups = stripeItemGroups([line(1, 'session', 50), ...others], sessionsLabel, otherLabel);
    expect(groups).toHaveLength(STRIPE_MAX_INVOICE_ITEMS);
    const last = groups.at(-1);
    expect(last).toMatchObject({ key: 'other', description: '152 other items', amount: 152 });
    const billed = groups.reduce((t, g) => t + g.amount, 0);
    expect(billed).toBe(50 + 400);
    expect(new Set(groups.flatMap((g) => g.lineIds)).size).toBe(401);
  });

  it('makes the same groups from the same lines in any order (a rerun reuses the same idempotency keys)', () => {
    const lines = [line(1, 'session', 5), line(2, 'fee', 7), line(3, 'session', 9)];
    const a = stripeItemGroups(lines, sessionsLabel, otherLabel);
    const b = stripeItemGroups([...lines].reverse(), sessionsLabel, otherLabel);
    expect(b.map((g) => [g.key, g.amount])).toEqual(a.map((g) => [g.key, g.amount]));
  });
});
