import { describe, expect, it } from 'vitest';
import { stationUpdateDiff } from './station-update';

describe('stationUpdateDiff', () => {
  const station = { name: 'Rivoli 1', city: 'Paris', ownerId: null as number | null, visibleInApp: true };

  it('keeps only the fields whose value changes, with their values before and after', () => {
    expect(stationUpdateDiff(station, { name: 'Rivoli 1', city: 'Lyon', ownerId: 4 })).toEqual({
      before: { city: 'Paris', ownerId: null },
      after: { city: 'Lyon', ownerId: 4 },
    });
  });

  it('is null when the patch repeats the current values', () => {
    expect(stationUpdateDiff(station, { name: 'Rivoli 1', visibleInApp: true })).toBeNull();
    expect(stationUpdateDiff(station, {})).toBeNull();
  });

  it('counts clearing a field (null) as a change', () => {
    expect(stationUpdateDiff(station, { city: null })).toEqual({ before: { city: 'Paris' }, after: { city: null } });
  });
});
