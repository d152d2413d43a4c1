/** @module Route declarations of scheduled availability changes (issue 4 part 4, ADR 027). */

import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ByUid } from '../stations.schemas';
import { ById, ScheduleBody, ScheduledChange } from './scheduled-availability.schemas';

const notFound = json(ErrorSchema, 'Station uid: {uid} not found. (Or the scheduled change, or the connector number)');

export const list = defineRoute('connectors:view', {
  method: 'get',
  path: '/stations/{uid}/scheduled-availability',
  tags: ['Station commands'],
  summary:
    'Scheduled availability changes of the station: waiting ones (soonest first), then the last 50 sent or cancelled',
  request: { params: ByUid },
  responses: { 200: json(z.object({ data: z.array(ScheduledChange) })), 404: notFound },
});

export const create = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/scheduled-availability',
  tags: ['Station commands'],
  summary:
    'Schedules a ChangeAvailability {connector_id (0 = station), type, at}; sent by the charge point object when due. A station offline then is not retried: the change fails as offline and is logged.',
  request: { params: ByUid, body: jsonBody(ScheduleBody) },
  responses: {
    201: json(ScheduledChange),
    404: notFound,
    409: json(ErrorSchema, 'SCHEDULE_REFUSED (e.g. too many waiting changes)'),
  },
});

export const cancel = defineRoute('connectors:command:advanced', {
  method: 'delete',
  path: '/stations/{uid}/scheduled-availability/{id}',
  tags: ['Station commands'],
  summary: 'Cancels a waiting scheduled availability change',
  request: { params: ById },
  responses: {
    200: json(ScheduledChange),
    404: notFound,
    409: json(ErrorSchema, 'SCHEDULE_NOT_WAITING: already sent or cancelled'),
  },
});
