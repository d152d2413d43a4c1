/** @module Network: map markers, station list, filter options, recent faults and the network status dashboard. */

import { heartbeatInterval, offlineAfterMs } from '@domain/stations/liveness';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import type { AppEnv } from '../../env';
import { defineRoute, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { filterOptions, listStations, mapMarkersJson, networkStatus, recentFaults } from './network.queries';
import {
  FilterOptions,
  MapMarkerBody,
  MapMarkers,
  NetworkStatus,
  RecentFaults,
  StationListBody,
  StationPage,
} from './network.schemas';

/** Minutes of silence after which a connected station is marked offline (shown on the status page). */
export function silentMinutes(env: { HEARTBEAT_INTERVAL_SECONDS?: unknown }): number {
  return Math.ceil(offlineAfterMs(heartbeatInterval(env)) / 60_000);
}

const markers = defineRoute('connectors:view', {
  method: 'post',
  path: '/connectors/map-markers',
  tags: ['Connectors'],
  summary:
    'One marker per station with coordinates, coloured by its connectors (filters of POST /connectors, optional bbox); at most 20,000',
  request: { body: jsonBody(MapMarkerBody) },
  responses: { 200: json(MapMarkers) },
});

const filter = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/filter',
  tags: ['Connectors'],
  summary: 'Choices for the connector and station list filters: operators, owners, cities, company groups, statuses',
  responses: { 200: json(FilterOptions) },
});

const faults = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/overview/faults',
  tags: ['Connectors'],
  summary: 'Connectors in Faulted state or reporting an error code, newest first (20), with the total',
  responses: { 200: json(RecentFaults) },
});

const status = defineRoute('connectors:view', {
  method: 'get',
  path: '/network-status',
  tags: ['Connectors'],
  summary:
    'Network status dashboard: stations online/offline (heard from within two heartbeats), connectors by status per city and operator, stations not heard from',
  responses: { 200: json(NetworkStatus) },
});

const stationList = defineRoute('connectors:view', {
  method: 'post',
  path: '/stations',
  tags: ['Stations'],
  summary:
    'Stations of the selected company and its descendants (operated or owned): filters applied only when given, sorted, paginated from page 0',
  request: { body: jsonBody(StationListBody) },
  responses: { 200: json(StationPage) },
});

export const networkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(filter, async (c) => {
    const db = c.get('db');
    return c.json(await filterOptions(db, await callerScope(c)), 200);
  })
  .openapi(markers, async (c) => {
    const db = c.get('db');
    // The answer's JSON comes built from SQLite (mapMarkersJson): sent as it is.
    const body = await mapMarkersJson(db, await callerScope(c), c.req.valid('json'));
    const res = c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
    return res as unknown as TypedResponse<z.output<typeof MapMarkers>, 200, 'json'>;
  })
  .openapi(faults, async (c) => {
    const db = c.get('db');
    return c.json(await recentFaults(db, await callerScope(c)), 200);
  })
  .openapi(status, async (c) => {
    const db = c.get('db');
    const scope = await callerScope(c);
    return c.json(await networkStatus(db, scope, silentMinutes(c.env)), 200);
  })
  .openapi(stationList, async (c) => {
    const db = c.get('db');
    const scope = await callerScope(c);
    return c.json(await listStations(db, scope, c.req.valid('json')), 200);
  });
