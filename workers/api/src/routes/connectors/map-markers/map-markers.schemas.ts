/** @module Schemas of the map markers: the connector list's filters with a bounding box, and one marker per station. */
import { z } from '@hono/zod-openapi';
import { ConnectorListBody } from '../list/list.schemas';

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
