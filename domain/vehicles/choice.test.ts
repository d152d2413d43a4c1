import { describe, expect, it } from 'vitest';
import { judgeVehicleChoice } from './choice';

const choice = (brandId: number | null, modelId: number | null, licensePlate: string | null = 'AB-123-CD') => ({
  brandId,
  modelId,
  licensePlate,
});

describe('judgeVehicleChoice', () => {
  it.each([
    { name: 'nothing chosen', c: choice(null, null), facts: {}, verdict: { ok: true, brandId: null, modelId: null } },
    {
      name: 'a model takes its brand',
      c: choice(null, 7),
      facts: { model: { brandId: 3 } },
      verdict: { ok: true, brandId: 3, modelId: 7 },
    },
    {
      name: 'a model of the brand sent',
      c: choice(3, 7),
      facts: { model: { brandId: 3 } },
      verdict: { ok: true, brandId: 3, modelId: 7 },
    },
    {
      name: 'a model of another brand',
      c: choice(4, 7),
      facts: { model: { brandId: 3 } },
      verdict: { ok: false, key: 'vehicleModelInvalid', field: 'model_id' },
    },
    {
      name: 'an unknown model',
      c: choice(3, 99),
      facts: { model: null },
      verdict: { ok: false, key: 'vehicleModelInvalid', field: 'model_id' },
    },
    {
      name: 'a known brand alone',
      c: choice(3, null),
      facts: { brandExists: true },
      verdict: { ok: true, brandId: 3, modelId: null },
    },
    {
      name: 'an unknown brand',
      c: choice(99, null),
      facts: { brandExists: false },
      verdict: { ok: false, key: 'vehicleModelInvalid', field: 'brand_id' },
    },
  ])('$name', ({ c, facts, verdict }) => {
    expect(judgeVehicleChoice(c, false, facts)).toEqual(verdict);
  });

  it('asks for the plate when the company makes it mandatory, before anything else', () => {
    expect(judgeVehicleChoice(choice(99, null, null), true, { brandExists: false })).toEqual({
      ok: false,
      key: 'licensePlateRequired',
      field: 'license_plate',
    });
    expect(judgeVehicleChoice(choice(null, null, null), false, {})).toEqual({ ok: true, brandId: null, modelId: null });
  });
});
