import { describe, expect, it } from 'vitest';
import { residualMixFactor, sessionCo2, sessionCo2Detail, vehicleClassOf } from './index';

describe('sessionCo2', () => {
  it('reproduces the worked example of ADR 053 (20 kWh, car, France 2023, residual mix)', () => {
    // 20 kWh / 20 kWh per 100 km = 100 km; 7 l petrol; 7 × 32 MJ × 94 g = 21,056 g; 20 kWh × 58 g = 1,160 g.
    expect(sessionCo2({ energyWh: 20_000, country: 'FR', year: 2023, renewable: false })).toEqual({
      baselineKg: 21.056,
      projectKg: 1.16,
      avoidedKg: 19.896,
    });
  });

  it('counts no project emissions at a certified renewable station, or the certificate factor', () => {
    expect(sessionCo2({ energyWh: 20_000, country: 'FR', year: 2023, renewable: true })).toEqual({
      baselineKg: 21.056,
      projectKg: 0,
      avoidedKg: 21.056,
    });
    const withFactor = sessionCo2({
      energyWh: 10_000,
      country: 'DE',
      year: 2023,
      renewable: true,
      certificateGPerKwh: 24,
    });
    expect(withFactor.projectKg).toBe(0.24);
  });

  it.each([
    // 100 km of each class at the default consumptions: litres × MJ/l × 94 g/MJ.
    { vehicleClass: 'van', energyWh: 30_000, baselineKg: (9 * 36 * 94) / 1000 },
    { vehicleClass: 'truck_bus', energyWh: 120_000, baselineKg: (30 * 36 * 94) / 1000 },
    { vehicleClass: 'two_wheeler', energyWh: 6_000, baselineKg: (3 * 32 * 94) / 1000 },
    { vehicleClass: 'unknown', energyWh: 20_000, baselineKg: (7 * 32 * 94) / 1000 },
  ])('baseline of 100 km by $vehicleClass', ({ vehicleClass, energyWh, baselineKg }) => {
    expect(sessionCo2({ energyWh, country: 'FR', year: 2023, renewable: true, vehicleClass }).baselineKg).toBe(
      baselineKg,
    );
  });

  it('keeps the sign when the grid emits more than the fuel it replaced', () => {
    const result = sessionCo2(
      { energyWh: 100_000, country: 'DE', year: 2023, renewable: false },
      { vehicleClasses: { car: { iceLitresPer100Km: 1 } } },
    );
    // 500 km × 1 l = 5 l × 3,008 g = 15,040 g; 100 kWh × 689 g = 68,900 g.
    expect(result).toEqual({ baselineKg: 15.04, projectKg: 68.9, avoidedKg: -53.86 });
  });

  it('applies a company override of one class only', () => {
    const overrides = { vehicleClasses: { car: { evKwhPer100Km: 16 } } };
    expect(sessionCo2({ energyWh: 16_000, country: 'FR', year: 2023, renewable: true }, overrides).baselineKg).toBe(
      21.056,
    );
    expect(
      sessionCo2({ energyWh: 30_000, country: 'FR', year: 2023, renewable: true, vehicleClass: 'van' }, overrides)
        .baselineKg,
    ).toBe(30.456);
  });

  it('treats a negative or zero energy as nothing charged', () => {
    expect(sessionCo2({ energyWh: -5, country: 'FR', year: 2023, renewable: false })).toEqual({
      baselineKg: 0,
      projectKg: 0,
      avoidedKg: 0,
    });
  });
});

describe('residualMixFactor', () => {
  it('uses the latest published year at or before the session year', () => {
    expect(residualMixFactor('fr', 2026)).toEqual({
      basis: 'residual_mix',
      gPerKwh: 58,
      country: 'FR',
      factorYear: 2023,
      estimated: false,
    });
  });

  it('falls back to the highest factor of the table, flagged estimated, for a country not in it', () => {
    const factor = residualMixFactor('PL', 2025);
    expect(factor).toMatchObject({ gPerKwh: 689, estimated: true, factorYear: 2023 });
    expect(sessionCo2Detail({ energyWh: 1000, country: '', year: 2025, renewable: false }).grid.estimated).toBe(true);
  });
});

describe('vehicleClassOf', () => {
  it.each([
    [null, 'car'],
    ['N1', 'van'],
    ['N3', 'truck_bus'],
    ['M3', 'truck_bus'],
    ['L3e', 'two_wheeler'],
  ])('%s is a %s', (code, expected) => {
    expect(vehicleClassOf(code)).toBe(expected);
  });
});
