/** @module Shapes of an employee's home stations (spec 001 §7.11 `users/{userId}/stations`, ADR 046): camelCase as the spec's `isOffline`. */

import type { homeStations, reimbursementDocuments } from '@db/schema';
import { z } from '@hono/zod-openapi';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 12 });

export const UserParams = z.object({ userId: id('userId') });
export const StationParams = z.object({ userId: id('userId'), stationId: id('stationId') });

export const ListQuery = z.object({
  is_offline: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ param: { name: 'is_offline', in: 'query' }, description: 'Only offline (true) or online (false) ones' }),
});

const name = z
  .string({ error: 'homeStationNameRequired' })
  .trim()
  .min(1, { error: 'homeStationNameRequired' })
  .max(100, { error: 'homeStationNameRequired' });
const meterSerial = z.string().trim().max(64).nullable().optional();

export const CreateBody = z.strictObject({
  name,
  /** The OCPP identity of a station of our network; required unless the station is offline. */
  stationUid: z.string().trim().max(64).nullable().optional(),
  isOffline: z.boolean(),
  meterSerial,
});
export type CreateBody = z.infer<typeof CreateBody>;

export const UpdateBody = z.strictObject({ name: name.optional(), isOffline: z.boolean().optional(), meterSerial });
export type UpdateBody = z.infer<typeof UpdateBody>;

export const HomeStationSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    name: z.string(),
    isOffline: z.boolean(),
    meterSerial: z.string().nullable(),
    /** The linked station of our network (null for an offline-only station). */
    station: z.object({ uid: z.string(), name: z.string(), connected: z.boolean() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('HomeStation');
export type HomeStation = z.infer<typeof HomeStationSchema>;

export const StatementSchema = z
  .object({
    id: z.number(),
    /** YYYY-MM. */
    period: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number(),
    createdAt: z.string(),
  })
  .openapi('HomeStationStatement');

export type HomeStationRow = typeof homeStations.$inferSelect & {
  station: { uid: string; name: string; connected: boolean } | null;
};

export const toHomeStation = (r: HomeStationRow): HomeStation => ({
  id: r.id,
  userId: r.userId,
  name: r.name,
  isOffline: r.isOffline,
  meterSerial: r.meterSerial,
  station: r.station,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
});

export const toStatement = (d: typeof reimbursementDocuments.$inferSelect): z.infer<typeof StatementSchema> => ({
  id: d.id,
  period: d.period,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  createdAt: d.createdAt.toISOString(),
});
