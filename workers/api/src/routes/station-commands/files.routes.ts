/**
 * @module Diagnostics and firmware (spec 7.16): GetDiagnostics with an upload link into R2, the
 * uploaded files per station, UpdateFirmware from firmware files kept in R2, and the statuses the
 * charge point reports through its Diagnostics/FirmwareStatusNotification.
 */

import { answerCommand, dispatchCommand } from '@api/lib/charge-point-command';
import { stationFiles } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { authOf } from '../../middleware/permission';
import { ByUid, commandResponses } from './configuration.routes';
import { chargePointOf, onStation, type Station } from './scope';
import {
  claimUploadToken,
  DOWNLOAD_LINK_TTL_MS,
  downloadToken,
  issueToken,
  publicOrigin,
  readLimited,
  releaseUploadToken,
  revokeToken,
  safeFilename,
  UPLOAD_LINK_TTL_MS,
} from './transfers';

export const MAX_DIAGNOSTICS_BYTES = 20 * 1024 * 1024;
export const MAX_FIRMWARE_BYTES = 64 * 1024 * 1024;
const TAGS = ['Station diagnostics and firmware'];

const ProgressSchema = z
  .object({
    /** The last status the charge point reported (e.g. Uploading, Uploaded, Downloading, Installed), or null. */
    status: z.string().nullable(),
    received_at: z.string().nullable(),
    connected: z.boolean(),
  })
  .openapi('TransferProgress');

const FileSchema = z
  .object({
    filename: z.string(),
    size: z.number(),
    content_type: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('StationFile');
const FileList = z.object({ data: z.array(FileSchema), total: z.number(), page: z.number(), limit: z.number() });
const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const isoDate = z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time, e.g. 2026-11-21T10:00:00Z' });

const notFound404 = json(ErrorSchema, 'Station uid: {uid} not found (or the file)');
const progressResponses = { 200: json(ProgressSchema), 404: notFound404 };
const listResponses = { 200: json(FileList), 404: notFound404 };
const blobResponses = {
  200: { description: 'The file', content: { 'application/octet-stream': { schema: z.any() } } },
  404: notFound404,
};
const uploadResponses = { 201: json(FileSchema), 400: json(ErrorSchema, 'Empty or too large file'), 404: notFound404 };

/** The optional window and retry settings of GetDiagnostics (OCPP 1.6 names); an empty object asks for everything. */
const GetDiagnosticsBody = z
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

// POST, not the spec's GET: it sends a command to the charge point and issues an upload link, so a
// link or a cross-site navigation must not be able to trigger it (issue 24).
const getDiagnostics = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/get-diagnostics',
  tags: TAGS,
  summary:
    'GetDiagnostics: the charge point uploads its diagnostics to a single-use link of this product (stored in R2); optional time window',
  request: { params: ByUid, body: jsonBody(GetDiagnosticsBody) },
  responses: commandResponses,
});

const diagnosticsStatus = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-diagnostics-status',
  tags: TAGS,
  summary: 'The last DiagnosticsStatusNotification of the station (Idle, Uploading, Uploaded, UploadFailed) or null',
  request: { params: ByUid },
  responses: progressResponses,
});
const resetDiagnosticsStatus = defineRoute('connectors:command:advanced', {
  method: 'delete',
  path: '/stations/{uid}/reset-get-diagnostics-status',
  tags: TAGS,
  summary: 'Forgets the last diagnostics status',
  request: { params: ByUid },
  responses: progressResponses,
});
const firmwareStatus = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-firmware-upgrade-status',
  tags: TAGS,
  summary: 'The last FirmwareStatusNotification (or SignedFirmwareStatusNotification) of the station, or null',
  request: { params: ByUid },
  responses: progressResponses,
});
const resetFirmwareStatus = defineRoute('connectors:command:advanced', {
  method: 'delete',
  path: '/stations/{uid}/reset-firmware-upgrade-status',
  tags: TAGS,
  summary: 'Forgets the last firmware status',
  request: { params: ByUid },
  responses: progressResponses,
});

const diagnosticsList = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-diagnostics-list',
  tags: TAGS,
  summary: 'Diagnostics (and log) files this station uploaded, newest first',
  request: { params: ByUid, query: Paging },
  responses: listResponses,
});

const ByFile = ByUid.extend({ filename: z.string().min(1).max(200) });

const diagnosticsFile = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-diagnostics-file/{filename}',
  tags: TAGS,
  summary: 'Downloads one diagnostics file of this station (blob)',
  request: { params: ByFile },
  responses: blobResponses,
});

const firmwareList = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-firmware-list',
  tags: TAGS,
  summary: "Firmware files of the station's operator company, newest first",
  request: { params: ByUid, query: Paging },
  responses: listResponses,
});

const uploadFirmware = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/firmware/{filename}',
  tags: TAGS,
  summary: `Uploads a firmware file (raw body, at most ${MAX_FIRMWARE_BYTES} bytes) for the station's operator company; same name replaces`,
  request: { params: ByFile },
  responses: uploadResponses,
});

/** UpdateFirmware's optional settings (OCPP 1.6 names); retrieveDate defaults to now. */
const UpgradeBody = z
  .object({
    retrieveDate: isoDate.optional(),
    retries: z.number().int().min(0).max(10).optional(),
    retryInterval: z.number().int().min(0).max(86_400).optional(),
  })
  .strict();

// POST, not the spec's GET: it makes the charge point install firmware (issue 24).
const upgrade = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/upgrade/{firmware}',
  tags: TAGS,
  summary: 'UpdateFirmware with a download link to the firmware file in R2; optional retrieveDate (default now)',
  request: {
    params: ByUid.extend({ firmware: z.string().min(1).max(200) }),
    body: jsonBody(UpgradeBody),
  },
  responses: commandResponses,
});

const Token = z.object({ token: z.string().min(20).max(100) });

const publicUploadResponses = {
  201: json(z.object({ filename: z.string(), size: z.number() })),
  400: json(ErrorSchema, 'Too large'),
  404: json(ErrorSchema, 'Unknown, expired or used link'),
};
const UPLOAD_SUMMARY =
  'Where a charge point uploads diagnostics or logs (PUT or POST, raw or multipart); single-use link';
const uploadByToken = defineRoute('public', {
  method: 'put',
  path: '/station-files/diagnostics/{token}',
  tags: TAGS,
  summary: UPLOAD_SUMMARY,
  request: { params: Token },
  responses: publicUploadResponses,
});
const uploadByTokenAndName = defineRoute('public', {
  method: 'put',
  path: '/station-files/diagnostics/{token}/{filename}',
  tags: TAGS,
  summary: UPLOAD_SUMMARY,
  request: { params: Token.extend({ filename: z.string().min(1).max(200) }) },
  responses: publicUploadResponses,
});

const firmwareDownload = defineRoute('public', {
  method: 'get',
  path: '/station-files/firmware/{token}/{filename}',
  tags: TAGS,
  summary: 'Where a charge point downloads the firmware named in UpdateFirmware',
  request: { params: Token.extend({ filename: z.string().min(1).max(200) }) },
  responses: {
    200: { description: 'The firmware', content: { 'application/octet-stream': { schema: z.any() } } },
    404: json(ErrorSchema, 'Unknown or expired link'),
  },
});

function fileJson(f: typeof stationFiles.$inferSelect): z.infer<typeof FileSchema> {
  return { filename: f.filename, size: f.size, content_type: f.contentType, created_at: f.createdAt.toISOString() };
}

async function progress(c: Context<AppEnv>, station: Station, kind: 'diagnostics' | 'firmware') {
  const p = await chargePointOf(c, station).commandProgress();
  const report = p[kind];
  return c.json(
    { status: report?.status ?? null, received_at: report?.receivedAt ?? null, connected: p.connected },
    200,
  );
}

async function listFiles(c: Context<AppEnv>, where: ReturnType<typeof and>, paging: { page: number; limit: number }) {
  const db = c.get('db');
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(stationFiles)
      .where(where)
      .orderBy(desc(stationFiles.createdAt), desc(stationFiles.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(stationFiles).where(where).get(),
  ]);
  return c.json({ data: rows.map(fileJson), total: total?.n ?? 0, page: paging.page, limit: paging.limit }, 200);
}

function blob(object: R2ObjectBody, filename: string, contentType: string | null) {
  return new Response(object.body, {
    status: 200,
    headers: {
      'content-type': contentType || 'application/octet-stream',
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** Stores a diagnostics upload addressed by its single-use link. */
async function receiveUpload(c: Context<AppEnv>, token: string, pathName: string | undefined) {
  const db = c.get('db');
  const claimed = await claimUploadToken(db, token);
  if (!claimed) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
  const bytes = await readLimited(c.req.raw, MAX_DIAGNOSTICS_BYTES);
  if (!bytes) {
    await releaseUploadToken(db, claimed.tokenHash);
    return apiError(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { params: { max: MAX_DIAGNOSTICS_BYTES } });
  }
  let body: Uint8Array<ArrayBuffer> = bytes;
  let name = pathName;
  let contentType = c.req.header('content-type') ?? null;
  if (contentType?.startsWith('multipart/form-data')) {
    const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (file) {
      body = new Uint8Array(await file.arrayBuffer());
      name ??= file.name;
      contentType = file.type || null;
    }
  }
  const station = await db.query.stations.findFirst({ where: (s, { eq }) => eq(s.id, claimed.stationId) });
  if (!station) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
  const filename = safeFilename(name, `diagnostics-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  const key = `diagnostics/${station.id}/${Date.now()}-${filename}`;
  await c.env.FILES.put(key, body, { httpMetadata: { contentType: contentType ?? 'application/octet-stream' } });
  await db.insert(stationFiles).values({
    kind: 'diagnostics',
    companyId: station.companyId,
    stationId: station.id,
    filename,
    r2Key: key,
    size: body.byteLength,
    contentType,
  });
  return c.json({ filename, size: body.byteLength }, 201);
}

export const fileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDiagnostics, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const db = c.get('db');
      const q = c.req.valid('json');
      const link = await issueToken(db, {
        kind: 'diagnostics-upload',
        stationId: station.id,
        ttlMs: UPLOAD_LINK_TTL_MS,
      });
      // Ends with '/': the charge point appends its own file name (OCPP 1.6 treats location as a directory).
      const location = `${publicOrigin(c)}/api/station-files/diagnostics/${link.token}/`;
      const payload = { location, ...q };
      const sent = await dispatchCommand(c, { station, connector: null }, 'GetDiagnostics', payload, {
        ...q,
        location: '(single-use upload link)',
      });
      if (sent.outcome.status !== 'accepted' && sent.outcome.status !== 'timeout')
        await revokeToken(db, link.tokenHash);
      return answerCommand(c, sent);
    }),
  )
  .openapi(diagnosticsStatus, (c) => onStation(c, c.req.valid('param').uid, (s) => progress(c, s, 'diagnostics')))
  .openapi(resetDiagnosticsStatus, (c) =>
    onStation(c, c.req.valid('param').uid, async (s) => {
      await chargePointOf(c, s).resetProgress('diagnostics');
      return progress(c, s, 'diagnostics');
    }),
  )
  .openapi(firmwareStatus, (c) => onStation(c, c.req.valid('param').uid, (s) => progress(c, s, 'firmware')))
  .openapi(resetFirmwareStatus, (c) =>
    onStation(c, c.req.valid('param').uid, async (s) => {
      await chargePointOf(c, s).resetProgress('firmware');
      return progress(c, s, 'firmware');
    }),
  )
  .openapi(diagnosticsList, (c) =>
    onStation(c, c.req.valid('param').uid, (s) =>
      listFiles(c, and(eq(stationFiles.kind, 'diagnostics'), eq(stationFiles.stationId, s.id)), c.req.valid('query')),
    ),
  )
  .openapi(diagnosticsFile, (c) => {
    const { uid, filename } = c.req.valid('param');
    return onStation(c, uid, async (s) => {
      const file = await c
        .get('db')
        .select()
        .from(stationFiles)
        .where(
          and(
            eq(stationFiles.kind, 'diagnostics'),
            eq(stationFiles.stationId, s.id),
            eq(stationFiles.filename, filename),
          ),
        )
        .orderBy(desc(stationFiles.id))
        .get();
      const object = file ? await c.env.FILES.get(file.r2Key) : null;
      if (!file || !object) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename } });
      return blob(object, file.filename, file.contentType);
    });
  })
  .openapi(firmwareList, (c) =>
    onStation(c, c.req.valid('param').uid, (s, scope) =>
      listFiles(
        c,
        and(eq(stationFiles.kind, 'firmware'), inArray(stationFiles.companyId, [s.companyId, ...scope])),
        c.req.valid('query'),
      ),
    ),
  )
  .openapi(uploadFirmware, (c) => {
    const { uid, filename: raw } = c.req.valid('param');
    return onStation(c, uid, async (s) => {
      const bytes = await readLimited(c.req.raw, MAX_FIRMWARE_BYTES);
      if (!bytes) return apiError(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { params: { max: MAX_FIRMWARE_BYTES } });
      if (bytes.byteLength === 0) {
        return apiError(c, 400, 'VALIDATION', 'validation', { field: '(body)' });
      }
      const db = c.get('db');
      const filename = safeFilename(raw, 'firmware.bin');
      const key = `firmware/${s.companyId}/${filename}`;
      const contentType = c.req.header('content-type') || 'application/octet-stream';
      await c.env.FILES.put(key, bytes, { httpMetadata: { contentType } });
      // Same name in the same company: the new upload replaces the old one (same row, same object key),
      // so download links already sent to charge points keep pointing at a row that exists.
      const values = {
        r2Key: key,
        size: bytes.byteLength,
        contentType,
        uploadedBy: authOf(c).user.id,
        createdAt: new Date(),
      };
      const existing = await db
        .select({ id: stationFiles.id })
        .from(stationFiles)
        .where(
          and(
            eq(stationFiles.kind, 'firmware'),
            eq(stationFiles.companyId, s.companyId),
            eq(stationFiles.filename, filename),
          ),
        )
        .get();
      const row = existing
        ? await db.update(stationFiles).set(values).where(eq(stationFiles.id, existing.id)).returning().get()
        : await db
            .insert(stationFiles)
            .values({ kind: 'firmware', companyId: s.companyId, stationId: null, filename, ...values })
            .returning()
            .get();
      if (!row) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename } });
      return c.json(fileJson(row), 201);
    });
  })
  .openapi(upgrade, (c) => {
    const { uid, firmware } = c.req.valid('param');
    return onStation(c, uid, async (s, scope) => {
      const db = c.get('db');
      const file = await db
        .select()
        .from(stationFiles)
        .where(
          and(
            eq(stationFiles.kind, 'firmware'),
            eq(stationFiles.filename, firmware),
            inArray(stationFiles.companyId, [s.companyId, ...scope]),
          ),
        )
        .orderBy(desc(stationFiles.id))
        .get();
      if (!file) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename: firmware } });
      const q = c.req.valid('json');
      const link = await issueToken(db, {
        kind: 'firmware-download',
        stationId: s.id,
        fileId: file.id,
        ttlMs: DOWNLOAD_LINK_TTL_MS,
      });
      const location = `${publicOrigin(c)}/api/station-files/firmware/${link.token}/${encodeURIComponent(file.filename)}`;
      const payload = { location, retrieveDate: q.retrieveDate ?? new Date().toISOString(), ...omitDate(q) };
      const sent = await dispatchCommand(c, { station: s, connector: null }, 'UpdateFirmware', payload, {
        ...payload,
        location: `(download link to ${file.filename})`,
      });
      if (sent.outcome.status !== 'accepted' && sent.outcome.status !== 'timeout')
        await revokeToken(db, link.tokenHash);
      return answerCommand(c, sent);
    });
  })
  .openapi(uploadByToken, (c) => receiveUpload(c, c.req.valid('param').token, undefined))
  .openapi(uploadByTokenAndName, (c) => {
    const { token, filename } = c.req.valid('param');
    return receiveUpload(c, token, filename);
  })
  .openapi(firmwareDownload, async (c) => {
    const { token } = c.req.valid('param');
    const db = c.get('db');
    const link = await downloadToken(db, token);
    const file = link?.fileId
      ? await db.select().from(stationFiles).where(eq(stationFiles.id, link.fileId)).get()
      : undefined;
    const object = file ? await c.env.FILES.get(file.r2Key) : null;
    if (!file || !object) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
    return blob(object, file.filename, file.contentType);
  });

/** POST is accepted too for uploads (many charge points POST multipart to an HTTP location). */
fileRoutes.post('/station-files/diagnostics/:token/:filename?', async (c) => {
  const parsed = Token.safeParse({ token: c.req.param('token') });
  if (!parsed.success) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
  const name = c.req.param('filename');
  return receiveUpload(c, parsed.data.token, name && name.length <= 200 ? name : undefined);
});

function omitDate(q: { retrieveDate?: string; retries?: number; retryInterval?: number }) {
  const { retrieveDate: _r, ...rest } = q;
  return rest;
}
