/**
 * @module /my-data (spec 2 7.8): a private user's own personal data, read and changed by themself
 * (`/my-data/{userId}/…`; another id is 404). Too small for four files: the routes are declared here,
 * the shapes, reads and the change flow are the fleet admin's (users/personal-data/).
 */

import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { authOf } from '@api/middleware/permission';
import { saveUserData, stationsAnswer, userDataAnswer } from '@api/routes/users/personal-data/personal-data.handlers';
import { tags } from '@api/routes/users/personal-data/personal-data.routes';
import {
  StationsQuery,
  UpdateUserDataBody,
  UsableStationsSchema,
  UserDataSchema,
  UserIdParam,
} from '@api/routes/users/personal-data/personal-data.schemas';
import { userById } from '@api/routes/users/personal-data/personal-data.store';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { myOverviewRoutes } from './my-overview/my-overview.handlers';

const SELF = 'personal:self-charge';

const selfRead = defineRoute(SELF, {
  method: 'get',
  path: '/my-data/{userId}/user-data',
  tags,
  summary: 'My personal data (a private user, own id only); IBAN and SSN masked',
  request: { params: UserIdParam },
  responses: { 200: json(UserDataSchema), 404: error('Another user: you can only read your own personal data') },
});

const selfUpdate = defineRoute(SELF, {
  method: 'post',
  path: '/my-data/{userId}/update-user-data',
  tags,
  summary: 'Change my personal data (a private user, own id only; another id is 404)',
  request: { params: UserIdParam, body: jsonBody(UpdateUserDataBody) },
  responses: { 200: json(UserDataSchema), 404: error('Another user: you can only change your own personal data') },
});

const selfStations = defineRoute(SELF, {
  method: 'get',
  path: '/my-data/{userId}/user-data/stations',
  tags,
  summary: 'Stations I may charge at, for the station choice; at most 100',
  request: { params: UserIdParam, query: StationsQuery },
  responses: { 200: json(UsableStationsSchema), 404: error('Another user') },
});

/**
 * The caller themself, or 404 "own data only": 403 is reserved to what the caller's roles refuse
 * (ADR 005, the authorization matrix), and another user's data does not exist for a private user.
 */
async function self(c: Context<AppEnv>, userId: number) {
  const { user } = authOf(c);
  const row = user.id === userId ? await userById(c.get('db'), userId) : undefined;
  if (!row) return { error: apiError(c, 404, 'USER_NOT_FOUND', 'ownDataOnly') };
  return { user: row };
}

export const myDataRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(selfRead, async (c) => {
    const me = await self(c, c.req.valid('param').userId);
    if (me.error) return me.error;
    return c.json(await userDataAnswer(c, me.user), 200);
  })
  .openapi(selfUpdate, async (c) => {
    const me = await self(c, c.req.valid('param').userId);
    if (me.error) return me.error;
    const result = await saveUserData(c, me.user, c.req.valid('json'));
    if (result.error) return result.error;
    return c.json(result.answer, 200);
  })
  .openapi(selfStations, async (c) => {
    const me = await self(c, c.req.valid('param').userId);
    if (me.error) return me.error;
    return c.json(await stationsAnswer(c, me.user, c.req.valid('query').keyword), 200);
  })
  .route('/', myOverviewRoutes);
