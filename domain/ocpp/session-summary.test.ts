import { describe, expect, it } from 'vitest';
import type { CurvePoint } from './meter-values';
import { downsample, summarizeSession } from './session-summary';

const T0 = Date.UTC(2026, 10, 21, 8);
const min = (n: number) => T0 + n * 60_000;
const p = (m: number, energyWh: number | null, powerW: number | null = null): CurvePoint => ({
  at: min(m),
  energyWh,
  powerW,
});

describe('summarizeSession', () => {
  it.each([
    {
      name: 'charging then parked, from the energy register',
      input: { end: 60, start: 0, stop: 3000, points: [p(10, 1000), p(30, 3000), p(45, 3000)] },
      expected: { energyWh: 3000, durationS: 3600, chargingMinutes: 30, parkingS: 1800, needsRevision: false },
    },
    {
      name: 'energy still rising after the last sample: charged until the end',
      input: { end: 20, start: 0, stop: 2000, points: [p(10, 1000)] },
      expected: { energyWh: 2000, chargingMinutes: 20, parkingS: 0 },
    },
    {
      name: 'power only: an interval counts while the power is above idle',
      input: { end: 30, start: 0, stop: 1000, points: [p(10, null, 7000), p(20, null, 0), p(30, null, 0)] },
      expected: { chargingMinutes: 20, parkingS: 600 },
    },
    {
      name: 'no samples: the whole session charged when energy flowed, parking unknown',
      input: { end: 40, start: 0, stop: 500, points: [] },
      expected: { chargingMinutes: 40, parkingS: null, stopChargingAt: null },
    },
    {
      name: 'no samples and no energy',
      input: { end: 5, start: 0, stop: 0, points: [] },
      expected: { energyWh: 0, chargingMinutes: 0 },
    },
  ])('$name', ({ input, expected }) => {
    const s = summarizeSession({
      startAt: min(input.start),
      endAt: min(input.end),
      meterStartWh: 0,
      meterStopWh: input.stop,
      points: input.points,
    });
    expect(s).toMatchObject(expected);
  });

  it('flags negative energy and a stop before the start, leaving the numbers empty', () => {
    const s = summarizeSession({ startAt: min(10), endAt: min(5), meterStartWh: 500, meterStopWh: 100, points: [] });
    expect(s).toMatchObject({ energyWh: null, durationS: null, chargingMinutes: null, needsRevision: true });
    expect(s.remarks).toHaveLength(2);
  });

  it('flags a register that goes backwards (meter reset)', () => {
    const s = summarizeSession({
      startAt: min(0),
      endAt: min(30),
      meterStartWh: 1000,
      meterStopWh: 1500,
      points: [p(10, 2000), p(20, 50)],
    });
    expect(s.needsRevision).toBe(true);
    expect(s.remarks[0]).toContain('backwards');
  });

  it('keeps at most 120 curve points, first and last included', () => {
    const points = Array.from({ length: 500 }, (_, i) => p(i / 10, i * 10, 7000));
    const s = summarizeSession({ startAt: min(0), endAt: min(50), meterStartWh: 0, meterStopWh: 4990, points });
    expect(s.curve).toHaveLength(120);
    expect(s.curve[0]).toEqual([min(0), 7000, 0]);
    expect(s.curve.at(-1)).toEqual([points[499]?.at, 7000, 4990]);
  });
});

describe('downsample', () => {
  it('returns short series unchanged', () => {
    expect(downsample([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });
});

describe('summarizeSession without meter values', () => {
  it('takes charging and parking time from the connector statuses', () => {
    const s = summarizeSession({
      startAt: min(0),
      endAt: min(60),
      meterStartWh: 0,
      meterStopWh: 5000,
      points: [],
      statuses: [
        { at: min(-1), status: 'Preparing' },
        { at: min(1), status: 'Charging' },
        { at: min(20), status: 'SuspendedEV' },
        { at: min(25), status: 'Charging' },
        { at: min(40), status: 'SuspendedEV' },
        { at: min(70), status: 'Available' },
      ],
    });
    expect(s).toMatchObject({ chargingMinutes: 34, parkingS: 20 * 60, stopChargingAt: min(40) });
  });
});
