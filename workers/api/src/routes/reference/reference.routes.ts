/** @module Reference data of spec 7.9: the fixed vocabularies the screens offer in their pickers. */

import { listedStationInScope } from '@db/queries/stations.store';
import { stations } from '@db/schema';
import { STATION_LOG_EVENT_TYPES } from '@domain/ocpp/station-log';
import {
  CHARGE_POINT_ERROR_CODES,
  CONNECTOR_CAPABILITIES,
  CONNECTOR_STATUSES,
  POWER_TYPES,
  STATION_TYPES,
} from '@domain/stations/statuses';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, isNotNull } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { defineRoute, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';

export const PLUG_TYPES = ['Type 2', 'Type 1', 'CCS2', 'CCS1', 'CHAdeMO', 'Schuko', 'Type 3C', 'NACS'] as const;
export const PLUG_FORMATS = ['SOCKET', 'CABLE'] as const;
export const STATION_URL_TYPES = ['ocpp1.6', 'ocpp2.0.1'] as const;
export const STATION_PROFILES = ['AC wallbox', 'AC pillar', 'DC fast', 'DC high power'] as const;

const Items = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) }).openapi('ReferenceItems');
const items = (values: readonly string[]) => ({ data: values.map((v) => ({ id: v, name: v })) });

/** Generic in the path so the typed client keeps one entry per route (a plain string would swallow them all). */
function listRoute<const P extends string>(path: P, summary: string) {
  return defineRoute('session:basic', {
    method: 'get',
    path,
    tags: ['Reference data'],
    summary,
    responses: { 200: json(Items) },
  });
}

const stationCities = defineRoute('connectors:view', {
  method: 'get',
  path: '/station-cities',
  tags: ['Reference data'],
  summary:
    'Cities of the stations of the selected company and its descendants (operated or owned). Filtering by connector group (tag_id) comes with connector groups.',
  responses: { 200: json(Items) },
});

export const referenceRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute('/station-types', 'Station types'), (c) => c.json(items(STATION_TYPES), 200))
  .openapi(listRoute('/power-types', 'Power types'), (c) => c.json(items(POWER_TYPES), 200))
  .openapi(listRoute('/plug-types', 'Plug types'), (c) => c.json(items(PLUG_TYPES), 200))
  .openapi(listRoute('/plug-formats', 'Plug formats'), (c) => c.json(items(PLUG_FORMATS), 200))
  .openapi(listRoute('/station-url-types', 'Protocols a station speaks'), (c) => c.json(items(STATION_URL_TYPES), 200))
  .openapi(listRoute('/station-profiles', 'Station profiles'), (c) => c.json(items(STATION_PROFILES), 200))
  .openapi(listRoute('/chargingpoint-error-codes', 'OCPP 1.6 charge point error codes'), (c) =>
    c.json(items(CHARGE_POINT_ERROR_CODES), 200),
  )
  .openapi(listRoute('/station-log-event-types', 'Event types of the station log'), (c) =>
    c.json(items(STATION_LOG_EVENT_TYPES), 200),
  )
  .openapi(listRoute('/connector-capabilities', 'Connector capabilities'), (c) =>
    c.json(items(CONNECTOR_CAPABILITIES), 200),
  )
  .openapi(listRoute('/connector-statuses', 'Connector statuses'), (c) => c.json(items(CONNECTOR_STATUSES), 200))
  .openapi(stationCities, async (c) => {
    const db = c.get('db');
    const scope = await callerScope(c);
    const rows = await db
      .selectDistinct({ city: stations.city })
      .from(stations)
      .where(and(isNotNull(stations.city), listedStationInScope(scope))) // hidden stations are not offered (ADR 025)
      .orderBy(stations.city);
    const cities = rows.map((r) => r.city).filter((city): city is string => Boolean(city));
    return c.json(items(cities), 200);
  });
