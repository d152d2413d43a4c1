/**
 * @module The onboarding API's router (issue 4 part 7): templates and create from template
 * (onboarding.create.ts), the import (onboarding.import.ts), the steps after creation (spec section
 * 4: create → peering → publish, each retryable; spec 7.16 `bind-peering` and `publish-on-emp`) and
 * the commissioning status change (`PUT /stations/{id}/type-status`). Each step is gathered through
 * the store, checked by domain/onboarding/roaming-steps.ts, pushed to the partner over OCPI
 * (onboarding.roaming.ts: the station's Location) and recorded on the station's step row; without a
 * registered peering, with a non-public station on a public peering, or when the partner refuses,
 * peering and publish answer 409 with the spec's failure messages.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { requestLanguage } from '@api/lib/language';
import { callerScope } from '@api/lib/scope';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { typeStatusChange } from '@domain/onboarding/commissioning';
import { orderedSteps, type RoamingStep } from '@domain/onboarding/roaming-steps';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRoutes } from './onboarding.create';
import { importRoutes } from './onboarding.import';
import { runRoamingStep, unbindRoaming } from './onboarding.roaming';
import {
  bindRoute,
  publishRoute,
  retryRoute,
  runRoute,
  stateRoute,
  statesRoute,
  typeStatusRoute,
  unbindRoute,
} from './onboarding.routes';
import {
  onboardingState,
  onboardingStates,
  peeringsFor,
  recordSteps,
  stationById,
  stationByUid,
  stationsByIds,
  updateTypeStatus,
} from './onboarding.store';

type Ctx = Context<AppEnv>;

function stationNotFound(c: Ctx, uid: string) {
  return apiError(c, 404, 'STATION_NOT_FOUND', 'stationNotFound', { params: { uid } });
}

const CODE = {
  peeringFailed: 'PEERING_FAILED',
  publishFailed: 'PUBLISH_FAILED',
  publicPeeringNeedsPublicStation: 'PUBLIC_PEERING_NEEDS_PUBLIC_STATION',
  roamingPartnerRefused: 'PARTNER_REFUSED',
} as Record<string, string>;

/** One attempt of a step on a station of the caller's tree: check, bind and push, record; then the answer. */
async function attempt(c: Ctx, uid: string, step: RoamingStep, peeringId?: string) {
  const db = c.get('db');
  const station = await stationByUid(db, await callerScope(c), uid);
  if (!station) return stationNotFound(c, uid);
  const outcome = await runRoamingStep(db, c.env, station, step, peeringId);
  await recordSteps(db, [outcome], authOf(c).user.id);
  if (outcome.failure)
    return apiError(c, 409, CODE[outcome.failure] ?? 'STEP_FAILED', outcome.failure, {
      params: outcome.reason ? { reason: `: ${outcome.reason}` } : {},
    });
  return c.json(await onboardingState(db, requestLanguage(c), station), 200);
}

async function listed(c: Ctx, ids: readonly number[]) {
  return stationsByIds(c.get('db'), await callerScope(c), ids);
}

const stepRoutes = new OpenAPIHono<AppEnv>()
  .openapi(statesRoute, async (c) => {
    const { list, missing } = await listed(c, c.req.valid('json').station_ids);
    if (missing !== null)
      return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
    return c.json({ data: await onboardingStates(c.get('db'), requestLanguage(c), list), failed: 0 }, 200);
  })
  .openapi(runRoute, async (c) => {
    const { station_ids, steps = ['peering', 'publish'] } = c.req.valid('json');
    const { list, missing } = await listed(c, station_ids);
    if (missing !== null)
      return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
    const db = c.get('db');
    const outcomes = [];
    for (const station of list)
      for (const step of orderedSteps(steps)) outcomes.push(await runRoamingStep(db, c.env, station, step));
    await recordSteps(db, outcomes, authOf(c).user.id);
    const failed = outcomes.filter((o) => o.failure !== null).length;
    return c.json({ data: await onboardingStates(db, requestLanguage(c), list), failed }, 200);
  })
  .openapi(stateRoute, async (c) => {
    const { uid } = c.req.valid('param');
    const db = c.get('db');
    const station = await stationByUid(db, await callerScope(c), uid);
    if (!station) return stationNotFound(c, uid);
    return c.json(await onboardingState(db, requestLanguage(c), station), 200);
  })
  .openapi(retryRoute, async (c) => {
    const { uid, step } = c.req.valid('param');
    return attempt(c, uid, step);
  })
  .openapi(bindRoute, async (c) => {
    const { uid, peering_id } = c.req.valid('param');
    return attempt(c, uid, 'peering', peering_id);
  })
  .openapi(unbindRoute, async (c) => {
    const { uid, peering_id } = c.req.valid('param');
    const db = c.get('db');
    const station = await stationByUid(db, await callerScope(c), uid);
    if (!station) return stationNotFound(c, uid);
    // The partner hears of it (the Location with its EVSEs removed); a station not bound there is not found.
    const known = (await peeringsFor(db, station.companyId)).some((p) => p.id === peering_id);
    if (!known || !(await unbindRoaming(db, c.env, station.id, Number(peering_id))))
      return apiError(c, 404, 'PEERING_NOT_FOUND', 'peeringNotFound', { params: { id: peering_id } });
    return c.json(await onboardingState(db, requestLanguage(c), station), 200);
  })
  .openapi(publishRoute, async (c) => {
    const { uid, peering_id } = c.req.valid('param');
    return attempt(c, uid, 'publish', peering_id);
  })
  .openapi(typeStatusRoute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const station = await stationById(db, await callerScope(c), id);
    if (!station) return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id } });
    const change = typeStatusChange(station, c.req.valid('json'), new Date().toISOString().slice(0, 10));
    await updateTypeStatus(db, id, change, {
      action: 'station.type_status',
      actorUserId: authOf(c).user.id,
      companyId: station.companyId,
      entity: 'station',
      entityId: id,
      detail: {
        before: { commissioningStatus: station.commissioningStatus, visibleInApp: station.visibleInApp },
        after: change.after,
      },
      ip: clientIp(c),
    });
    return c.json({ id, ...change.after }, 200);
  });

export const onboardingRoutes = new OpenAPIHono<AppEnv>()
  .route('/', createRoutes)
  .route('/', importRoutes)
  .route('/', stepRoutes);
