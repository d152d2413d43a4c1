/** @module Schemas of locations (spec 7.16 `locations`, `location/{uid}`, `PUT location`). */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { locations } from '@db/schema';
import { z } from '@hono/zod-openapi';

/** Stations linked in one call at most (bound as one JSON value). */
const MAX_IDS = 5000;

/** The list query of spec section 3: items_per_page, page (0-based), keyword. */
export const LocationListQuery = z.object({
  ...pageQueryFields(25),
  keyword: z.string().trim().max(100).optional(),
});

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

/** A location row (with its company's name and its number of stations) as answered. */
export function toLocation(row: {
  l: typeof locations.$inferSelect;
  companyName: string;
  stationCount: number;
}): z.infer<typeof LocationSchema> {
  const { l, companyName, stationCount } = row;
  return {
    uid: l.uid,
    name: l.name,
    address: l.address,
    streetNumber: l.streetNumber,
    postalCode: l.postalCode,
    city: l.city,
    country: l.country,
    latitude: l.latitude,
    longitude: l.longitude,
    timeZone: l.timeZone,
    directions: l.directions,
    openingHours: l.openingHours,
    companyId: l.companyId,
    companyName,
    stationCount: Number(stationCount),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt?.toISOString() ?? null,
  };
}
