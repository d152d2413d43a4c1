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
    expect(drawAmps(samples, 3, 230)).toBe(12);
  });

  it('falls back to the active power over the phases', () => {
    expect(drawAmps([sample({ measurand: 'Power.Active.Import', unit: 'kW', value: '6.9' })], 3, 230)).toBe(10);
    expect(drawAmps([sample({ measurand: 'Power.Active.Import', unit: 'W', value: '2300' })], 1, 230)).toBe(10);
    expect(
      drawAmps([sample({ measurand: 'Energy.Active.Import.Register', unit: 'Wh', value: '5' })], 3, 230),
    ).toBeNull();
  });
});
