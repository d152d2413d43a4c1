/**
 * @module The onboarding steps after creation (spec section 4: create → peering → publish, each
 * retryable; spec 7.16 `bind-peering` and `publish-on-emp`) and the commissioning status change
 * (`PUT /stations/{id}/type-status`). Every attempt is recorded on the station's step row; with no
 * peering configured (before the roaming issue) peering and publish answer 409 with the spec's
 * failure messages.
 */

import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { stations } from '@db/schema';
import type { MessageKey } from '@domain/i18n/messages';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit.store';
import { apiError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import {
  ById,
  ByUid,
  OnboardingStateSchema,
  OnboardingStates,
  PeeringParams,
  StationStepsBody,
  StepParams,
  TypeStatusAnswer,
  TypeStatusBody,
} from './onboarding.schemas';
import {
  onboardingState,
  onboardingStates,
  peeringsFor,
  runRoamingStep,
  runRoamingSteps,
  stationByUid,
} from './onboarding.store';

const notFound = json(ErrorSchema, 'Station not found in the caller’s company tree');
const stepFailed = json(ErrorSchema, 'The step failed and was recorded (e.g. no peering configured): retry later');

const stateRoute = defineRoute('stations:onboard', {
  method: 'get',
  path: '/stations/{uid}/onboarding',
  tags: ['Onboarding'],
  summary: 'The onboarding steps of a station (create, peering, publish) with their outcome and attempts',
  request: { params: ByUid },
  responses: { 200: json(OnboardingStateSchema), 404: notFound },
});

const retryRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/{uid}/onboarding/{step}',
  tags: ['Onboarding'],
  summary: 'Try (again) the peering or publish step; the outcome is recorded either way',
  request: { params: StepParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 409: stepFailed },
});

const bindRoute = defineRoute('stations:onboard', {
  method: 'put',
  path: '/stations/{uid}/bind-peering/{peering_id}',
  tags: ['Onboarding'],
  summary: 'Bind the station to a roaming peering (the peering step)',
  request: { params: PeeringParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 409: stepFailed },
});

const unbindRoute = defineRoute('stations:onboard', {
  method: 'delete',
  path: '/stations/{uid}/bind-peering/{peering_id}',
  tags: ['Onboarding'],
  summary: 'Unbind the station from a roaming peering',
  request: { params: PeeringParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 501: json(ErrorSchema, 'Roaming not yet available') },
});

const publishRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/{uid}/publish-on-emp/{peering_id}',
  tags: ['Onboarding'],
  summary: 'Publish the station on the e-mobility platform of a peering (the publish step)',
  request: { params: PeeringParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 409: stepFailed },
});

const statesRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/onboarding/states',
  tags: ['Onboarding'],
  summary: 'The onboarding steps of several stations (e.g. those one import created), in the order given',
  request: { body: jsonBody(StationStepsBody) },
  responses: { 200: json(OnboardingStates), 404: notFound },
});

const runRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/onboarding/run',
  tags: ['Onboarding'],
  summary:
    'Run (again) the peering and/or publish step of several stations, as after a single creation; each outcome is recorded and answered per station (`failed` counts the failed attempts)',
  request: { body: jsonBody(StationStepsBody) },
  responses: { 200: json(OnboardingStates), 404: notFound },
});

const typeStatusRoute = defineRoute('stations:edit', {
  method: 'put',
  path: '/stations/{id}/type-status',
  tags: ['Onboarding'],
  summary: 'Change the commissioning status and/or the visibility in the app; audited',
  request: { params: ById, body: jsonBody(TypeStatusBody) },
  responses: { 200: json(TypeStatusAnswer), 404: notFound },
});

function stationNotFound(c: Context<AppEnv>, uid: string) {
  return apiError(c, 404, 'STATION_NOT_FOUND', 'stationNotFound', { params: { uid } });
}

/** The stations of the caller's tree with these ids, in the order given; or the first id that is not one. */
async function stationsByIds(c: Context<AppEnv>, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await c
    .get('db')
    .select()
    .from(stations)
    .where(and(inCompanies(stations.id, unique), stationInScope(await callerScope(c))));
  const byId = new Map(rows.map((s) => [s.id, s]));
  const missing = unique.find((id) => !byId.has(id));
  return missing === undefined
    ? { list: unique.flatMap((id) => byId.get(id) ?? []), missing: null }
    : { list: [], missing };
}

async function attempt(c: Context<AppEnv>, uid: string, step: 'peering' | 'publish', peeringId?: string) {
  const db = c.get('db');
  const station = await stationByUid(db, await callerScope(c), uid);
  if (!station) return { station: null, failure: null };
  const failure: MessageKey | null = await runRoamingStep(db, station, step, authOf(c).user.id, peeringId);
  return { station, failure };
}

const CODE = { peeringFailed: 'PEERING_FAILED', publishFailed: 'PUBLISH_FAILED' } as Record<string, string>;

export const stepRoutes = new OpenAPIHono<AppEnv>()
  .openapi(stateRoute, async (c) => {
    const { uid } = c.req.valid('param');
    const db = c.get('db');
    const station = await stationByUid(db, await callerScope(c), uid);
    if (!station) return stationNotFound(c, uid);
    return c.json(await onboardingState(db, requestLanguage(c), station), 200);
  })
  .openapi(retryRoute, async (c) => {
    const { uid, step } = c.req.valid('param');
    const { station, failure } = await attempt(c, uid, step);
    if (!station) return stationNotFound(c, uid);
    if (failure) return apiError(c, 409, CODE[failure] ?? 'STEP_FAILED', failure);
    return c.json(await onboardingState(c.get('db'), requestLanguage(c), station), 200);
  })
  .openapi(bindRoute, async (c) => {
    const { uid, peering_id } = c.req.valid('param');
    const { station, failure } = await attempt(c, uid, 'peering', peering_id);
    if (!station) return stationNotFound(c, uid);
    if (failure) return apiError(c, 409, CODE[failure] ?? 'STEP_FAILED', failure);
    return c.json(await onboardingState(c.get('db'), requestLanguage(c), station), 200);
  })
  .openapi(unbindRoute, async (c) => {
    const { uid, peering_id } = c.req.valid('param');
    const db = c.get('db');
    const station = await stationByUid(db, await callerScope(c), uid);
    if (!station) return stationNotFound(c, uid);
    // No binding can exist before the roaming issue stores them: an unknown peering is the only answer.
    const known = (await peeringsFor(db, station.companyId)).some((p) => p.id === peering_id);
    if (known) return apiError(c, 501, 'NOT_AVAILABLE', 'notAvailable');
    return apiError(c, 404, 'PEERING_NOT_FOUND', 'peeringNotFound', { params: { id: peering_id } });
  })
  .openapi(publishRoute, async (c) => {
    const { uid, peering_id } = c.req.valid('param');
    const { station, failure } = await attempt(c, uid, 'publish', peering_id);
    if (!station) return stationNotFound(c, uid);
    if (failure) return apiError(c, 409, CODE[failure] ?? 'STEP_FAILED', failure);
    return c.json(await onboardingState(c.get('db'), requestLanguage(c), station), 200);
  })
  .openapi(statesRoute, async (c) => {
    const { station_ids } = c.req.valid('json');
    const { list, missing } = await stationsByIds(c, station_ids);
    if (missing !== null)
      return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
    return c.json({ data: await onboardingStates(c.get('db'), requestLanguage(c), list), failed: 0 }, 200);
  })
  .openapi(runRoute, async (c) => {
    const { station_ids, steps = ['peering', 'publish'] } = c.req.valid('json');
    const { list, missing } = await stationsByIds(c, station_ids);
    if (missing !== null)
      return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
    const db = c.get('db');
    // Peering before publish, whatever order was sent.
    const ordered = (['peering', 'publish'] as const).filter((s) => steps.includes(s));
    const failed = await runRoamingSteps(db, list, ordered, authOf(c).user.id);
    return c.json({ data: await onboardingStates(db, requestLanguage(c), list), failed }, 200);
  })
  .openapi(typeStatusRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const auth = authOf(c);
    const station = await db
      .select()
      .from(stations)
      .where(and(eq(stations.id, id), stationInScope(await callerScope(c))))
      .get();
    if (!station) return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id } });
    const after = {
      commissioningStatus: body.status ?? station.commissioningStatus,
      visibleInApp: body.visibility ?? station.visibleInApp,
    };
    const today = new Date().toISOString().slice(0, 10);
    const commissioned = after.commissioningStatus === 'commissioned' && station.commissioningStatus !== 'commissioned';
    await db.batch([
      db
        .update(stations)
        .set({
          ...after,
          ...(commissioned && !station.commissioningDate ? { commissioningDate: today } : {}),
          updatedAt: new Date(),
        })
        .where(eq(stations.id, id)),
      auditInsert(db, {
        action: 'station.type_status',
        actorUserId: auth.user.id,
        companyId: station.companyId,
        entity: 'station',
        entityId: id,
        detail: {
          before: { commissioningStatus: station.commissioningStatus, visibleInApp: station.visibleInApp },
          after,
        },
        ip: clientIp(c),
      }),
    ]);
    return c.json({ id, ...after }, 200);
  });
