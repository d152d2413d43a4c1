import { describe, expect, it } from 'vitest';
import { orderedSteps, roamingStepTarget } from './roaming-steps';

describe('roamingStepTarget', () => {
  const pub = { public: true };

  it('fails each step with its own reason when the operator has no peering', () => {
    expect(roamingStepTarget([], 'peering', pub)).toEqual({ failure: 'peeringFailed' });
    expect(roamingStepTarget([], 'publish', pub)).toEqual({ failure: 'publishFailed' });
  });

  it('fails a named peering the operator does not have as if it had none', () => {
    expect(roamingStepTarget([{ id: '4', public: true }], 'peering', pub, '5')).toEqual({ failure: 'peeringFailed' });
  });

  it('takes the named peering, else the first', () => {
    const peerings = [
      { id: '4', public: true },
      { id: '5', public: false },
    ];
    expect(roamingStepTarget(peerings, 'publish', pub)).toEqual({ peering: peerings[0] });
    expect(roamingStepTarget(peerings, 'peering', pub, '5')).toEqual({ peering: peerings[1] });
  });

  it('a public peering requires the station to be public; a private peering takes any station', () => {
    const peerings = [
      { id: '4', public: true },
      { id: '5', public: false },
    ];
    expect(roamingStepTarget(peerings, 'peering', { public: false }, '4')).toEqual({
      failure: 'publicPeeringNeedsPublicStation',
    });
    expect(roamingStepTarget(peerings, 'publish', { public: false }, '5')).toEqual({ peering: peerings[1] });
  });
});

describe('orderedSteps', () => {
  it('runs peering before publish whatever order was asked, only the steps asked for', () => {
    expect(orderedSteps(['publish', 'peering'])).toEqual(['peering', 'publish']);
    expect(orderedSteps(['publish'])).toEqual(['publish']);
  });
});
