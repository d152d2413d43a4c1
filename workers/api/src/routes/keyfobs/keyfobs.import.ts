/**
 * @module Key hanger import (issue 24 section 4): cards from an .xlsx, .xls or .csv file, read with the
 * imports' own safe readers (ADR 022, 035). Every row is checked with the key hanger rules, UUIDs
 * against every company (they are idTags) and users against the scope; the file is applied whole in
 * one D1 batch (a transaction) or not at all, with per-row errors otherwise.
 */

import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export/xlsx';
import {
  duplicateKeyfobIssues,
  type ImportedKeyfob,
  KEYFOB_IMPORT_COLUMNS,
  MAX_KEYFOB_IMPORT_ROWS,
  mapKeyfobHeader,
  parseKeyfobRow,
} from '@domain/import/keyfobs-import';
import { readFailure, readWorkbookOrCsv } from '@domain/import/spreadsheet';
import type { RowIssue } from '@domain/import/users-import';
import { DEFAULT_LIMITS, SpreadsheetError } from '@domain/import/xlsx-reader';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import {
  answerImport,
  applyChecked,
  type ImportOutcome,
  type ImportProgress,
  importFailure,
  invalidRows,
} from '../../lib/import-answer';
import { requestLanguage } from '../../lib/language';
import { defineRoute, ErrorSchema, errorResponse, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { uploadedFile } from '../../lib/uploaded-file';
import { authOf } from '../../middleware/permission';
import { applyImport, scopedUsersByEmail, takenUuids } from './keyfobs.import.store';
import { generateCode } from './keyfobs.store';

type Ctx = Context<AppEnv>;

/** The file itself, after multipart framing: just under the API's body limit (1 MiB). */
export const MAX_KEYFOB_IMPORT_BYTES = 1024 * 1024 - 16 * 1024;
/** Rows checked against the database per query, and per progress line. */
const CHUNK = 250;

const tags = ['Key hangers'];
const Issue = z.object({ row: z.number().int(), column: z.string(), value: z.string(), message: z.string() });
const ImportResult = z
  .object({ dry_run: z.boolean(), rows: z.number().int(), created: z.number().int(), assigned: z.number().int() })
  .openapi('KeyfobImportResult');
const ImportReport = ErrorSchema.extend({ errors: z.array(Issue) }).openapi('KeyfobImportErrors');

export const importKeyfobs = defineRoute('fleet:key-hangers', {
  method: 'post',
  path: '/keyfob/import',
  tags,
  summary: `Imports key hangers from an .xlsx, .xls or .csv file (columns ${KEYFOB_IMPORT_COLUMNS.map((c) => c.key).join(', ')}; at most ${MAX_KEYFOB_IMPORT_ROWS} rows), all rows or none. Multipart field \`file\` or the raw body; \`dry_run=true\` only checks. With Accept: application/x-ndjson: progress lines, then {type:"result",status,body}.`,
  request: { query: z.object({ dry_run: z.enum(['true', 'false']).optional() }) },
  responses: {
    200: json(ImportResult, 'Every row valid: all created (or, with dry_run, all would be)'),
    400: errorResponse('No file, not .xlsx, .xls or .csv, encrypted or pre-97 .xls, damaged, too large, no rows'),
    409: errorResponse('A UUID was taken while importing: nothing created'),
    422: json(ImportReport, 'Rows with errors (row, column, value, message): nothing created'),
  },
});

export const keyfobImportTemplate = defineRoute('fleet:key-hangers', {
  method: 'get',
  path: '/keyfob/import/template',
  tags,
  summary: 'The import template (.xlsx): its header row',
  responses: { 200: { description: 'XLSX', content: { [XLSX_CONTENT_TYPE]: { schema: z.string() } } } },
});

interface Plan {
  rows: ImportedKeyfob[];
  /** Lower-case e-mail → id of the active user of the scope. */
  users: Map<string, number>;
}

async function validate(c: Ctx, bytes: Uint8Array, progress: ImportProgress): Promise<ImportOutcome | Plan> {
  if (bytes.length > MAX_KEYFOB_IMPORT_BYTES) {
    return importFailure(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { max: MAX_KEYFOB_IMPORT_BYTES });
  }
  await progress('read', 0, 1);
  let sheet: ReturnType<typeof readWorkbookOrCsv>;
  try {
    sheet = readWorkbookOrCsv(bytes, { ...DEFAULT_LIMITS, maxRows: MAX_KEYFOB_IMPORT_ROWS + 1 });
  } catch (err) {
    if (!(err instanceof SpreadsheetError)) throw err;
    const [code, key, params] = readFailure(err, MAX_KEYFOB_IMPORT_ROWS, 'stationImportFileType');
    return importFailure(c, 400, code, key, params);
  }
  await progress('read', 1, 1);
  const header = mapKeyfobHeader(sheet[0]);
  const data = sheet.slice(1);
  if (header.issues.length === 0 && data.length === 0) return importFailure(c, 400, 'EMPTY_FILE', 'keyfobImportEmpty');

  const issues: RowIssue[] = [...header.issues];
  const rows: ImportedKeyfob[] = [];
  const users = new Map<string, number>();
  if (header.issues.length === 0) {
    for (const r of data) {
      const parsed = parseKeyfobRow(r, header);
      issues.push(...parsed.issues);
      if (parsed.row) rows.push(parsed.row);
    }
    issues.push(...duplicateKeyfobIssues(rows));
    const db = c.get('db');
    const scope = await callerScope(c);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const taken = await takenUuids(
        db,
        chunk.map((r) => r.uuid),
      );
      const emails = [...new Set(chunk.flatMap((r) => (r.userEmail ? [r.userEmail] : [])))];
      for (const u of await scopedUsersByEmail(db, scope, emails)) users.set(u.email.toLowerCase(), u.id);
      for (const r of chunk) {
        if (taken.has(r.uuid)) issues.push({ row: r.row, column: 'uuid', value: r.uuid, message: 'rfidUuidExists' });
        if (r.userEmail && !users.has(r.userEmail))
          issues.push({ row: r.row, column: 'user_email', value: r.userEmail, message: 'userNotFound' });
      }
      await progress('validate', Math.min(i + CHUNK, rows.length), rows.length);
    }
  }
  if (issues.length === 0) return { rows, users };
  return invalidRows(requestLanguage(c), issues);
}

async function runImport(c: Ctx, progress: ImportProgress): Promise<ImportOutcome> {
  const dryRun = c.req.query('dry_run') === 'true';
  const bytes = await uploadedFile(c);
  if (!bytes) return importFailure(c, 400, 'NO_FILE', 'importNoFile');
  const plan = await validate(c, bytes, progress);
  if ('status' in plan) return plan;
  const assigned = plan.rows.filter((r) => r.userEmail).length;
  if (!dryRun) {
    const { user, company } = authOf(c);
    const applied = await applyChecked(progress, plan.rows.length, () =>
      applyImport(
        c.env.DB,
        plan.rows.map((r) => ({
          uuid: r.uuid,
          code: r.code ?? generateCode(),
          type: r.type,
          parent_id_tag: r.parentIdTag,
          expires_at: r.expiresAt?.getTime() ?? null,
          user_id: r.userEmail ? (plan.users.get(r.userEmail) ?? null) : null,
        })),
        { companyId: company.id, actorUserId: user.id, ip: clientIp(c) ?? null },
      ),
    );
    if (!applied) return importFailure(c, 409, 'IMPORT_CONFLICT', 'importConflict');
  }
  return {
    status: 200,
    body: {
      dry_run: dryRun,
      rows: plan.rows.length,
      created: dryRun ? 0 : plan.rows.length,
      assigned: dryRun ? 0 : assigned,
    },
  };
}

export const keyfobImportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(keyfobImportTemplate, (c) => {
    const columns = KEYFOB_IMPORT_COLUMNS.map((col) => ({ header: col.key, width: Math.max(14, col.key.length + 4) }));
    return c.body(xlsxStream(columns, [], { sheetName: 'Key hangers' }), 200, {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': 'attachment; filename="key-hangers-import.xlsx"',
    });
  })
  // The handler answers JSON or a progress stream (answerImport), which the typed route cannot express.
  .openapi(importKeyfobs, ((c: Ctx) => answerImport(c, 'key hanger import', (p) => runImport(c, p))) as never);
