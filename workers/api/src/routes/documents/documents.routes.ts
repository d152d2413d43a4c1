/**
 * @module Route declarations of the reimbursement documents (spec 001 §7.11, issue 19 part 3). Upload,
 * list, download and delete are open to every employee of a company with home reimbursement
 * (`personal:home-reimbursement`), and each handler narrows: an employee reaches only their own
 * documents, a manager (`fleet:home-reimbursement` to read, `:manage` to change) the scope's. Approving
 * is a manager's alone.
 */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  DocumentPage,
  DocumentParams,
  DocumentSchema,
  ListQuery,
  ReviewBody,
  ReviewParams,
  UserParams,
} from './documents.schemas';

const tags = ['Reimbursement documents'];
const EMPLOYEE_OR_MANAGER = 'personal:home-reimbursement';
const notFound = error(
  "The document doesn't exist, is another employee's (for an employee), or belongs to a company outside the scope",
);
const userNotFound = error("The user doesn't exist or is outside the caller's reach (an employee: themself only)");
const fileAnswer = {
  description: 'The file, with its detected content type, as an attachment',
  content: {
    'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
    'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
    'image/png': { schema: z.string().openapi({ format: 'binary' }) },
  },
};

export const list = defineRoute(EMPLOYEE_OR_MANAGER, {
  method: 'get',
  path: '/documents',
  tags,
  summary:
    'Documents of the scope (a manager) or the caller’s own (an employee), by file name, user name or e-mail, type, review state, user and upload day; page is 0-based',
  request: { query: ListQuery },
  responses: { 200: json(DocumentPage) },
});

export const create = defineRoute(EMPLOYEE_OR_MANAGER, {
  method: 'post',
  path: '/documents/{userId}/create',
  tags,
  summary:
    'Upload a document for a user (the caller themself, or a user of the scope for a manager). multipart/form-data: file, type (power_contract | meter_reading), for a meter reading period (YYYY-MM, not in the future) and meterWh (the index in Wh), optional homeStationId (that user’s). The type is read from the content: a power contract must be a PDF, a meter reading a JPEG, PNG or PDF; at most 10 MB',
  request: { params: UserParams },
  responses: {
    201: json(DocumentSchema, 'Stored'),
    404: userNotFound,
    413: error('The file is larger than 10 MB'),
  },
});

export const review = defineRoute('fleet:home-reimbursement:manage', {
  method: 'put',
  path: '/documents/{userId}/approve/{documentId}/{type}',
  tags,
  summary:
    'Approve (true) or invalidate (false) a power contract or a meter reading; who and when are kept and audited',
  request: { params: ReviewParams, body: jsonBody(ReviewBody) },
  responses: { 200: json(DocumentSchema), 404: notFound, 409: error('Document update has failed') },
});

export const remove = defineRoute(EMPLOYEE_OR_MANAGER, {
  method: 'delete',
  path: '/documents/{userId}/delete/{documentId}/{type}',
  tags,
  summary:
    'Delete a document (its file too): a manager any of the scope, an employee only their own not yet approved; a statement never',
  request: { params: ReviewParams },
  responses: {
    200: json(z.object({ id: z.number(), deleted: z.literal(true) })),
    404: notFound,
    409: error('Delete document failed'),
  },
});

export const download = defineRoute(EMPLOYEE_OR_MANAGER, {
  method: 'get',
  path: '/documents/{documentId}/download',
  tags,
  summary: 'The document’s file (a manager: of the scope; an employee: their own)',
  request: { params: DocumentParams },
  responses: { 200: fileAnswer, 404: notFound },
});

export const energyReading = defineRoute(EMPLOYEE_OR_MANAGER, {
  method: 'get',
  path: '/energy-reading/{documentId}',
  tags,
  summary: 'A meter reading’s file (the spec’s name for the download of a meter reading)',
  request: { params: DocumentParams },
  responses: { 200: fileAnswer, 404: notFound },
});
