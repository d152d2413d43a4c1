/** @module Route declarations of the fleet user import (spec 7.8 users/import, users/import/uuid, the template). */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { XLSX_CONTENT_TYPE } from '@domain/export/xlsx';
import { z } from '@hono/zod-openapi';
import { ImportQuery, ImportReport, ImportResult, TemplateQuery } from './import.schemas';

const tags = ['Fleet users'];

const FILE_DOC =
  'The .xlsx or .xls file as multipart/form-data field `file`, or as the raw body. With Accept: application/x-ndjson the answer streams progress lines {type:"progress",phase,done,total} and ends with {type:"result",status,body}.';
const importResponses = {
  200: json(ImportResult, 'Every row valid: all applied (or, with dry_run, all would be)'),
  400: errorResponse('No file, not a spreadsheet, encrypted or pre-97 .xls, damaged, too large, too many rows'),
  403: errorResponse('No permission to manage users, or charging permission updates disabled'),
  409: errorResponse('An e-mail or card was taken while applying, or the selected company is closed: nothing applied'),
  422: json(ImportReport, 'Rows with errors (row, column, value, message): nothing applied'),
} as const;

export const importUsers = defineRoute('fleet:users:manage', {
  method: 'post',
  path: '/users/import',
  tags,
  summary: `Imports fleet users from an .xlsx or .xls file, all rows or none. ${FILE_DOC}`,
  request: { query: ImportQuery },
  responses: importResponses,
});

export const importUsersWithUuid = defineRoute('fleet:users:manage', {
  method: 'post',
  path: '/users/import/uuid',
  tags,
  summary: `Imports fleet users with their RFID UUID (a new card, or an unassigned card of the scope), all rows or none. ${FILE_DOC}`,
  request: { query: ImportQuery },
  responses: importResponses,
});

export const importTemplate = defineRoute('fleet:users:manage', {
  method: 'get',
  path: '/users/import/template',
  tags,
  summary: 'The import template (.xlsx): the header row of the standard or the uuid variant',
  request: { query: TemplateQuery },
  responses: { 200: { description: 'XLSX', content: { [XLSX_CONTENT_TYPE]: { schema: z.string() } } } },
});
