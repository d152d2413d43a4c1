/**
 * @module `/station-files`: where a charge point uploads its diagnostics (single-use link, PUT or
 * POST, raw or multipart) and downloads the firmware named in UpdateFirmware. The links are issued
 * by the station commands (`routes/stations/`); the token is the only credential.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { fileResponse, readLimited } from '@api/lib/station-transfers';
import { MAX_DIAGNOSTICS_BYTES, safeFilename, transferTokenHash } from '@domain/stations/transfer-links';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { firmwareDownload, uploadByToken, uploadByTokenAndName } from './station-files.routes';
import { Token } from './station-files.schemas';
import {
  claimUploadToken,
  firmwareOfToken,
  insertDiagnosticsFile,
  releaseUploadToken,
  stationOfToken,
} from './station-files.store';

/** The file in a multipart body (its bytes, name and type), or the raw body as it came. */
async function uploadedPart(bytes: Uint8Array<ArrayBuffer>, contentType: string | null, name: string | undefined) {
  if (!contentType?.startsWith('multipart/form-data')) return { body: bytes, name, contentType };
  const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  const file = [...form.values()].find((v): v is File => typeof v !== 'string');
  if (!file) return { body: bytes, name, contentType };
  return { body: new Uint8Array(await file.arrayBuffer()), name: name ?? file.name, contentType: file.type || null };
}

/** Stores a diagnostics upload addressed by its single-use link. */
async function receiveUpload(c: Context<AppEnv>, token: string, pathName: string | undefined) {
  const db = c.get('db');
  const claimed = await claimUploadToken(db, await transferTokenHash(token), new Date());
  if (!claimed) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
  const bytes = await readLimited(c.req.raw, MAX_DIAGNOSTICS_BYTES);
  if (!bytes) {
    await releaseUploadToken(db, claimed.tokenHash);
    return apiError(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { params: { max: MAX_DIAGNOSTICS_BYTES } });
  }
  const { body, name, contentType } = await uploadedPart(bytes, c.req.header('content-type') ?? null, pathName);
  const station = await stationOfToken(db, claimed);
  if (!station) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
  const filename = safeFilename(name, `diagnostics-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  const key = `diagnostics/${station.id}/${Date.now()}-${filename}`;
  await c.env.FILES.put(key, body, { httpMetadata: { contentType: contentType ?? 'application/octet-stream' } });
  await insertDiagnosticsFile(db, {
    companyId: station.companyId,
    stationId: station.id,
    filename,
    r2Key: key,
    size: body.byteLength,
    contentType,
  });
  return c.json({ filename, size: body.byteLength }, 201);
}

export const stationFileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(uploadByToken, (c) => receiveUpload(c, c.req.valid('param').token, undefined))
  .openapi(uploadByTokenAndName, (c) => {
    const { token, filename } = c.req.valid('param');
    return receiveUpload(c, token, filename);
  })
  .openapi(firmwareDownload, async (c) => {
    const { token } = c.req.valid('param');
    const file = await firmwareOfToken(c.get('db'), await transferTokenHash(token), new Date());
    const object = file ? await c.env.FILES.get(file.r2Key) : null;
    if (!file || !object) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
    return fileResponse(object, file.filename, file.contentType);
  });

/** POST is accepted too for uploads (many charge points POST multipart to an HTTP location). */
stationFileRoutes.post('/station-files/diagnostics/:token/:filename?', async (c) => {
  const parsed = Token.safeParse({ token: c.req.param('token') });
  if (!parsed.success) return apiError(c, 404, 'TRANSFER_LINK_INVALID', 'transferTokenInvalid');
  const name = c.req.param('filename');
  return receiveUpload(c, parsed.data.token, name && name.length <= 200 ? name : undefined);
});
