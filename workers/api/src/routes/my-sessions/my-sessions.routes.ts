/** @module Route declarations of a private user's own sessions (spec 7.10), behind `personal:self-charge`. */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { MySessionDetail, MySessionPage, MySessionsBody, SessionIdParam } from './my-sessions.schemas';

const ACCESS = 'personal:self-charge';
const tags = ['My pages'];

export const list = defineRoute(ACCESS, {
  method: 'post',
  path: '/my-sessions',
  tags,
  summary:
    "The caller's own sessions, newest first, filtered by period, station and status and paged; format pdf answers the whole filtered list as a PDF",
  request: { body: jsonBody(MySessionsBody) },
  responses: {
    200: {
      description: 'A page of the caller’s sessions, or (format pdf) the whole filtered list as a PDF, streamed',
      content: {
        'application/json': { schema: MySessionPage },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/my-sessions/{sessionId}',
  tags,
  summary: "One of the caller's own sessions with the driver's price (provider perspective) and its tariff lines",
  request: { params: SessionIdParam },
  responses: { 200: json(MySessionDetail), 404: error('Not one of the caller’s sessions') },
});
