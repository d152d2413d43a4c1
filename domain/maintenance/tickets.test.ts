import { describe, expect, it } from 'vitest';
import { resolutionAfterSave, ticketCounts } from './tickets';

const now = new Date('2025-03-01T10:00:00Z');
const earlier = new Date('2025-02-01T08:00:00Z');

describe('resolutionAfterSave', () => {
  it('stamps the saver and the time when a ticket becomes resolved, or is filed resolved', () => {
    expect(resolutionAfterSave(null, true, 7, now)).toEqual({ resolvedByUserId: 7, resolvedAt: now });
    const open = { resolved: false, resolvedByUserId: null, resolvedAt: null };
    expect(resolutionAfterSave(open, true, 7, now)).toEqual({ resolvedByUserId: 7, resolvedAt: now });
  });

  it('keeps who resolved it and when while it stays resolved', () => {
    const done = { resolved: true, resolvedByUserId: 3, resolvedAt: earlier };
    expect(resolutionAfterSave(done, true, 7, now)).toEqual({ resolvedByUserId: 3, resolvedAt: earlier });
  });

  it('clears both when the ticket is reopened or saved open', () => {
    const done = { resolved: true, resolvedByUserId: 3, resolvedAt: earlier };
    expect(resolutionAfterSave(done, false, 7, now)).toEqual({ resolvedByUserId: null, resolvedAt: null });
    expect(resolutionAfterSave(null, false, 7, now)).toEqual({ resolvedByUserId: null, resolvedAt: null });
  });
});

describe('ticketCounts', () => {
  it('counts open tickets by priority, every priority present, and the open and resolved totals', () => {
    const out = ticketCounts(['new', 'stuck', 'high'] as const, [
      { priority: 'stuck', resolved: false, n: 2 },
      { priority: 'high', resolved: false, n: 1 },
      { priority: 'high', resolved: true, n: 4 },
    ]);
    expect(out).toEqual({ counts: { new: 0, stuck: 2, high: 1 }, open: 3, resolved: 4 });
  });
});
