/** @module Route declaration of one session's detail (spec 7.15). */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { IdParams } from '../list/list.schemas';
import { SessionDetail } from './detail.schemas';

const tags = ['Sessions'];

export const detail = defineRoute('session:basic', {
  method: 'get',
  path: '/sessions/{id}',
  tags,
  summary:
    'One session: every CDR field, prices per party (or why unpriced), the recorded power curve. Network users see sessions on their stations, fleet users their drivers’ sessions; anyone else sees none (404).',
  request: { params: IdParams },
  responses: { 200: json(SessionDetail), 404: errorResponse('No such session in the caller’s scope') },
});
