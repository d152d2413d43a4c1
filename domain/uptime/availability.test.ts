import { describe, expect, it } from 'vitest';
import { aggregateUptime, byConcern, type ConnectorHistory, connectorUptime, UPTIME_TARGET } from './availability';

const H = 3_600_000;
const DAY = { from: 0, to: 24 * H };
const base: ConnectorHistory = {
  connectorId: 1,
  initial: 'available',
  changes: [],
  exclusions: [],
  offlineSince: null,
};

describe('connectorUptime', () => {
  it('carries the status before the period in and counts a fault crossing the end up to the bound', () => {
    const r = connectorUptime({ ...base, initial: 'available', changes: [{ status: 'faulted', at: 18 * H }] }, DAY);
    expect(r).toEqual({ connectorId: 1, observedMs: 24 * H, excludedMs: 0, unavailableMs: 6 * H, availability: 0.75 });
  });

  it('a fault begun before the period counts only from the period start', () => {
    const r = connectorUptime({ ...base, initial: 'faulted', changes: [{ status: 'available', at: 6 * H }] }, DAY);
    expect(r.unavailableMs).toBe(6 * H);
    expect(r.availability).toBe(0.75);
  });

  it('a connector with no history is unknown, not 100 %', () => {
    const r = connectorUptime({ ...base, initial: null }, DAY);
    expect(r.availability).toBeNull();
    expect(r.observedMs).toBe(0);
    expect(aggregateUptime([r])).toMatchObject({ availability: null, unknown: 1, underTarget: 0 });
  });

  it('counts only from the first known status when none was carried in', () => {
    const r = connectorUptime(
      {
        ...base,
        initial: null,
        changes: [
          { status: 'available', at: 12 * H },
          { status: 'unavailable', at: 21 * H },
        ],
      },
      DAY,
    );
    expect(r.observedMs).toBe(12 * H);
    expect(r.availability).toBe(0.75);
  });

  it('leaves excluded time out of both sides, overlapping exclusions counted once', () => {
    const r = connectorUptime(
      {
        ...base,
        changes: [
          { status: 'faulted', at: 4 * H },
          { status: 'available', at: 10 * H },
        ],
        exclusions: [
          { from: 2 * H, to: 6 * H },
          { from: 5 * H, to: 8 * H },
        ],
      },
      DAY,
    );
    // excluded 2h..8h = 6 h; down 4h..10h, of which 8h..10h not excluded = 2 h.
    expect(r.excludedMs).toBe(6 * H);
    expect(r.unavailableMs).toBe(2 * H);
    expect(r.availability).toBeCloseTo((18 - 2) / 18, 12);
  });

  it('clips exclusions that cross the period bounds', () => {
    const r = connectorUptime(
      {
        ...base,
        initial: 'faulted',
        exclusions: [
          { from: -10 * H, to: 12 * H },
          { from: 20 * H, to: 30 * H },
        ],
      },
      DAY,
    );
    expect(r.excludedMs).toBe(16 * H);
    expect(r.unavailableMs).toBe(8 * H);
    expect(r.availability).toBe(0);
  });

  it('a fully excluded connector has no figure', () => {
    const r = connectorUptime({ ...base, initial: 'faulted', exclusions: [{ from: 0, to: 24 * H }] }, DAY);
    expect(r.availability).toBeNull();
  });

  it('counts a disconnected station as unavailable from the disconnection, over an available status', () => {
    const r = connectorUptime({ ...base, offlineSince: 18 * H }, DAY);
    expect(r.unavailableMs).toBe(6 * H);
  });

  it('does not count time not in service, and in-use states are available', () => {
    const r = connectorUptime(
      {
        ...base,
        initial: 'to_be_installed',
        changes: [
          { status: 'charging', at: 12 * H },
          { status: 'offline', at: 18 * H },
        ],
      },
      DAY,
    );
    expect(r.observedMs).toBe(12 * H);
    expect(r.availability).toBe(0.5);
  });

  it('ignores changes recorded after the period end', () => {
    const r = connectorUptime({ ...base, changes: [{ status: 'faulted', at: 30 * H }] }, DAY);
    expect(r.availability).toBe(1);
  });
});

describe('aggregateUptime and byConcern', () => {
  const a = connectorUptime({ ...base, connectorId: 1 }, DAY);
  const b = connectorUptime({ ...base, connectorId: 2, changes: [{ status: 'faulted', at: 12 * H }] }, DAY);
  const c = connectorUptime({ ...base, connectorId: 3, initial: null }, DAY);
  const d = connectorUptime({ ...base, connectorId: 4, changes: [{ status: 'faulted', at: 23.5 * H }] }, DAY);

  it('weights the connectors by their counted time and counts those under target', () => {
    const totals = aggregateUptime([a, b, c, d]);
    expect(totals.availability).toBeCloseTo((72 - 12.5) / 72, 12);
    expect(totals).toMatchObject({ connectors: 4, underTarget: 1, unknown: 1 });
    expect(d.availability).toBeGreaterThan(UPTIME_TARGET);
  });

  it('lists the worst first and the unknown last', () => {
    expect(byConcern([c, a, d, b]).map((r) => r.connectorId)).toEqual([2, 4, 1, 3]);
  });
});
