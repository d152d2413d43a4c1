/** @module Route declarations of the sessions API (spec 7.15); the connector session lists are in routes/connectors/sessions/. */
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import {
  ActiveSessions,
  FilterOptions,
  IdParams,
  OptionParams,
  OptionQuery,
  SessionDetail,
  SessionFilters,
  SessionPage,
} from './sessions.schemas';

const tags = ['Sessions'];
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });
const notFound = error('No such session in the caller’s scope');
/** A list answers a page as JSON, or the whole filtered list as a file when `format` asks for one. */
export const listResponses = {
  200: {
    description: 'A page of the variant’s columns with sums, or (format xlsx/csv/pdf) the file, streamed',
    content: {
      'application/json': { schema: SessionPage },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  },
} as const;

const fleetList = (place: 'work' | 'roaming' | 'home') =>
  defineRoute('fleet:view', {
    method: 'post',
    path: `/sessions/fleet/${place}`,
    tags,
    summary: `Sessions of the fleet's drivers at ${place === 'roaming' ? 'public and roaming' : place} stations (variants fleet, fleet_mps)`,
    request: { body: jsonBody(SessionFilters) },
    responses: listResponses,
  });

export const fleetWork = fleetList('work');
export const fleetRoaming = fleetList('roaming');
export const fleetHome = fleetList('home');

export const active = defineRoute('connectors:view', {
  method: 'get',
  path: '/sessions/active',
  tags,
  summary: 'Sessions in progress on the stations of the company tree',
  responses: { 200: json(ActiveSessions) },
});

export const fleetActive = defineRoute('fleet:view', {
  method: 'get',
  path: '/sessions/fleet/active',
  tags,
  summary: "Sessions in progress of the fleet's drivers",
  responses: { 200: json(ActiveSessions) },
});

export const filterOptions = defineRoute('session:basic', {
  method: 'get',
  path: '/sessions/filter-options/{kind}',
  tags,
  summary:
    'Choices of the session list filters (stations, company groups, users, corporate groups of the caller’s companies), 20 matches of a keyword or the one of an id; empty for a caller who may list no sessions (neither connectors:view nor fleet:view)',
  request: { params: OptionParams, query: OptionQuery },
  responses: { 200: json(FilterOptions) },
});

export const detail = defineRoute('session:basic', {
  method: 'get',
  path: '/sessions/{id}',
  tags,
  summary:
    'One session: every CDR field, prices per party (or why unpriced), the recorded power curve. Network users see sessions on their stations, fleet users their drivers’ sessions; anyone else sees none (404).',
  request: { params: IdParams },
  responses: { 200: json(SessionDetail), 404: notFound },
});
