/** @module Route declarations of a fleet user's personal data (spec 2 7.8), for the fleet admin of the user's scope. */

import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  StationsQuery,
  UpdateUserDataBody,
  UsableStationsSchema,
  UserDataSchema,
  UserIdParam,
} from './personal-data.schemas';

export const tags = ['Driver self-service'];
const notFound = error('User not found (or of a company outside the scope)');
const ADMIN_VIEW = 'fleet:view';
const ADMIN_EDIT = 'fleet:users:manage';

export const adminRead = defineRoute(ADMIN_VIEW, {
  method: 'get',
  path: '/users/{userId}/user-data',
  tags,
  summary: "A fleet user's personal data; IBAN and SSN masked",
  request: { params: UserIdParam },
  responses: { 200: json(UserDataSchema), 404: notFound },
});

export const adminUpdate = defineRoute(ADMIN_EDIT, {
  method: 'post',
  path: '/users/{userId}/update-user-data',
  tags,
  summary: "Change a fleet user's personal data (only the fields sent; null clears)",
  request: { params: UserIdParam, body: jsonBody(UpdateUserDataBody) },
  responses: { 200: json(UserDataSchema), 404: notFound, 409: error('The user is deleted: restore it first') },
});

export const adminStations = defineRoute(ADMIN_EDIT, {
  method: 'get',
  path: '/users/{userId}/user-data/stations',
  tags,
  summary: 'Stations the user may charge at (by type and ownership), for the station choice; at most 100',
  request: { params: UserIdParam, query: StationsQuery },
  responses: { 200: json(UsableStationsSchema), 404: notFound },
});
