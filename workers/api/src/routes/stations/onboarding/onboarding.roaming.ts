/**
 * @module The peering and publish onboarding steps made real (issue 22 part 5, spec 7.16 `bind-peering`,
 * `publish-on-emp`): the station is bound to the peering (migration 0056) and its OCPI Location pushed to
 * the partner at once; the step succeeds when the partner accepts it (or reads locations itself: it lists
 * no locations receiver) and fails with the partner's reason otherwise. A retry sends again. A public
 * peering takes only a public station (spec section 5). Unbinding tells the partner the station's EVSEs
 * are removed.
 */

import { publishStation } from '@api/ocpi/ocpi.locations';
import { bindingOf, bindStation, unbindStation } from '@api/ocpi/ocpi.locations.store';
import { type KeyEnv, push } from '@api/ocpi/ocpi.outbox';
import type { Db } from '@db/db';
import { stationIsPublic } from '@domain/ocpi/location-mapping';
import { type RoamingStep, roamingStepTarget } from '@domain/onboarding/roaming-steps';
import { peeringsFor, type RoamingStepOutcome, type StationRow } from './onboarding.store';

export interface StepResult extends RoamingStepOutcome {
  /** The partner's reason when it refused the station (or could not be reached). */
  reason?: string;
}

/** One attempt of a step for a station: check, bind, push, and the outcome. */
export async function runRoamingStep(
  db: Db,
  env: KeyEnv,
  station: StationRow,
  step: RoamingStep,
  peeringId?: string,
  at = new Date(),
): Promise<StepResult> {
  const peerings = await peeringsFor(db, station.companyId);
  const target = roamingStepTarget(peerings, step, { public: stationIsPublic(station) }, peeringId);
  if ('failure' in target) return { stationId: station.id, step, failure: target.failure };
  const id = Number(target.peering.id);
  await bindStation(db, station.id, id, at);
  const error = await publishStation(db, env, id, station.id, at);
  if (error === null) return { stationId: station.id, step, failure: null };
  return { stationId: station.id, step, failure: 'roamingPartnerRefused', reason: error };
}

/**
 * Unbinds a station from a peering: the partner receives the Location with every EVSE removed (queued
 * and attempted at once). False when the station was not bound to it.
 */
export async function unbindRoaming(db: Db, env: KeyEnv, stationId: number, peeringId: number, at = new Date()) {
  if (!(await bindingOf(db, stationId, peeringId))) return false;
  await unbindStation(db, stationId, peeringId);
  await push(db, env, { peeringId, kind: 'location', objectKey: `location:${stationId}` }, { now: true, at });
  return true;
}
