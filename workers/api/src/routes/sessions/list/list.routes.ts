/** @module Route declarations of the session lists (spec 7.15); the connector session lists are in routes/connectors/sessions/. */
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { ActiveSessions, SessionFilters, SessionPage } from './list.schemas';

const tags = ['Sessions'];
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
