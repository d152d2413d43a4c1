/**
 * @module Route declarations of the links a charge point uses (it has no session: the token in the
 * path is its only credential). POST uploads are registered in the handlers, outside the document.
 */

import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ByTokenAndName, Token, Uploaded } from './station-files.schemas';

const TAGS = ['Station diagnostics and firmware'];

const publicUploadResponses = {
  201: json(Uploaded),
  400: json(ErrorSchema, 'Too large'),
  404: json(ErrorSchema, 'Unknown, expired or used link'),
};
const UPLOAD_SUMMARY =
  'Where a charge point uploads diagnostics or logs (PUT or POST, raw or multipart); single-use link';

export const uploadByToken = defineRoute('public', {
  method: 'put',
  path: '/station-files/diagnostics/{token}',
  tags: TAGS,
  summary: UPLOAD_SUMMARY,
  request: { params: Token },
  responses: publicUploadResponses,
});

export const uploadByTokenAndName = defineRoute('public', {
  method: 'put',
  path: '/station-files/diagnostics/{token}/{filename}',
  tags: TAGS,
  summary: UPLOAD_SUMMARY,
  request: { params: ByTokenAndName },
  responses: publicUploadResponses,
});

export const firmwareDownload = defineRoute('public', {
  method: 'get',
  path: '/station-files/firmware/{token}/{filename}',
  tags: TAGS,
  summary: 'Where a charge point downloads the firmware named in UpdateFirmware',
  request: { params: ByTokenAndName },
  responses: {
    200: { description: 'The firmware', content: { 'application/octet-stream': { schema: z.any() } } },
    404: json(ErrorSchema, 'Unknown or expired link'),
  },
});
