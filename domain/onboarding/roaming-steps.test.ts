import { describe, expect, it } from 'vitest';
import { roamingStepFailure, roamingStepOutcomes } from './roaming-steps';

describe('roamingStepFailure', () => {
  it('fails each step with its own reason when the operator has no peering', () => {
    expect(roamingStepFailure([], 'peering')).toBe('peeringFailed');
    expect(roamingStepFailure([], 'publish')).toBe('publishFailed');
  });

  it('fails a named peering the operator does not have as if it had none', () => {
    expect(roamingStepFailure([{ id: 'gireve', public: true }], 'peering', 'hubject')).toBe('peeringFailed');
  });

  it('succeeds the peering step with a registered peering; publishing is not yet available (no locations module)', () => {
    expect(roamingStepFailure([{ id: 'gireve', public: true }], 'publish')).toBe('notAvailable');
    expect(roamingStepFailure([{ id: 'gireve', public: true }], 'peering', 'gireve')).toBeNull();
    expect(roamingStepFailure([{ id: 'gireve', public: true }], 'peering')).toBeNull();
  });
});

describe('roamingStepOutcomes', () => {
  const stations = [
    { id: 1, companyId: 10 },
    { id: 2, companyId: 20 },
  ];
  const peerings = new Map([[20, [{ id: 'gireve', public: true }]]]);

  it('runs peering before publish whatever order was asked, per station, with its operator’s peerings', () => {
    expect(roamingStepOutcomes(stations, ['publish', 'peering'], peerings)).toEqual([
      { stationId: 1, step: 'peering', failure: 'peeringFailed' },
      { stationId: 1, step: 'publish', failure: 'publishFailed' },
      { stationId: 2, step: 'peering', failure: null },
      { stationId: 2, step: 'publish', failure: 'notAvailable' },
    ]);
  });

  it('runs only the steps asked for', () => {
    expect(roamingStepOutcomes(stations, ['publish'], new Map())).toEqual([
      { stationId: 1, step: 'publish', failure: 'publishFailed' },
      { stationId: 2, step: 'publish', failure: 'publishFailed' },
    ]);
  });
});
