/** @module Schemas of the network endpoints: map markers, station list, filter options, faults, network status. */

import { POWER_TYPES } from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';
import { BUCKETS, ConnectorListBody, companyGroupFilterFields } from '../connectors/connectors.schemas';

const Lng = z.number().min(-180).max(180);
const Lat = z.number().min(-90).max(90);

/** The connector list's filters (no paging), plus an optional bounding box [west, south, east, north]. */
export const MapMarkerBody = ConnectorListBody.omit({ page: true, items_per_page: true, sort: true, direction: true })
  .extend({ bbox: z.tuple([Lng, Lat, Lng, Lat]).optional() })
  .refine((b) => !b.bbox || (b.bbox[0] <= b.bbox[2] && b.bbox[1] <= b.bbox[3]), {
    message: 'bbox must be [west, south, east, north] with west <= east and south <= north',
    path: ['bbox'],
  })
  .openapi('MapMarkerFilter');

export const MapMarkers = z
  .object({
    markers: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        city: z.string().nullable(),
        lat: z.number(),
        lng: z.number(),
        /** The first connector of the station, for the popup's link. */
        connectorId: z.number(),
        connectors: z.number(),
        bucket: z.enum(['available', 'charging', 'faulted', 'offline', 'unavailable']),
      }),
    ),
    /** More stations matched than one answer carries (20,000): narrow with bbox or filters. */
    truncated: z.boolean(),
  })
  .openapi('MapMarkers');

export const STATION_LIST_SORTS = ['name', 'uid', 'city', 'last_seen', 'connectors'] as const;

/** Filters are only applied when given; the page index starts at 0. */
export const StationListBody = z
  .strictObject({
    page: z.number().int().min(0).default(0),
    items_per_page: z.number().int().min(1).max(200).default(25),
    keyword: z.string().trim().max(100).optional(),
    status: z.array(z.enum(BUCKETS)).max(20).optional(),
    city: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    operator_id: z.number().int().positive().optional(),
    owner_id: z.number().int().positive().optional(),
    ...companyGroupFilterFields,
    power_type: z.enum(POWER_TYPES).optional(),
    online: z.enum(['online', 'offline']).optional(),
    sort: z.enum(STATION_LIST_SORTS).default('name'),
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .openapi('StationListFilter');

export const StationRow = z
  .object({
    id: z.number(),
    uid: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    operatorId: z.number(),
    operatorName: z.string(),
    ownerId: z.number().nullable(),
    type: z.string(),
    powerType: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    firmware: z.string().nullable(),
    connectors: z.number(),
    faulted: z.number(),
    available: z.number(),
    connectorId: z.number().nullable(),
    lastSeenAt: z.string().nullable(),
    online: z.boolean(),
  })
  .openapi('StationRow');

export const StationPage = z
  .object({ data: z.array(StationRow), total: z.number(), page: z.number(), items_per_page: z.number() })
  .openapi('StationPage');

const Named = z.object({ id: z.number(), name: z.string() });
export const FilterOptions = z
  .object({
    operators: z.array(Named),
    owners: z.array(Named),
    cities: z.array(z.string()),
    groups: z.array(Named.extend({ level: z.number() })),
    /** Connector groups (tags) of the scope, for the list's tag filter. */
    tags: z.array(Named),
    statuses: z.array(z.string()),
  })
  .openapi('ConnectorFilterOptions');

export const RecentFaults = z
  .object({
    data: z.array(
      z.object({
        id: z.number(),
        evseId: z.string().nullable(),
        status: z.string(),
        bucket: z.string(),
        errorCode: z.string().nullable(),
        statusInfo: z.string().nullable(),
        since: z.string().nullable(),
        stationName: z.string(),
        city: z.string().nullable(),
      }),
    ),
    total: z.number(),
  })
  .openapi('RecentFaults');

const Breakdown = z.object({ total: z.number(), buckets: z.record(z.string(), z.number()) });
export const NetworkStatus = z
  .object({
    silentMinutes: z.number(),
    stations: z.object({ total: z.number(), online: z.number(), offline: z.number(), neverSeen: z.number() }),
    byCity: z.array(Breakdown.extend({ city: z.string().nullable() })),
    byOperator: z.array(Breakdown.extend({ id: z.number(), name: z.string() })),
    notHeardFrom: z.array(
      z.object({
        id: z.number(),
        uid: z.string(),
        name: z.string(),
        city: z.string().nullable(),
        lastSeenAt: z.string().nullable(),
        connectorId: z.number().nullable(),
      }),
    ),
  })
  .openapi('NetworkStatus');
