import { describe, expect, it } from 'vitest';
import { mpsTargetAllowed, nextVersion, samplePeriods, workflowRefusal } from './workflow';

describe('the tariff workflow', () => {
  it.each([
    { status: 'pending', change: 'edit', expected: null },
    { status: 'approved', change: 'edit', expected: 'not-pending' },
    { status: 'approved', change: 'new-version', expected: null },
    { status: 'pending', change: 'new-version', expected: 'not-approved' },
  ] as const)('$change of a $status tariff: $expected', ({ status, change, expected }) => {
    expect(workflowRefusal(status, change)).toBe(expected);
  });

  it.each([
    { tariff: { status: 'approved', type: 'cpo' }, type: 'cpo', expected: true },
    { tariff: { status: 'pending', type: 'cpo' }, type: 'cpo', expected: false },
    { tariff: { status: 'approved', type: 'emp' }, type: 'cpo', expected: false },
  ] as const)('an MPS entry of $type may point to a $tariff.status $tariff.type tariff: $expected', (x) => {
    expect(mpsTargetAllowed(x.tariff, x.type)).toBe(x.expected);
  });

  it('numbers a new version one above the chain, on the chain of the first version', () => {
    expect(nextVersion({ id: 5, version: 1, versionOf: null }, 1)).toEqual({ root: 5, version: 2 });
    expect(nextVersion({ id: 8, version: 2, versionOf: 5 }, 4)).toEqual({ root: 5, version: 5 });
    expect(nextVersion({ id: 8, version: 2, versionOf: 5 }, null)).toEqual({ root: 5, version: 3 });
  });
});

describe('the preview sample', () => {
  const start = '2026-03-01T22:30:00Z';
  const t0 = Date.parse(start);

  it('charges at constant power, then idles', () => {
    expect(samplePeriods({ start, charging_minutes: 60, idle_minutes: 30, kwh: 11 })).toEqual({
      start: t0,
      end: t0 + 90 * 60_000,
      periods: [
        { start: t0, end: t0 + 3_600_000, energyWh: 11_000, powerW: 11_000, charging: true },
        { start: t0 + 3_600_000, end: t0 + 90 * 60_000, energyWh: 0, powerW: 0, charging: false },
      ],
    });
  });

  it('has no idle period without idle minutes, and no period at all for an empty sample', () => {
    expect(samplePeriods({ start, charging_minutes: 30, idle_minutes: 0, kwh: 5 }).periods).toHaveLength(1);
    expect(samplePeriods({ start, charging_minutes: 0, idle_minutes: 0, kwh: 0 }).periods).toEqual([]);
  });

  it('puts energy delivered in no time into one charging instant', () => {
    expect(samplePeriods({ start, charging_minutes: 0, idle_minutes: 0, kwh: 1 }).periods).toEqual([
      { start: t0, end: t0, energyWh: 1000, powerW: 3_600_000_000, charging: true },
    ]);
  });
});
