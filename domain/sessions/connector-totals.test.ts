import { describe, expect, it } from 'vitest';
import { connectorTotals, type SessionStatusGroup } from './connector-totals';

const group = (g: Partial<SessionStatusGroup> & { status: string }): SessionStatusGroup => ({
  n: 0,
  energy: null,
  minutes: null,
  duration: null,
  first: null,
  last: null,
  ...g,
});

describe('connectorTotals', () => {
  it('is all zero and null for a connector without sessions', () => {
    expect(connectorTotals([])).toEqual({
      sessions: 0,
      inProgress: 0,
      energyWh: 0,
      chargingMinutes: 0,
      durationS: 0,
      firstSessionAt: null,
      lastSessionAt: null,
    });
  });

  it('sums closed sessions only, counts open ones, and spans first and last start over both', () => {
    const totals = connectorTotals([
      group({
        status: 'closed',
        n: 3,
        energy: '45000',
        minutes: '120',
        duration: 9000,
        first: new Date('2024-03-02T08:00:00Z'),
        last: new Date('2024-05-01T10:00:00Z'),
      }),
      group({
        status: 'in_progress',
        n: 1,
        energy: '999',
        minutes: '9',
        duration: 99,
        first: new Date('2024-01-15T07:00:00Z'),
        last: new Date('2024-06-01T09:30:00Z'),
      }),
    ]);
    expect(totals).toEqual({
      sessions: 3,
      inProgress: 1,
      energyWh: 45000,
      chargingMinutes: 120,
      durationS: 9000,
      firstSessionAt: new Date('2024-01-15T07:00:00Z'),
      lastSessionAt: new Date('2024-06-01T09:30:00Z'),
    });
  });

  it('reads a closed group without sums as zero', () => {
    const totals = connectorTotals([group({ status: 'closed', n: 2 })]);
    expect(totals.sessions).toBe(2);
    expect(totals.energyWh).toBe(0);
    expect(totals.firstSessionAt).toBeNull();
  });
});
