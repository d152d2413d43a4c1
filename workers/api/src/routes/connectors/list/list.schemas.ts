/** @module Schemas of the connector list (spec 7.16 `POST connectors`), its filters and the row every connector answer shares. */

import { pageOf } from '@api/lib/pagination';
import type { connectors } from '@db/schema';
import { STATUS_BUCKETS } from '@domain/stations/buckets';
import { shownConnectorStatus } from '@domain/stations/liveness';
import {
  CONNECTOR_LIST_SORTS,
  CONNECTOR_STATUSES,
  POWER_TYPES,
  STATUS_BUCKET,
  wattsToKw,
} from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';

/**
 * Company-group filters of the station and connector lists: `group1_id`..`group4_id`, one group per
 * level, combined with AND (as the fleet user list); `group_id` is a group at any level (older links).
 */
export const companyGroupFilterFields = {
  group_id: z.number().int().positive().optional(),
  group1_id: z.number().int().positive().optional(),
  group2_id: z.number().int().positive().optional(),
  group3_id: z.number().int().positive().optional(),
  group4_id: z.number().int().positive().optional(),
};

/** Paging, keyword, status bucket, city, operator and owner: the fields the connector and station lists share. */
export const networkListFields = {
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(200).default(25),
  keyword: z.string().trim().max(100).optional(),
  status: z.array(z.enum(STATUS_BUCKETS)).max(20).optional(),
  city: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  operator_id: z.number().int().positive().optional(),
  owner_id: z.number().int().positive().optional(),
};

/** Filters are only applied when given; the page index starts at 0 (spec 2 section 5). */
export const ConnectorListBody = z
  .strictObject({
    ...networkListFields,
    power_type: z.enum(POWER_TYPES).optional(),
    ...companyGroupFilterFields,
    /** A connector group (tag, spec 7.16 `tags`): the connectors put in it. */
    tag_id: z.number().int().positive().optional(),
    sort: z.enum(CONNECTOR_LIST_SORTS).default('evse_id'),
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .openapi('ConnectorListFilter');

/** The connector fields every connector answer carries (list rows and detail). */
export const connectorFieldsShape = {
  id: z.number(),
  uid: z.string(),
  evseId: z.string().nullable(),
  connectorNumber: z.number(),
  /** What the screens show: the reported status while the station is online, else `offline`. */
  status: z.enum(CONNECTOR_STATUSES),
  bucket: z.string(),
  /** What the charge point last reported (history when the station is offline). */
  reportedStatus: z.enum(CONNECTOR_STATUSES),
  stationOnline: z.boolean(),
  errorCode: z.string().nullable(),
  statusInfo: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  /** Watts divided by 1000, as the spec shows power. */
  maxPowerKw: z.number().nullable(),
  plugType: z.string().nullable(),
  powerType: z.string().nullable(),
  capabilities: z.array(z.string()),
};

/** Maps a connector row and its station's connection to `connectorFieldsShape`. */
export function connectorFields(c: typeof connectors.$inferSelect, station: { connected: boolean }) {
  const status = shownConnectorStatus(c.status, station);
  return {
    id: c.id,
    uid: c.uid,
    evseId: c.evseId,
    connectorNumber: c.connectorNumber,
    status,
    bucket: STATUS_BUCKET[status],
    reportedStatus: c.status,
    stationOnline: station.connected,
    errorCode: c.errorCode,
    statusInfo: c.statusInfo,
    statusChangedAt: c.statusChangedAt?.toISOString() ?? null,
    maxPowerKw: c.maxPowerW === null ? null : wattsToKw(c.maxPowerW),
    plugType: c.plugType,
    powerType: c.powerType,
    capabilities: JSON.parse(c.capabilitiesJson) as string[],
  };
}

export const ConnectorRow = z
  .object({
    ...connectorFieldsShape,
    station: z.object({
      id: z.number(),
      uid: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      address: z.string().nullable(),
      operatorId: z.number(),
      operatorName: z.string(),
      ownerId: z.number().nullable(),
    }),
  })
  .openapi('ConnectorRow');

/** A page row of the list: the connector, its station's columns the page reads, its operator's name. */
export function toConnectorRow(row: {
  connector: typeof connectors.$inferSelect;
  station: {
    id: number;
    uid: string;
    name: string;
    city: string | null;
    address: string | null;
    companyId: number;
    ownerCompanyId: number | null;
    connected: boolean;
  };
  operatorName: string;
}) {
  const { connector: c, station: s, operatorName } = row;
  return {
    ...connectorFields(c, s),
    station: {
      id: s.id,
      uid: s.uid,
      name: s.name,
      city: s.city,
      address: s.address,
      operatorId: s.companyId,
      operatorName,
      ownerId: s.ownerCompanyId,
    },
  };
}

export const ConnectorPage = pageOf(ConnectorRow).openapi('ConnectorPage');
