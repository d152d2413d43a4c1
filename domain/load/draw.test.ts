import type { MeterSample } from '@domain/ocpp/meter-values';
import { describe, expect, it } from 'vitest';
import { drawAmps } from './draw';

const sample = (over: Partial<MeterSample>): MeterSample => ({
  at: 1000,
  measurand: 'Current.Import',
  phase: null,
  context: 'Sample.Periodic',
  location: 'Outlet',
  unit: 'A',
  format: 'Raw',
  value: '0',
  ...over,
});

describe('drawAmps', () => {
  it('takes the highest phase current of the latest reading', () => {
    const samples = [
      sample({ at: 500, phase: 'L1', value: '30' }),
      sample({ phase: 'L1', value: '10.5' }),
      sample({ phase: 'L2', value: '12' }),
      sample({ phase: 'N', value: '40' }),
    ];
    expect(drawAmps(samples)).toBe(12);
  });

  it('falls back to the active power over the phases', () => {
    expect(drawAmps([sample({ measurand: 'Power.Active.Import', unit: 'kW', value: '6.9' })])).toBe(10);
    expect(drawAmps([sample({ measurand: 'Power.Active.Import', unit: 'W', value: '2300' })], { phases: 1 })).toBe(10);
    expect(drawAmps([sample({ measurand: 'Energy.Active.Import.Register', unit: 'Wh', value: '5' })])).toBeNull();
  });

  it('uses the phases the station reports (2.0.1 numberOfPhasesUsed) instead of assuming three', () => {
    const power = sample({ measurand: 'Power.Active.Import', unit: 'W', value: '7360' });
    // A single-phase car at 32 A: 7.36 kW is 32 A on its one phase, not 10.7 A on three.
    expect(drawAmps([power], { phases: 1 })).toBe(32);
    expect(drawAmps([power], { phases: 2 })).toBe(16);
  });

  it('uses the voltage the reading measures, and the lines it names', () => {
    const rows = [
      sample({ measurand: 'Power.Active.Import', unit: 'W', value: '4800' }),
      sample({ measurand: 'Voltage', unit: 'V', phase: 'L1-N', value: '240' }),
    ];
    // One line named (L1-N) at 240 V: 20 A, where 3 × 230 V gave 6.96 A.
    expect(drawAmps(rows)).toBe(20);
    // A line-to-line voltage of 415.7 V is 240 V to neutral; three lines named.
    const three = [
      sample({ measurand: 'Power.Active.Import', unit: 'kW', value: '14.4' }),
      ...['L1-L2', 'L2-L3', 'L3-L1'].map((phase) =>
        sample({ measurand: 'Voltage', unit: 'V', phase, value: '415.69' }),
      ),
    ];
    expect(drawAmps(three)).toBeCloseTo(20, 2);
    // The configured voltage when the reading has none.
    expect(drawAmps([sample({ measurand: 'Power.Active.Import', value: '6600', unit: 'W' })], { voltage: 220 })).toBe(
      10,
    );
  });

  it('takes the most loaded line of per-phase power rows', () => {
    const rows = [
      sample({ measurand: 'Power.Active.Import', unit: 'W', phase: 'L1', value: '4600' }),
      sample({ measurand: 'Power.Active.Import', unit: 'W', phase: 'L2', value: '2300' }),
    ];
    // 20 A on L1 (the sum over three phases at 230 V said 10 A).
    expect(drawAmps(rows)).toBe(20);
  });
});
