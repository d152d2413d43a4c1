/**
 * @module The outcome of the peering and publish onboarding steps (spec section 4). The peering step
 * succeeds when the operator has the peering registered over OCPI (issue 22 part 2, ADR 057) and fails
 * without one; publishing stays "not yet available" until the OCPI locations module exists.
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
  if (!target) return step === 'peering' ? 'peeringFailed' : 'publishFailed';
  // Publishing pushes the station as an OCPI location: not before the locations module.
  return step === 'peering' ? null : 'notAvailable';
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
