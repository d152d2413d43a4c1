/** @module Route declarations of moving stations (`/stations/movable`, `/stations/move-targets`, `/stations/move`) and hiding them. */
import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ByUid } from '../onboarding/onboarding.schemas';
import {
  CompanyOption,
  HideAnswer,
  HideBody,
  HideManyBody,
  MoveAnswer,
  MoveBody,
  StationListQuery,
  StationPage,
} from './move.schemas';

export const movableRoute = defineRoute('stations:move', {
  method: 'get',
  path: '/stations/movable',
  tags: ['Onboarding'],
  summary: 'Stations operated by a company of the caller’s tree (the ones that can be moved), with keyword and pages',
  request: { query: StationListQuery },
  responses: { 200: json(StationPage) },
});

export const targetsRoute = defineRoute('stations:move', {
  method: 'get',
  path: '/stations/move-targets',
  tags: ['Onboarding'],
  summary: 'Companies of the caller’s tree that operate stations: where stations can be moved to',
  responses: { 200: json(z.object({ data: z.array(CompanyOption) }).openapi('MoveTargets')) },
});

export const moveRoute = defineRoute('stations:move', {
  method: 'post',
  path: '/stations/move',
  tags: ['Onboarding'],
  summary:
    'Move stations to another operator company of the tree (both ends checked); needs confirm: true; audited and written to the customer-service log',
  request: { body: jsonBody(MoveBody) },
  responses: {
    200: json(MoveAnswer),
    400: json(ErrorSchema, 'Not confirmed, target outside the tree, or already there'),
    404: json(ErrorSchema, 'A station is not operated in the caller’s tree'),
    409: json(ErrorSchema, 'The target company is closed'),
  },
});

export const hiddenRoute = defineRoute('stations:hide', {
  method: 'get',
  path: '/stations/hidden',
  tags: ['Onboarding'],
  summary: 'Hidden stations of the caller’s tree (they are left out of the lists and the map)',
  request: { query: StationListQuery },
  responses: { 200: json(StationPage) },
});

export const hideManyRoute = defineRoute('stations:hide', {
  method: 'post',
  path: '/stations/hide',
  tags: ['Onboarding'],
  summary: 'Hide or unhide (administrators only) up to 100 stations by uid; all or none',
  request: { body: jsonBody(HideManyBody) },
  responses: { 200: json(HideAnswer), 404: json(ErrorSchema, 'A station is not in the tree') },
});

export const hideOneRoute = defineRoute('stations:hide', {
  method: 'put',
  path: '/stations/{uid}/hide',
  tags: ['Onboarding'],
  summary: 'Hide (hidden: true) or unhide (hidden: false, administrators only) one station',
  request: { params: ByUid, body: jsonBody(HideBody) },
  responses: { 200: json(HideAnswer), 404: json(ErrorSchema, 'Station not found') },
});
