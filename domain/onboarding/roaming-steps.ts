/**
 * @module The checks of the peering and publish onboarding steps (spec section 4; 7.16 `bind-peering`,
 * `publish-on-emp`) before the station is pushed: the operator must have the peering registered over
 * OCPI (ADR 057), and a public peering takes only a public station (spec section 5: "Public peering
 * requires the station to be public"). What the partner answers to the push decides the rest
 * (onboarding.roaming.ts in the API).
 */

export interface Peering {
  id: string;
  public: boolean;
}

export type RoamingStep = 'peering' | 'publish';
export type RoamingStepFailure = 'peeringFailed' | 'publishFailed' | 'publicPeeringNeedsPublicStation';

/**
 * The peering a step goes to (the one named, else the operator's first), or why the step fails before
 * any push: no such registered peering, or a public peering with a station that is not public.
 */
export function roamingStepTarget(
  peerings: readonly Peering[],
  step: RoamingStep,
  station: { public: boolean },
  peeringId?: string,
): { peering: Peering } | { failure: RoamingStepFailure } {
  const target = peeringId ? peerings.find((p) => p.id === peeringId) : peerings[0];
  if (!target) return { failure: step === 'peering' ? 'peeringFailed' : 'publishFailed' };
  if (target.public && !station.public) return { failure: 'publicPeeringNeedsPublicStation' };
  return { peering: target };
}

/** The steps asked for, peering before publish whatever order they were asked in. */
export const orderedSteps = (steps: readonly RoamingStep[]) =>
  (['peering', 'publish'] as const).filter((s) => steps.includes(s));
