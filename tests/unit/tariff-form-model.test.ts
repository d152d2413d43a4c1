import { describe, expect, it } from 'vitest';
import { emptyForm, fromApiTariff, readDecimal, sampleBody, toApiBody } from '../../app/components/tariffs/form-model';

describe('tariff form model', () => {
  it('reads decimal points (spec section 5), refuses commas and the rest', () => {
    expect([
      readDecimal('0,25'),
      readDecimal('0.25'),
      readDecimal('3'),
      readDecimal('-1'),
      readDecimal('1e3'),
      readDecimal(''),
    ]).toEqual([null, 0.25, 3, null, null, null]);
  });

  it('converts units and round-trips through the API shape', () => {
    const f = emptyForm();
    f.name = 'Night';
    f.countries = 'fr, be';
    f.freeParking = '30';
    f.maxPriceExcl = '25.50';
    const first = f.elements[0];
    if (!first?.components[0]) throw new Error('no element');
    first.components[0].price = '0.2950';
    first.restrictions.startTime = '22:00';
    first.restrictions.endTime = '06:00';
    first.restrictions.maxDuration = '90';
    first.restrictions.days = ['SATURDAY'];
    const { body, errors } = toApiBody(f);
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      countries: ['FR', 'BE'],
      free_parking_s: 1800,
      max_price_excl_vat: 2550,
      elements: [
        {
          price_components: [{ type: 'ENERGY', price: 2950, vat_bp: 2000, step_size: 1 }],
          restrictions: { start_time: '22:00', end_time: '06:00', max_duration: 5400, day_of_week: ['SATURDAY'] },
        },
      ],
    });
    const back = fromApiTariff(body);
    expect(toApiBody(back).body).toEqual(body);
  });

  it('names the fields it cannot read instead of sending them', () => {
    const f = emptyForm();
    f.name = 'X';
    const first = f.elements[0];
    if (!first?.components[0]) throw new Error('no element');
    first.components[0].price = 'abc';
    first.restrictions.minKwh = '1,2,3';
    expect(toApiBody(f).errors).toEqual({
      'elements.0.price_components.0.price': 'tariffs.errors.number',
      'elements.0.restrictions.min_kwh': 'tariffs.errors.number',
    });
    first.components[0].price = '';
    expect(toApiBody(f).errors['elements.0.price_components.0.price']).toBe('tariffs.errors.required');
  });

  it('reads the preview sample', () => {
    expect(sampleBody({ start: '2026-03-10T23:00', chargingMinutes: '60', idleMinutes: '', kwh: '10.5' })).toEqual({
      start: '2026-03-10T23:00:00.000Z',
      charging_minutes: 60,
      idle_minutes: 0,
      kwh: 10.5,
    });
    expect(sampleBody({ start: '', chargingMinutes: '60', idleMinutes: '', kwh: '1' })).toBeNull();
  });
});
