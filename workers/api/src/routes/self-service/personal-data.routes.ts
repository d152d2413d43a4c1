/**
 * @module Driver self-service (spec 2 7.8): personal data of a fleet user, changed by a fleet admin
 * of the user's scope (`users/{userId}/update-user-data`) or by a private user for themself
 * (`/my-data/{userId}/update-user-data`; another id is 404). Reads answer IBAN and SSN masked only.
 */

import { users } from '@db/schema';
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { authOf } from '../../middleware/permission';
import { foundUser } from '../users/users.write';
import {
  StationsQuery,
  UpdateUserDataBody,
  UsableStationsSchema,
  UserDataSchema,
  UserIdParam,
} from './personal-data.schemas';
import { updateUserData, usableStations, userDataView } from './personal-data.store';

const tags = ['Driver self-service'];
const notFound = error('User not found (or of a company outside the scope)');
const ADMIN_VIEW = 'fleet:view';
const ADMIN_EDIT = 'fleet:users:manage';
const SELF = 'personal:self-charge';

const adminRead = defineRoute(ADMIN_VIEW, {
  method: 'get',
  path: '/users/{userId}/user-data',
  tags,
  summary: "A fleet user's personal data; IBAN and SSN masked",
  request: { params: UserIdParam },
  responses: { 200: json(UserDataSchema), 404: notFound },
});

const adminUpdate = defineRoute(ADMIN_EDIT, {
  method: 'post',
  path: '/users/{userId}/update-user-data',
  tags,
  summary: "Change a fleet user's personal data (only the fields sent; null clears)",
  request: { params: UserIdParam, body: jsonBody(UpdateUserDataBody) },
  responses: { 200: json(UserDataSchema), 404: notFound, 409: error('The user is deleted: restore it first') },
});

const adminStations = defineRoute(ADMIN_EDIT, {
  method: 'get',
  path: '/users/{userId}/user-data/stations',
  tags,
  summary: 'Stations the user may charge at (by type and ownership), for the station choice; at most 100',
  request: { params: UserIdParam, query: StationsQuery },
  responses: { 200: json(UsableStationsSchema), 404: notFound },
});

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

type Ctx = Context<AppEnv>;

/**
 * The caller themself, or 404 "own data only": 403 is reserved to what the caller's roles refuse
 * (ADR 005, the authorization matrix), and another user's data does not exist for a private user.
 */
async function self(c: Ctx, userId: number) {
  const { user } = authOf(c);
  if (user.id !== userId) return { error: apiError(c, 404, 'USER_NOT_FOUND', 'ownDataOnly') };
  const row = await c.get('db').select().from(users).where(eq(users.id, userId)).get();
  if (!row) return { error: apiError(c, 404, 'USER_NOT_FOUND', 'ownDataOnly') };
  return { user: row };
}

const stationsView = (rows: Awaited<ReturnType<typeof usableStations>>) => ({
  data: rows.map(({ id, name, uid, type, city }) => ({ id, name, uid, type, city })),
});

export const personalDataRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(adminRead, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    return c.json(await userDataView(c.get('db'), found.user), 200);
  })
  .openapi(adminUpdate, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    if (found.user.status === 'deleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
    const result = await updateUserData(c, found.user, c.req.valid('json'));
    if (result.error) return result.error;
    return c.json(result.view, 200);
  })
  .openapi(adminStations, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    return c.json(stationsView(await usableStations(c.get('db'), found.user, c.req.valid('query').keyword)), 200);
  })
  .openapi(selfRead, async (c) => {
    const me = await self(c, c.req.valid('param').userId);
    if (me.error) return me.error;
    return c.json(await userDataView(c.get('db'), me.user), 200);
  })
  .openapi(selfUpdate, async (c) => {
    const me = await self(c, c.req.valid('param').userId);
    if (me.error) return me.error;
    const result = await updateUserData(c, me.user, c.req.valid('json'));
    if (result.error) return result.error;
    return c.json(result.view, 200);
  })
  .openapi(selfStations, async (c) => {
    const me = await self(c, c.req.valid('param').userId);
    if (me.error) return me.error;
    return c.json(stationsView(await usableStations(c.get('db'), me.user, c.req.valid('query').keyword)), 200);
  });
