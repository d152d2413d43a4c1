/** @module Shapes of the reimbursement documents API (spec 001 §7.11, issue 19 part 3): snake_case, as the spec's query names. */

import { DOCUMENT_TYPES, type reimbursementDocuments, type users } from '@db/schema';
import { UPLOAD_TYPES } from '@domain/reimbursement/documents';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .openapi({ param: { name, in: 'path' }, example: 12 });

export const UserParams = z.object({ userId: id('userId') });
export const DocumentParams = z.object({ documentId: id('documentId') });
/** `{type}` names the document's kind; a different one reads as a missing document. */
export const ReviewParams = z.object({
  userId: id('userId'),
  documentId: id('documentId'),
  type: z.enum(DOCUMENT_TYPES).openapi({ param: { name: 'type', in: 'path' }, example: 'power_contract' }),
});

/** The multipart fields besides `file` (read by the handler: the body is streamed with a cap, not parsed up front). */
export const UploadFields = z.strictObject({
  type: z.enum(UPLOAD_TYPES),
  /** A meter reading's month, YYYY-MM. */
  period: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  /** A meter reading's index in Wh. */
  meterWh: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  homeStationId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .optional(),
});

const date = z.iso.date();

export const ListQuery = z.object({
  /** The file name, or the user's name or e-mail. */
  search_string: z.string().trim().max(100).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  /** true approved, false invalidated, pending not reviewed yet. */
  is_approved: z.enum(['true', 'false', 'pending']).optional(),
  user_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .optional(),
  /** Uploaded on or after this day (UTC). */
  start_date: date.optional(),
  /** Uploaded on or before this day (UTC). */
  end_date: date.optional(),
  ...pageQueryFields(25),
});

export const ReviewBody = z.strictObject({ approved: z.boolean() });

const UserRef = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const DocumentSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    user_id: z.number(),
    user: UserRef,
    home_station_id: z.number().nullable(),
    type: z.enum(DOCUMENT_TYPES),
    file_name: z.string(),
    content_type: z.string(),
    size: z.number(),
    sha256: z.string().nullable(),
    period: z.string().nullable(),
    meter_wh: z.number().nullable(),
    /** null: not reviewed yet; true approved; false invalidated. */
    approved: z.boolean().nullable(),
    reviewed_by: UserRef.nullable(),
    reviewed_at: z.string().nullable(),
    uploaded_by: z.number().nullable(),
    created_at: z.string(),
  })
  .openapi('ReimbursementDocument');

export const DocumentPage = pageOf(DocumentSchema).openapi('ReimbursementDocumentPage');

type Doc = typeof reimbursementDocuments.$inferSelect;
type User = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'>;

const userRef = (u: User) => ({ id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName });

export function toDocument(d: Doc, user: User, reviewer: User | null): z.infer<typeof DocumentSchema> {
  return {
    id: d.id,
    company_id: d.companyId,
    user_id: d.userId,
    user: userRef(user),
    home_station_id: d.homeStationId,
    type: d.type,
    file_name: d.fileName,
    content_type: d.contentType,
    size: d.size,
    sha256: d.sha256,
    period: d.period,
    meter_wh: d.meterWh,
    approved: d.approved,
    reviewed_by: reviewer ? userRef(reviewer) : null,
    reviewed_at: d.reviewedAt?.toISOString() ?? null,
    uploaded_by: d.uploadedBy,
    created_at: d.createdAt.toISOString(),
  };
}
