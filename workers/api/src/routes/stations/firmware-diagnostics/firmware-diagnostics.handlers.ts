/**
 * @module Diagnostics and firmware (spec 7.16): GetDiagnostics with an upload link into R2, the
 * uploaded files per station, UpdateFirmware from firmware files kept in R2, and the statuses the
 * charge point reports through its Diagnostics/FirmwareStatusNotification. The charge point's own
 * uploads and downloads by link are `routes/station-files/`.
 */

import type { AppEnv } from '@api/env';
import { answerCommand } from '@api/lib/charge-point-command';
import { apiError } from '@api/lib/errors';
import { chargePointOf, onStation, type Station } from '@api/lib/station-scope';
import {
  dispatchWithLink,
  fileResponse,
  issueTransferLink,
  publicOrigin,
  readLimited,
} from '@api/lib/station-transfers';
import { authOf } from '@api/middleware/permission';
import {
  DOWNLOAD_LINK_TTL_MS,
  diagnosticsUploadUrl,
  firmwareDownloadUrl,
  MAX_FIRMWARE_BYTES,
  safeFilename,
  UPLOAD_LINK_TTL_MS,
} from '@domain/stations/transfer-links';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  diagnosticsFile,
  diagnosticsList,
  diagnosticsStatus,
  firmwareList,
  firmwareStatus,
  getDiagnostics,
  resetDiagnosticsStatus,
  resetFirmwareStatus,
  upgrade,
  uploadFirmware,
} from './firmware-diagnostics.routes';
import { toFile } from './firmware-diagnostics.schemas';
import {
  diagnosticsFileOf,
  diagnosticsPage,
  firmwareFileFor,
  firmwarePage,
  saveFirmwareFile,
} from './firmware-diagnostics.store';

async function progress(c: Context<AppEnv>, station: Station, kind: 'diagnostics' | 'firmware') {
  const p = await chargePointOf(c, station).commandProgress();
  const report = p[kind];
  return c.json(
    { status: report?.status ?? null, received_at: report?.receivedAt ?? null, connected: p.connected },
    200,
  );
}

function page(
  c: Context<AppEnv>,
  { rows, total }: Awaited<ReturnType<typeof diagnosticsPage>>,
  paging: { page: number; limit: number },
) {
  return c.json({ data: rows.map(toFile), total, page: paging.page, limit: paging.limit }, 200);
}

export const firmwareDiagnosticsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDiagnostics, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const q = c.req.valid('json');
      const link = await issueTransferLink(c, {
        kind: 'diagnostics-upload',
        stationId: station.id,
        ttlMs: UPLOAD_LINK_TTL_MS,
      });
      const location = diagnosticsUploadUrl(publicOrigin(c), link.token);
      const sent = await dispatchWithLink(c, station, link, {
        action: 'GetDiagnostics',
        payload: { location, ...q },
        logged: { ...q, location: '(single-use upload link)' },
      });
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
    onStation(c, c.req.valid('param').uid, async (s) => {
      const paging = c.req.valid('query');
      return page(c, await diagnosticsPage(c.get('db'), s, paging), paging);
    }),
  )
  .openapi(diagnosticsFile, (c) => {
    const { uid, filename } = c.req.valid('param');
    return onStation(c, uid, async (s) => {
      const file = await diagnosticsFileOf(c.get('db'), s, filename);
      const object = file ? await c.env.FILES.get(file.r2Key) : null;
      if (!file || !object) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename } });
      return fileResponse(object, file.filename, file.contentType);
    });
  })
  .openapi(firmwareList, (c) =>
    onStation(c, c.req.valid('param').uid, async (s, scope) => {
      const paging = c.req.valid('query');
      return page(c, await firmwarePage(c.get('db'), s, scope, paging), paging);
    }),
  )
  .openapi(uploadFirmware, (c) => {
    const { uid, filename: raw } = c.req.valid('param');
    return onStation(c, uid, async (s) => {
      const bytes = await readLimited(c.req.raw, MAX_FIRMWARE_BYTES);
      if (!bytes) return apiError(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { params: { max: MAX_FIRMWARE_BYTES } });
      if (bytes.byteLength === 0) {
        return apiError(c, 400, 'VALIDATION', 'validation', { field: '(body)' });
      }
      const filename = safeFilename(raw, 'firmware.bin');
      const key = `firmware/${s.companyId}/${filename}`;
      const contentType = c.req.header('content-type') || 'application/octet-stream';
      await c.env.FILES.put(key, bytes, { httpMetadata: { contentType } });
      const row = await saveFirmwareFile(c.get('db'), s, {
        filename,
        r2Key: key,
        size: bytes.byteLength,
        contentType,
        uploadedBy: authOf(c).user.id,
      });
      if (!row) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename } });
      return c.json(toFile(row), 201);
    });
  })
  .openapi(upgrade, (c) => {
    const { uid, firmware } = c.req.valid('param');
    return onStation(c, uid, async (s, scope) => {
      const file = await firmwareFileFor(c.get('db'), s, scope, firmware);
      if (!file) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename: firmware } });
      const { retrieveDate, ...settings } = c.req.valid('json');
      const link = await issueTransferLink(c, {
        kind: 'firmware-download',
        stationId: s.id,
        fileId: file.id,
        ttlMs: DOWNLOAD_LINK_TTL_MS,
      });
      const location = firmwareDownloadUrl(publicOrigin(c), link.token, file.filename);
      const payload = { location, retrieveDate: retrieveDate ?? new Date().toISOString(), ...settings };
      const sent = await dispatchWithLink(c, s, link, {
        action: 'UpdateFirmware',
        payload,
        logged: { ...payload, location: `(download link to ${file.filename})` },
      });
      return answerCommand(c, sent);
    });
  });
