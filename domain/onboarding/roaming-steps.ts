/**
 * @module The outcome of the peering and publish onboarding steps (spec section 4). No roaming partner
 * exists before the roaming issue, so an attempt finds no configured peering and fails with that
 * reason, never succeeds; with a peering, binding and publishing are the roaming issue's partner calls.
 */

export interface Peering {
  id: string;
  public: boolean;
}

export type RoamingStep = 'peering' | 'publish';
export type RoamingStepFailure = 'notAvailable' | 'peeringFailed' | 'publishFailed';

/** A peering or publish attempt with the operator's peerings: the failure's message key, or null. */
export function roamingStepFailure(
  peerings: readonly Peering[],
  step: RoamingStep,
  peeringId?: string,
): RoamingStepFailure | null {
  const target = peeringId ? peerings.find((p) => p.id === peeringId) : peerings[0];
  // With a peering, binding and publishing are the roaming issue's partner calls; none can exist yet.
  return target ? 'notAvailable' : step === 'peering' ? 'peeringFailed' : 'publishFailed';
}

export interface RoamingStepOutcome {
  stationId: number;
  step: RoamingStep;
  failure: RoamingStepFailure | null;
}

/** The outcome of each step for each station (peering before publish), with each operator's peerings. */
export function roamingStepOutcomes(
  stations: readonly { id: number; companyId: number }[],
  steps: readonly RoamingStep[],
  peeringsOf: ReadonlyMap<number, readonly Peering[]>,
): RoamingStepOutcome[] {
  const ordered = (['peering', 'publish'] as const).filter((s) => steps.includes(s));
  return stations.flatMap((station) =>
    ordered.map((step) => ({
      stationId: station.id,
      step,
      failure: roamingStepFailure(peeringsOf.get(station.companyId) ?? [], step),
    })),
  );
}
