/**
 * @module Reimbursement documents (spec 001 §7.11, issue 19 part 3): uploads to R2 read as a capped
 * stream and typed by their content, the list, the review, the delete and the download. A manager
 * reaches the scope's documents; any other caller only their own (`Reach`).
 */

import { can, type Permission } from '@domain/permissions/permissions';
import {
  checkUpload,
  contentDisposition,
  documentFileName,
  documentKey,
  MAX_DOCUMENT_BYTES,
  mayDelete,
  mayReview,
  periodAllowed,
  sha256Hex,
} from '@domain/reimbursement/documents';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { callerAudit } from '../../lib/caller-audit';
import { apiError } from '../../lib/errors';
import { readLimited } from '../../lib/station-transfers';
import { validationFailed } from '../../lib/validation';
import { authOf } from '../../middleware/permission';
import { create, download, energyReading, list, remove, review } from './documents.routes';
import { toDocument, UploadFields } from './documents.schemas';
import {
  homeStationOf,
  insertDocument,
  listDocuments,
  type Reach,
  reachableDocument,
  reachableUser,
  reviewDocument,
  softDeleteDocument,
} from './documents.store';

type Ctx = Context<AppEnv>;

/** Room for the multipart envelope and the small fields around a file at the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_MB = MAX_DOCUMENT_BYTES / (1024 * 1024);

/** A manager (holding `permission`) reaches the scope; anyone else only their own rows. */
function reachOf(c: Ctx, permission: Permission): Reach {
  const auth = authOf(c);
  return { scope: auth.scope, ownUserId: can(auth.access, permission) ? null : auth.user.id };
}

const tooLarge = (c: Ctx) =>
  apiError(c, 413, 'DOCUMENT_TOO_LARGE', 'documentTooLarge', { field: 'file', params: { max: MAX_MB } });

/** The multipart form, read with a cap; a string answer is the refusal. */
async function readForm(c: Ctx): Promise<FormData | 'too_large' | 'malformed'> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return 'malformed';
  const bytes = await readLimited(c.req.raw, MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD);
  if (!bytes) return 'too_large';
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    return 'malformed';
  }
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

async function upload(c: Ctx, userId: number) {
  const db = c.get('db');
  const user = await reachableUser(db, reachOf(c, 'fleet:home-reimbursement:manage'), userId);
  if (!user) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
  const form = await readForm(c);
  if (form === 'too_large') return tooLarge(c);
  if (form === 'malformed') return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'file' });
  const file = form.get('file');
  if (!file || typeof file === 'string') return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'file' });
  const parsed = UploadFields.safeParse({
    type: field(form, 'type'),
    period: field(form, 'period'),
    meterWh: field(form, 'meterWh'),
    homeStationId: field(form, 'homeStationId'),
  });
  if (!parsed.success) return validationFailed(c, parsed.error);
  const { type, period, meterWh, homeStationId } = parsed.data;
  const now = new Date();
  if (type === 'meter_reading') {
    if (!period || !periodAllowed(period, now, user.timeZone))
      return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'period' });
    if (meterWh === undefined) return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'meterWh' });
  }
  if (homeStationId !== undefined && !(await homeStationOf(db, user.id, homeStationId)))
    return apiError(c, 404, 'HOME_STATION_NOT_FOUND', 'homeStationNotFound', { field: 'homeStationId' });

  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkUpload(type, bytes.subarray(0, 16), bytes.byteLength);
  if (!checked.ok) {
    if (checked.reason === 'too_large') return tooLarge(c);
    if (checked.reason === 'empty') return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'file' });
    return apiError(c, 400, 'DOCUMENT_TYPE_REFUSED', 'documentTypeRefused', { field: 'file' });
  }
  const key = documentKey(user.companyId, user.id, crypto.randomUUID());
  const fileName = documentFileName(file.name, checked.contentType, type === 'power_contract' ? 'contract' : 'reading');
  await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: checked.contentType } });
  const caller = authOf(c).user.id;
  try {
    const row = await insertDocument(
      db,
      {
        companyId: user.companyId,
        userId: user.id,
        homeStationId: homeStationId ?? null,
        type,
        fileName,
        contentType: checked.contentType,
        size: bytes.byteLength,
        r2Key: key,
        sha256: await sha256Hex(bytes),
        period: type === 'meter_reading' ? (period ?? null) : null,
        meterWh: type === 'meter_reading' ? (meterWh ?? null) : null,
        uploadedBy: caller,
      },
      callerAudit(c, {
        action: 'reimbursement_document.create',
        entity: 'user',
        entityId: user.id,
        detail: { type, fileName, size: bytes.byteLength, period: period ?? null },
      }),
    );
    const found = row ? await reachableDocument(db, { scope: [user.companyId], ownUserId: null }, row.id) : undefined;
    if (!found) throw new Error('the stored document could not be read back');
    return c.json(toDocument(found.doc, found.user, found.reviewer), 201);
  } catch (err) {
    // No row points at the object: remove it rather than leave an orphan in the bucket.
    await c.env.FILES.delete(key);
    throw err;
  }
}

/** The stored file as an attachment, or `downloadFailed` when the bucket has no object for it. */
async function sendFile(c: Ctx, documentId: number, onlyType?: 'meter_reading') {
  const found = await reachableDocument(c.get('db'), reachOf(c, 'fleet:home-reimbursement'), documentId);
  if (!found || (onlyType && found.doc.type !== onlyType))
    return apiError(c, 404, 'DOCUMENT_NOT_FOUND', 'documentNotFound');
  const object = await c.env.FILES.get(found.doc.r2Key);
  if (!object) return apiError(c, 404, 'DOWNLOAD_FAILED', 'downloadFailed');
  return new Response(object.body, {
    status: 200,
    headers: {
      'content-type': found.doc.contentType,
      'content-length': String(object.size),
      'content-disposition': contentDisposition(found.doc.fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const documentRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('query');
    const { rows, total } = await listDocuments(c.get('db'), reachOf(c, 'fleet:home-reimbursement'), filters);
    return c.json(
      {
        data: rows.map((r) => toDocument(r.doc, r.user, r.reviewer)),
        total,
        page: filters.page,
        items_per_page: filters.items_per_page,
      },
      200,
    );
  })
  .openapi(create, (c) => upload(c, c.req.valid('param').userId))
  .openapi(review, async (c) => {
    const { userId, documentId, type } = c.req.valid('param');
    const { approved } = c.req.valid('json');
    const db = c.get('db');
    const found = await reachableDocument(db, reachOf(c, 'fleet:home-reimbursement:manage'), documentId);
    if (!found || found.doc.userId !== userId || found.doc.type !== type)
      return apiError(c, 404, 'DOCUMENT_NOT_FOUND', 'documentNotFound');
    if (!mayReview(found.doc)) return apiError(c, 409, 'DOCUMENT_UPDATE_FAILED', 'documentUpdateFailed');
    const reviewer = authOf(c).user;
    const done = await reviewDocument(
      db,
      documentId,
      { approved, reviewedBy: reviewer.id, reviewedAt: new Date() },
      callerAudit(c, {
        action: approved ? 'reimbursement_document.approve' : 'reimbursement_document.invalidate',
        entity: 'reimbursement_document',
        entityId: documentId,
        detail: { userId, type, before: found.doc.approved, approved },
      }),
    );
    const after = done
      ? await reachableDocument(db, { scope: [found.doc.companyId], ownUserId: null }, documentId)
      : undefined;
    if (!after) return apiError(c, 409, 'DOCUMENT_UPDATE_FAILED', 'documentUpdateFailed');
    return c.json(toDocument(after.doc, after.user, after.reviewer), 200);
  })
  .openapi(remove, async (c) => {
    const { userId, documentId, type } = c.req.valid('param');
    const db = c.get('db');
    const auth = authOf(c);
    const manager = can(auth.access, 'fleet:home-reimbursement:manage');
    // A viewer sees the scope's documents, so one they may not delete is refused, not hidden.
    const found = await reachableDocument(db, reachOf(c, 'fleet:home-reimbursement'), documentId);
    if (!found || found.doc.userId !== userId || found.doc.type !== type)
      return apiError(c, 404, 'DOCUMENT_NOT_FOUND', 'documentNotFound');
    if (!manager && found.doc.userId !== auth.user.id) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    if (!mayDelete({ role: manager ? 'manager' : 'employee', userId: auth.user.id }, found.doc))
      return apiError(c, 409, 'DOCUMENT_DELETE_FAILED', 'documentDeleteFailed');
    const deleted = await softDeleteDocument(
      db,
      documentId,
      !manager,
      new Date(),
      callerAudit(c, {
        action: 'reimbursement_document.delete',
        entity: 'reimbursement_document',
        entityId: documentId,
        detail: { userId, type, fileName: found.doc.fileName, approved: found.doc.approved },
      }),
    );
    if (!deleted) return apiError(c, 409, 'DOCUMENT_DELETE_FAILED', 'documentDeleteFailed');
    await c.env.FILES.delete(found.doc.r2Key);
    return c.json({ id: documentId, deleted: true as const }, 200);
  })
  .openapi(download, (c) => sendFile(c, c.req.valid('param').documentId))
  .openapi(energyReading, (c) => sendFile(c, c.req.valid('param').documentId, 'meter_reading'));
