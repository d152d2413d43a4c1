import { describe, expect, it } from 'vitest';
import { curvePoints, flattenMeterValues, type MeterSample, numericBase } from './meter-values';

const at = '2026-11-21T08:00:00Z';
const t = Date.parse(at);

function sample(over: Partial<MeterSample>): MeterSample {
  return {
    at: t,
    measurand: 'Energy.Active.Import.Register',
    phase: null,
    context: 'Sample.Periodic',
    location: 'Outlet',
    unit: 'Wh',
    format: 'Raw',
    value: '0',
    ...over,
  };
}

describe('flattenMeterValues', () => {
  it('makes the OCPP defaults explicit and keeps everything sent', () => {
    const rows = flattenMeterValues([
      {
        timestamp: at,
        sampledValue: [
          { value: '10' },
          { value: '230', measurand: 'Voltage', phase: 'L1-N', context: 'Trigger', location: 'Inlet' },
          { value: '55', measurand: 'SoC', location: 'EV' },
        ],
      },
    ]);
    expect(rows).toEqual([
      sample({ value: '10' }),
      sample({ measurand: 'Voltage', phase: 'L1-N', context: 'Trigger', location: 'Inlet', unit: 'V', value: '230' }),
      sample({ measurand: 'SoC', location: 'EV', unit: 'Percent', value: '55' }),
    ]);
  });
});

describe('numericBase', () => {
  it.each([
    { s: sample({ value: '1.5', unit: 'kWh' }), expected: 1500 },
    { s: sample({ value: '7.4', unit: 'kW', measurand: 'Power.Active.Import' }), expected: 7400 },
    { s: sample({ value: '42' }), expected: 42 },
    { s: sample({ value: 'abc' }), expected: null },
    { s: sample({ value: '' }), expected: null },
    { s: sample({ value: '12', format: 'SignedData' }), expected: null },
  ])('$s.value $s.unit ($s.format) → $expected', ({ s, expected }) => {
    expect(numericBase(s)).toBe(expected);
  });
});

describe('curvePoints', () => {
  it('sums phase powers when no total is sent, ignores the neutral, and prefers a total', () => {
    const phases = ['L1', 'L2', 'L3', 'N'].map((phase) =>
      sample({ measurand: 'Power.Active.Import', unit: 'W', phase, value: '1000' }),
    );
    expect(curvePoints(phases)).toEqual([{ at: t, powerW: 3000, energyWh: null }]);
    const withTotal = [...phases, sample({ measurand: 'Power.Active.Import', unit: 'kW', value: '3.3' })];
    expect(curvePoints(withTotal)).toEqual([{ at: t, powerW: 3300, energyWh: null }]);
  });

  it('orders by time and drops timestamps without energy or power', () => {
    const rows = [
      sample({ at: t + 60_000, value: '2' }),
      sample({ at: t, value: '1', unit: 'kWh' }),
      sample({ at: t + 120_000, measurand: 'Voltage', unit: 'V', value: '230' }),
    ];
    expect(curvePoints(rows)).toEqual([
      { at: t, powerW: null, energyWh: 1000 },
      { at: t + 60_000, powerW: null, energyWh: 2 },
    ]);
  });
});
