/** @module Schemas of a station's diagnostics and firmware (spec 7.16), and a stored file as the API answers it. */

import type { stationFiles } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { ByUid } from '../stations.schemas';

export const ProgressSchema = z
  .object({
    /** The last status the charge point reported (e.g. Uploading, Uploaded, Downloading, Installed), or null. */
    status: z.string().nullable(),
    received_at: z.string().nullable(),
    connected: z.boolean(),
  })
  .openapi('TransferProgress');

export const FileSchema = z
  .object({
    filename: z.string(),
    size: z.number(),
    content_type: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('StationFile');
export const FileList = z.object({ data: z.array(FileSchema), total: z.number(), page: z.number(), limit: z.number() });
export const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const isoDate = z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time, e.g. 2026-11-21T10:00:00Z' });

export const ByFile = ByUid.extend({ filename: z.string().min(1).max(200) });
export const ByFirmware = ByUid.extend({ firmware: z.string().min(1).max(200) });

/** The optional window and retry settings of GetDiagnostics (OCPP 1.6 names); an empty object asks for everything. */
export const GetDiagnosticsBody = z
  .object({
    startTime: isoDate.optional(),
    stopTime: isoDate.optional(),
    retries: z.number().int().min(0).max(10).optional(),
    retryInterval: z.number().int().min(0).max(86_400).optional(),
  })
  .strict()
  .refine((q) => !q.startTime || !q.stopTime || q.startTime <= q.stopTime, {
    path: ['stopTime'],
    message: 'The end of the window must not be before its start',
  });

/** UpdateFirmware's optional settings (OCPP 1.6 names); retrieveDate defaults to now. */
export const UpgradeBody = z
  .object({
    retrieveDate: isoDate.optional(),
    retries: z.number().int().min(0).max(10).optional(),
    retryInterval: z.number().int().min(0).max(86_400).optional(),
  })
  .strict();

export function toFile(f: typeof stationFiles.$inferSelect): z.infer<typeof FileSchema> {
  return { filename: f.filename, size: f.size, content_type: f.contentType, created_at: f.createdAt.toISOString() };
}
