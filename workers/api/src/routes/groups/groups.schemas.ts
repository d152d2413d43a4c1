/** @module Schemas of connector groups (tags) and locations (spec 7.16 `tags`, `groups`, `locations`). */

import { MAX_BULK_FILTER_MATCHES, MAX_BULK_IDS } from '@domain/groups/bulk-limits';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';
import { ConnectorListBody, ConnectorRow } from '../connectors/connectors.schemas';

export { MAX_BULK_FILTER_MATCHES, MAX_BULK_IDS };

/** At most this many connector ids in one call (bound as one JSON value, so D1's parameter cap does not apply). */
export const MAX_IDS = 5000;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The list query of spec section 3: items_per_page, page (0-based), keyword. */
export const GroupListQuery = z.object({
  ...pageQueryFields(25),
  keyword: z.string().trim().max(100).optional(),
});

const ids = z.array(z.number().int().positive()).max(MAX_IDS);
const name = z.string().trim().min(1, 'The name is mandatory.').max(100);
const description = z.string().trim().max(500).nullable().optional();

export const CreateGroupBody = z
  .strictObject({ name, description, connector_ids: ids.optional() })
  .openapi('ConnectorGroupCreate');

/** `connector_ids` replaces the whole set; `add_connector_ids` / `remove_connector_ids` change it. */
export const UpdateGroupBody = z
  .strictObject({
    name: name.optional(),
    description,
    connector_ids: ids.optional(),
    add_connector_ids: ids.optional(),
    remove_connector_ids: ids.optional(),
  })
  .openapi('ConnectorGroupUpdate');

export const AddToGroupBody = z
  .strictObject({ group_id: z.number().int().positive(), connector_ids: ids.min(1) })
  .openapi('ConnectorAddGroup');

/** The connector list's filters without paging and sort: "every connector the list shows". */
export const BulkFilter = ConnectorListBody.omit({ page: true, items_per_page: true, sort: true, direction: true });

/** Either the selected ids, or the list's filter when every matching row is selected (never both). */
export const BulkMembersBody = z
  .strictObject({
    action: z.enum(['add', 'remove']),
    connector_ids: z.array(z.number().int().positive()).min(1).max(MAX_BULK_IDS).optional(),
    filter: BulkFilter.optional(),
  })
  .refine((b) => (b.connector_ids === undefined) !== (b.filter === undefined), {
    message: 'Give either connector_ids or filter.',
    path: ['connector_ids'],
  })
  .openapi('ConnectorGroupBulk');

/** What a bulk call changed: `added`/`removed`, and the ids that were already (or were not) members. */
export const BulkMembersResult = z
  .object({
    group_id: z.number(),
    action: z.enum(['add', 'remove']),
    requested: z.number(),
    added: z.number(),
    already_members: z.number(),
    removed: z.number(),
    not_members: z.number(),
    connector_count: z.number(),
    /** With a filter: the connectors it matched in the caller's scope (what `requested` counts). */
    matched: z.number().optional(),
  })
  .openapi('ConnectorGroupBulkResult');

/** A bulk change resolved once: apply its `chunks` one by one (`.../bulk/jobs/{job}/chunks/{index}`). */
export const BulkJob = z
  .object({
    job_id: z.number(),
    group_id: z.number(),
    action: z.enum(['add', 'remove']),
    /** Connectors the job covers (deduplicated); with a filter, what it matched in the caller's scope. */
    total: z.number(),
    chunk_size: z.number(),
    chunks: z.number(),
  })
  .openapi('ConnectorGroupBulkJob');

export const BulkChunkParams = z.object({
  id: z.coerce.number().int().positive(),
  job: z.coerce.number().int().positive(),
  index: z.coerce.number().int().min(0),
});

/** What one chunk changed; `skipped` counts connectors no longer in the caller's scope (left alone). */
export const BulkChunkResult = BulkMembersResult.omit({ matched: true })
  .extend({ job_id: z.number(), index: z.number(), skipped: z.number() })
  .openapi('ConnectorGroupBulkChunkResult');

export const GroupSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    companyId: z.number(),
    companyName: z.string(),
    connectorCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('ConnectorGroup');

export const GroupPage = pageOf(GroupSchema).openapi('ConnectorGroupPage');

export const GroupWithIds = GroupSchema.extend({ connectorIds: z.array(z.number()) }).openapi('ConnectorGroupTag');

export const GroupDetailQuery = z.object({ ...pageQueryFields(25), keyword: z.string().trim().max(100).optional() });

export const GroupDetail = z
  .object({
    group: GroupSchema,
    connectors: z.object({
      data: z.array(ConnectorRow),
      total: z.number(),
      page: z.number(),
      items_per_page: z.number(),
    }),
  })
  .openapi('ConnectorGroupDetail');

export const GroupTotals = z
  .object({
    connectors: z.number(),
    /** Closed sessions. */
    sessions: z.number(),
    inProgress: z.number(),
    /** Wh of closed sessions. */
    energyWh: z.number(),
    chargingMinutes: z.number(),
    durationS: z.number(),
    firstSessionAt: z.string().nullable(),
    lastSessionAt: z.string().nullable(),
  })
  .openapi('ConnectorGroupTotals');

export const GroupSession = z
  .object({
    id: z.number(),
    cdrId: z.string(),
    status: z.enum(['in_progress', 'closed']),
    connectorId: z.number(),
    connectorEvseId: z.string().nullable(),
    stationName: z.string(),
    startAt: z.string(),
    endAt: z.string().nullable(),
    energyWh: z.number().nullable(),
    durationS: z.number().nullable(),
    chargingMinutes: z.number().nullable(),
    authId: z.string(),
    startMethod: z.string(),
    userEmail: z.string().nullable(),
    stopReason: z.string().nullable(),
  })
  .openapi('ConnectorGroupSession');

export const GroupSessionPage = pageOf(GroupSession).openapi('ConnectorGroupSessionPage');

// Locations ------------------------------------------------------------------------------------------

export const LocationListQuery = GroupListQuery;
export const UidParams = z.object({ uid: z.string().trim().min(1).max(64) });

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

/**
 * PUT `location`: without `uid` a new location is created; with `uid` that location is updated.
 * Coordinates are numbers with a dot (JSON), checked against their ranges like a station's.
 */
export const LocationBody = z
  .strictObject({
    uid: z.string().trim().min(1).max(64).optional(),
    name: text(120),
    address: text(200),
    street_number: optionalText(20),
    postal_code: text(20),
    city: text(100),
    country: text(60),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    time_zone: text(64).optional(),
    directions: optionalText(500),
    opening_hours: optionalText(200),
    /** Replaces the stations at the location; a station moves here from any other location. */
    station_ids: z.array(z.number().int().positive()).max(MAX_IDS).optional(),
  })
  .openapi('LocationWrite');

export const LocationSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    address: z.string(),
    streetNumber: z.string().nullable(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    timeZone: z.string(),
    directions: z.string().nullable(),
    openingHours: z.string().nullable(),
    companyId: z.number(),
    companyName: z.string(),
    stationCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('Location');

export const LocationPage = pageOf(LocationSchema).openapi('LocationPage');

export const LocationStation = z
  .object({
    id: z.number(),
    uid: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    connected: z.boolean(),
    connectorCount: z.number(),
    /** The first connector, to link to its detail page. */
    firstConnectorId: z.number().nullable(),
  })
  .openapi('LocationStation');

export const LocationDetail = LocationSchema.extend({ stations: z.array(LocationStation) }).openapi('LocationDetail');
