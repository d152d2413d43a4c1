/** @module Station fields several answers share (station list row, station detail, a connector's station). */
import { z } from '@hono/zod-openapi';

/** Where a station stands, after its street: postal code, city, country and coordinates. */
export const stationPlaceFields = {
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};
