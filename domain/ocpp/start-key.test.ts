import { describe, expect, it } from 'vitest';
import { startKey } from './start-key';
import { connectorStatusFromOcpp } from './status-map';

describe('startKey', () => {
  const base = { connectorId: 1, idTag: 'abc123', meterStart: 100, timestamp: '2026-11-21T08:00:00Z' };

  it('is the same for a replay, whatever the timestamp spelling or idTag case', () => {
    expect(startKey({ ...base, timestamp: '2026-11-21T08:00:00.000Z', idTag: 'ABC123' })).toBe(startKey(base));
  });

  it.each([{ connectorId: 2 }, { idTag: 'other' }, { meterStart: 101 }, { timestamp: '2026-11-21T08:00:01Z' }])(
    'differs when %o differs',
    (change) => {
      expect(startKey({ ...base, ...change })).not.toBe(startKey(base));
    },
  );
});

describe('connectorStatusFromOcpp', () => {
  it.each([
    ['Available', 'available'],
    ['SuspendedEVSE', 'suspended_evse'],
    ['Faulted', 'faulted'],
    ['Nonsense', 'unknown'],
  ])('%s → %s', (ocpp, ours) => {
    expect(connectorStatusFromOcpp(ocpp)).toBe(ours);
  });
});
