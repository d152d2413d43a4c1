import { describe, expect, it } from 'vitest';
import { shownConnectorStatus, shownLastHeartbeat, shownStatusCounts } from './liveness';

describe('one model of online', () => {
  it.each([
    { reported: 'charging', connected: true, shown: 'charging' },
    { reported: 'charging', connected: false, shown: 'offline' },
    { reported: 'faulted', connected: false, shown: 'offline' },
    { reported: 'available', connected: false, shown: 'offline' },
    { reported: 'to_be_installed', connected: false, shown: 'to_be_installed' },
    { reported: 'removed', connected: false, shown: 'removed' },
  ] as const)('shows $reported of a station connected=$connected as $shown', ({ reported, connected, shown }) => {
    expect(shownConnectorStatus(reported, { connected })).toBe(shown);
  });

  it('moves the offline stations’ connectors of the counters to offline, keeping the total', () => {
    const shown = shownStatusCounts(
      [
        { status: 'charging', n: 8 },
        { status: 'offline', n: 2 },
        { status: 'to_be_installed', n: 4 },
      ],
      [
        { status: 'charging', n: 7 },
        { status: 'offline', n: 2 },
        { status: 'to_be_installed', n: 4 },
      ],
    );
    expect(Object.fromEntries(shown)).toEqual({ charging: 1, offline: 9, to_be_installed: 4 });
  });

  it('shows a last heartbeat only when it is the last contact recorded', () => {
    const seen = new Date('2026-11-26T10:00:00Z');
    expect(shownLastHeartbeat(seen, new Date(seen))).toEqual(seen);
    expect(shownLastHeartbeat(seen, new Date('2026-11-20T08:00:00Z'))).toBeNull();
    expect(shownLastHeartbeat(null, new Date('2026-11-20T08:00:00Z'))).toBeNull();
    expect(shownLastHeartbeat(seen, null)).toBeNull();
  });
});
