import { describe, expect, it } from 'vitest';
import { type EnergyGroup, overridesFrom, summarizeCo2 } from './aggregate';
import { sessionCo2 } from './index';

const group = (over: Partial<EnergyGroup>): EnergyGroup => ({
  key: '2023-05',
  energyWh: 20_000,
  sessions: 1,
  country: 'FR',
  year: 2023,
  renewable: false,
  certificateGPerKwh: null,
  vehicleClass: 'car',
  ...over,
});

describe('summarizeCo2', () => {
  it('sums the per-session figures to the gram, by key and in total', () => {
    const summary = summarizeCo2([
      group({}),
      group({ key: '2023-06', country: 'DE', energyWh: 10_000, sessions: 2 }),
      group({ key: '2023-06', renewable: true, energyWh: 5_000 }),
    ]);
    // FR: 21.056 − 1.16; DE: 10.528 − 6.89; FR renewable: 5.264 − 0.
    expect(summary.total).toEqual({
      energyWh: 35_000,
      sessions: 4,
      baselineKg: 36.848,
      projectKg: 8.05,
      avoidedKg: 28.798,
      estimated: false,
    });
    expect(summary.byKey.get('2023-06')?.avoidedKg).toBe(8.902);
    expect(summary.factors.map((f) => `${f.basis}:${f.country}:${f.gPerKwh}`).sort()).toEqual([
      'market_certificate:FR:0',
      'residual_mix:DE:689',
      'residual_mix:FR:58',
    ]);
  });

  it('equals the sum of sessionCo2 over the same sessions', () => {
    const sessions = [7_321, 15_004, 33_333].map((energyWh) => ({
      energyWh,
      country: 'IT',
      year: 2024,
      renewable: false,
    }));
    const summed = sessions.map((s) => sessionCo2(s).avoidedKg * 1000).reduce((a, b) => a + b, 0);
    const grouped = summarizeCo2(sessions.map((s) => group({ ...s, key: 'x' })));
    expect(Math.abs(grouped.total.avoidedKg * 1000 - summed)).toBeLessThanOrEqual(2);
  });

  it('flags the total estimated when a country had no factor', () => {
    expect(summarizeCo2([group({ country: 'PL' })]).total.estimated).toBe(true);
  });
});

describe('overridesFrom', () => {
  it('keeps the defaults where a stored figure is null', () => {
    const overrides = overridesFrom([{ vehicleClass: 'van', evKwhPer100Km: 25, iceLitresPer100Km: null, fuel: null }]);
    expect(overrides).toEqual({ vehicleClasses: { van: { evKwhPer100Km: 25 } } });
    expect(
      sessionCo2({ energyWh: 25_000, country: 'FR', year: 2023, renewable: true, vehicleClass: 'van' }, overrides)
        .baselineKg,
    ).toBe(30.456);
  });
});
