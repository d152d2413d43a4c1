import { describe, expect, it } from 'vitest';
import { locationProblems, newLocationUid } from './location-rules';

const good = {
  name: 'Parking Gare',
  address: 'Rue de Lyon',
  postalCode: '75012',
  city: 'Paris',
  country: 'FR',
  latitude: 48.844,
  longitude: 2.374,
};

describe('locationProblems', () => {
  it('accepts a complete location', () => {
    expect(locationProblems(good)).toEqual([]);
  });

  it('names every blank mandatory field', () => {
    expect(locationProblems({ ...good, name: ' ', city: '' }).map((p) => p.field)).toEqual(['name', 'city']);
  });

  it.each([
    [{ latitude: 90.0001 }, ['latitude']],
    [{ latitude: -91 }, ['latitude']],
    [{ longitude: 180.5 }, ['longitude']],
    [{ latitude: null, longitude: null }, ['latitude', 'longitude']],
    [{ latitude: Number.NaN }, ['latitude']],
  ])('rejects coordinates %j', (change, fields) => {
    const problems = locationProblems({ ...good, ...change });
    expect(problems.map((p) => p.field)).toEqual(fields);
    expect(problems.every((p) => p.key === 'coordinatesInvalid')).toBe(true);
  });

  it('accepts the edges of the ranges', () => {
    expect(locationProblems({ ...good, latitude: -90, longitude: 180 })).toEqual([]);
  });
});

describe('newLocationUid', () => {
  it('gives distinct ids of a fixed shape', () => {
    const a = newLocationUid();
    expect(a).toMatch(/^LOC-[0-9A-F]{10}$/);
    expect(newLocationUid()).not.toBe(a);
  });
});
