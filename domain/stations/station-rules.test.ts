import { describe, expect, it } from 'vitest';
import { parseCoordinate, type StationRuleInput, stationProblems } from './station-rules';

const ok: StationRuleInput = {
  name: 'Paris 1',
  address: 'Rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  latitude: 48.86,
  longitude: 2.33,
  timeZone: 'Europe/Paris',
  type: 'public',
  openToPublic: true,
  qrPaymentEnabled: false,
  peerings: [],
};

describe('station rules (spec section 5)', () => {
  it('accepts a complete public station', () => {
    expect(stationProblems(ok)).toEqual([]);
  });

  it('names every missing mandatory field and wrong coordinate', () => {
    expect(stationProblems({ ...ok, name: ' ', city: null, latitude: 91, longitude: null })).toEqual([
      { field: 'name', key: 'stationMandatoryField' },
      { field: 'city', key: 'stationMandatoryField' },
      { field: 'latitude', key: 'coordinatesInvalid' },
      { field: 'longitude', key: 'coordinatesInvalid' },
    ]);
  });

  it('requires a public station, open to public, for a public peering', () => {
    const peerings = [{ id: 'GIREVE', public: true }];
    expect(stationProblems({ ...ok, peerings })).toEqual([]);
    expect(stationProblems({ ...ok, type: 'work', peerings })).toEqual([
      { field: 'type', key: 'publicPeeringNeedsPublicStation' },
    ]);
    expect(stationProblems({ ...ok, openToPublic: false, peerings })).toHaveLength(1);
    expect(stationProblems({ ...ok, type: 'work', peerings: [{ id: 'P', public: false }] })).toEqual([]);
  });

  it('allows QR payment only on private stations', () => {
    expect(stationProblems({ ...ok, qrPaymentEnabled: true })).toEqual([
      { field: 'qrPaymentEnabled', key: 'qrPaymentPrivateOnly' },
    ]);
    expect(stationProblems({ ...ok, type: 'private', qrPaymentEnabled: true })).toEqual([]);
  });

  it('reads coordinates with a dot only', () => {
    expect(parseCoordinate(' 48.8566 ')).toBe(48.8566);
    expect(parseCoordinate('-2')).toBe(-2);
    expect(parseCoordinate('48,85')).toBeNull();
    expect(parseCoordinate('1e3')).toBeNull();
  });
});
