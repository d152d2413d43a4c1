/** @module Schemas of the station list (`POST /stations`): its filters, a row, a page. */

import { pageOf } from '@api/lib/pagination';
import { stationPlaceFields } from '@api/lib/station-fields';
import { companyGroupFilterFields, networkListFields } from '@api/routes/connectors/list/list.schemas';
import type { stations } from '@db/schema';
import { POWER_TYPES } from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';

export const STATION_LIST_SORTS = ['name', 'uid', 'city', 'last_seen', 'connectors'] as const;

/** Filters are only applied when given; the page index starts at 0. */
export const StationListBody = z
  .strictObject({
    ...networkListFields,
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
    ...stationPlaceFields,
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

export const StationPage = pageOf(StationRow).openapi('StationPage');

type Station = typeof stations.$inferSelect;

/** A page row as the store reads it (only the columns the answer uses) → `StationRow`. */
export function toStationRow(row: {
  s: Pick<
    Station,
    | 'id'
    | 'uid'
    | 'name'
    | 'address'
    | 'postalCode'
    | 'city'
    | 'country'
    | 'latitude'
    | 'longitude'
    | 'companyId'
    | 'ownerCompanyId'
    | 'type'
    | 'powerType'
    | 'brand'
    | 'model'
    | 'firmware'
    | 'lastSeenAt'
    | 'connected'
  >;
  operatorName: string;
  connectors: number;
  faulted: number;
  available: number;
  connectorId: number | null;
}): z.output<typeof StationRow> {
  const { s } = row;
  return {
    id: s.id,
    uid: s.uid,
    name: s.name,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    country: s.country,
    latitude: s.latitude,
    longitude: s.longitude,
    operatorId: s.companyId,
    operatorName: row.operatorName,
    ownerId: s.ownerCompanyId,
    type: s.type,
    powerType: s.powerType,
    brand: s.brand,
    model: s.model,
    firmware: s.firmware,
    connectors: Number(row.connectors),
    faulted: Number(row.faulted),
    available: Number(row.available),
    connectorId: row.connectorId === null ? null : Number(row.connectorId),
    lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
    online: s.connected,
  };
}
