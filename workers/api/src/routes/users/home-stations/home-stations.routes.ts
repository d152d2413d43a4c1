/**
 * @module Route declarations of an employee's home stations (spec 001 §7.11). Every employee of a company
 * with home reimbursement reaches their own ('personal:home-reimbursement'); a fleet manager reaches the
 * users of their scope ('fleet:home-reimbursement' to read, its ':manage' to change), checked per call by
 * home-stations.access.ts. Anyone else's user answers 404.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import {
  CreateBody,
  HomeStationSchema,
  ListQuery,
  StatementSchema,
  StationParams,
  UpdateBody,
  UserParams,
} from './home-stations.schemas';

const ACCESS = 'personal:home-reimbursement';
const tags = ['Home reimbursement'];
const notFound = error('The user or home station does not exist (or is not yours to see)');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/users/{userId}/stations',
  tags,
  summary: "An employee's home stations (not deleted), with the linked station of our network",
  request: { params: UserParams, query: ListQuery },
  responses: { 200: json(z.object({ data: z.array(HomeStationSchema) })), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/users/{userId}/stations',
  tags,
  summary:
    "Add a home station: an online one names a station of our network (in the caller's scope or owned by the employee's company) that no other live home station holds",
  request: { params: UserParams, body: jsonBody(CreateBody) },
  responses: {
    201: json(HomeStationSchema, 'Created'),
    404: notFound,
    409: error('The station is already a live home station'),
  },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/users/{userId}/stations/{stationId}',
  tags,
  summary: 'Rename a home station, set its meter serial, or switch it between online and offline',
  request: { params: StationParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(HomeStationSchema), 404: notFound },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/users/{userId}/stations/{stationId}',
  tags,
  summary: 'Delete a home station (kept for past statements; its network station may be linked again)',
  request: { params: StationParams },
  responses: { 200: json(z.object({ deleted: z.literal(true) })), 404: notFound },
});

export const invoices = defineRoute(ACCESS, {
  method: 'get',
  path: '/users/{userId}/stations/{stationId}/invoices',
  tags,
  summary: "The home station's monthly statements (written by the monthly job), newest month first",
  request: { params: StationParams },
  responses: { 200: json(z.object({ data: z.array(StatementSchema) })), 404: notFound },
});
