/**
 * @module Fleet user import (spec 7.8 `users/import`, `users/import/uuid`; ADR 022, 035): an .xlsx or
 * .xls file is read with the product's own safe readers, every row is checked with the wizard's rules, and the
 * file is applied whole in one D1 batch (a transaction) or not at all. The answer is JSON, or with
 * `Accept: application/x-ndjson` a stream of progress lines ending with the same result, which the
 * import page shows as it comes. Public charging permission is never imported (spec section 5).
 */

import type { AppEnv } from '@api/env';
import {
  answerImport,
  applyChecked,
  type ImportOutcome,
  type ImportProgress,
  importFailure,
  invalidRows,
} from '@api/lib/import-answer';
import { requestLanguage } from '@api/lib/language';
import { callerScope } from '@api/lib/scope';
import { clientIp } from '@api/lib/session-cookie';
import { uploadedFile } from '@api/lib/uploaded-file';
import { authOf } from '@api/middleware/permission';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export/xlsx';
import { matchCards, resolveCorporateGroups } from '@domain/fleet/import-links';
import { readFailure, readSpreadsheet } from '@domain/import/spreadsheet';
import {
  duplicateIssues,
  type ImportedRow,
  type ImportVariant,
  importColumns,
  MAX_IMPORT_ROWS,
  mapHeader,
  parseRow,
  type RowIssue,
} from '@domain/import/users-import';
import { DEFAULT_LIMITS, SpreadsheetError } from '@domain/import/xlsx-reader';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { generateCode } from '../../keyfobs/keyfobs.store';
import { permissionUpdatesDisabled } from '../account/account.checks';
import { limitUnitOf } from '../users.store';
import { importTemplate, importUsers, importUsersWithUuid } from './import.routes';
import {
  applyUserImport,
  cardsByUuid,
  corporateGroupsOf,
  type ImportRowValues,
  mandatoryLicensePlate,
  takenEmails,
} from './import.store';

type Ctx = Context<AppEnv>;

/** The file itself, after multipart framing: just under the API's body limit (MAX_BODY_BYTES, 1 MiB). */
const MAX_IMPORT_FILE_BYTES = 1024 * 1024 - 16 * 1024;
/** Rows checked against the database per query, and per progress line. */
const CHUNK = 250;

interface Plan {
  rows: ImportedRow[];
  groupIds: Map<string, number>;
  /** UUID → id of an existing unassigned active card of the scope to hand over. */
  existingCards: Map<string, number>;
}

/** The rows of a readable file with their own issues (a row without errors is kept). */
async function readRows(c: Ctx, variant: ImportVariant, bytes: Uint8Array, progress: ImportProgress) {
  await progress('read', 0, 1);
  let sheet: ReturnType<typeof readSpreadsheet>;
  try {
    sheet = readSpreadsheet(bytes, { ...DEFAULT_LIMITS, maxRows: MAX_IMPORT_ROWS + 1 });
  } catch (err) {
    if (!(err instanceof SpreadsheetError)) throw err;
    const [code, key, params] = readFailure(err, MAX_IMPORT_ROWS, 'importNotSpreadsheet');
    return importFailure(c, 400, code, key, params);
  }
  await progress('read', 1, 1);
  const header = mapHeader(sheet[0], variant);
  const data = sheet.slice(1);
  if (header.issues.length === 0 && data.length === 0) return importFailure(c, 400, 'EMPTY_FILE', 'importEmpty');
  const issues: RowIssue[] = [...header.issues];
  const rows: ImportedRow[] = [];
  if (header.issues.length > 0) return { rows, issues, headerOk: false };
  const db = c.get('db');
  const { access, company } = authOf(c);
  const ctx = {
    variant,
    mandatoryLicensePlate: await mandatoryLicensePlate(db, company.id),
    limitUnit: await limitUnitOf(db, company.id),
  };
  const mayLimit = can(access, 'fleet:limits');
  for (const r of data) {
    const parsed = parseRow(r, header, ctx);
    issues.push(...parsed.issues);
    if (!parsed.row) continue;
    if (parsed.row.hasLimits && !mayLimit) {
      issues.push({ row: r.row, column: 'daily_limit', value: '', message: 'forbidden' });
      continue;
    }
    rows.push(parsed.row);
  }
  issues.push(...duplicateIssues(rows));
  return { rows, issues, headerOk: true };
}

/** Reads and checks the whole file: an Outcome when it cannot be applied, else the plan. */
async function validate(
  c: Ctx,
  variant: ImportVariant,
  bytes: Uint8Array,
  progress: ImportProgress,
): Promise<ImportOutcome | Plan> {
  if (bytes.length > MAX_IMPORT_FILE_BYTES) {
    return importFailure(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { max: MAX_IMPORT_FILE_BYTES });
  }
  const read = await readRows(c, variant, bytes, progress);
  if ('status' in read) return read;
  const { rows, issues } = read;
  let groupIds = new Map<string, number>();
  const existingCards = new Map<string, number>();
  // A header in error stops the checks (no row was read); rows in error still get the database checks.
  if (read.headerOk) {
    const db = c.get('db');
    const scope = await callerScope(c);
    const groups = resolveCorporateGroups(rows, await corporateGroupsOf(db, scope));
    groupIds = groups.groupIds;
    issues.push(...groups.issues);
    // Against the database, a chunk at a time: e-mails are unique platform-wide (the login), UUIDs too (the idTag).
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const taken = await takenEmails(
        db,
        chunk.map((r) => r.email),
      );
      for (const r of chunk) {
        if (taken.has(r.email)) issues.push({ row: r.row, column: 'email', value: r.email, message: 'emailTaken' });
      }
      if (variant === 'uuid') {
        const cards = await cardsByUuid(
          db,
          chunk.map((r) => r.rfidUuid),
        );
        const matched = matchCards(chunk, cards, scope);
        for (const [uuid, id] of matched.existingCards) existingCards.set(uuid, id);
        issues.push(...matched.issues);
      }
      await progress('validate', Math.min(i + CHUNK, rows.length), rows.length);
    }
  }
  if (issues.length > 0) return invalidRows(requestLanguage(c), issues);
  if (await permissionUpdatesDisabled(c)) {
    return importFailure(c, 403, 'PERMISSION_UPDATES_DISABLED', 'permissionUpdatesDisabled');
  }
  return { rows, groupIds, existingCards };
}

/** The rows as the apply statements read them; new cards get the code of the file or a generated one. */
function rowValues(plan: Plan): ImportRowValues[] {
  return plan.rows.map((r) => {
    const newCard = Boolean(r.rfidUuid && !plan.existingCards.has(r.rfidUuid));
    return {
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      telephone: r.telephone,
      group: plan.groupIds.get(r.corporateGroup),
      plate: r.licensePlate,
      employee: r.employeeNumber,
      cost: r.costCenter,
      work: r.canChargeWork ? 1 : 0,
      home: r.canChargeHome ? 1 : 0,
      only_private: r.onlyPrivate ? 1 : 0,
      rfid_only: r.chargeOnlyWithRfid ? 1 : 0,
      daily: r.limits.daily,
      weekly: r.limits.weekly,
      monthly: r.limits.monthly,
      limits: r.hasLimits ? 1 : 0,
      uuid: r.rfidUuid,
      code: newCard ? (r.rfidCode ?? generateCode()) : null,
      card_id: r.rfidUuid ? (plan.existingCards.get(r.rfidUuid) ?? null) : null,
    };
  });
}

async function runImport(c: Ctx, variant: ImportVariant, progress: ImportProgress): Promise<ImportOutcome> {
  const started = Date.now();
  const dryRun = c.req.query('dry_run') === 'true';
  // The users go to the selected company: a closed one takes none (ADR 050).
  if (authOf(c).company.isClosed) return importFailure(c, 409, 'COMPANY_CLOSED', 'companyClosed');
  const bytes = await uploadedFile(c);
  if (!bytes) return importFailure(c, 400, 'NO_FILE', 'importNoFile');
  const plan = await validate(c, variant, bytes, progress);
  if ('status' in plan) return plan;
  const rfidsCreated = plan.rows.filter((r) => r.rfidUuid && !plan.existingCards.has(r.rfidUuid)).length;
  if (!dryRun) {
    const { user, company } = authOf(c);
    const unit = await limitUnitOf(c.get('db'), company.id);
    const applied = await applyChecked(progress, plan.rows.length, () =>
      applyUserImport(c.env.DB, rowValues(plan), {
        variant,
        unit,
        companyId: company.id,
        actorUserId: user.id,
        ip: clientIp(c) ?? null,
        summary: { variant, rows: plan.rows.length, rfidsCreated, rfidsAssigned: plan.existingCards.size },
      }),
    );
    if (!applied) return importFailure(c, 409, 'IMPORT_CONFLICT', 'importConflict');
  }
  return {
    status: 200,
    body: {
      variant,
      dry_run: dryRun,
      rows: plan.rows.length,
      created: dryRun ? 0 : plan.rows.length,
      rfids_created: dryRun ? 0 : rfidsCreated,
      rfids_assigned: dryRun ? 0 : plan.existingCards.size,
      ms: Date.now() - started,
    },
  };
}

export const userImportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(importTemplate, (c) => {
    const variant = c.req.valid('query').variant ?? 'standard';
    const columns = importColumns(variant).map((col) => ({ header: col.key, width: Math.max(14, col.key.length + 4) }));
    return c.body(xlsxStream(columns, [], { sheetName: 'Users' }), 200, {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="fleet-users-import${variant === 'uuid' ? '-uuid' : ''}.xlsx"`,
    });
  })
  // The handlers answer JSON or a progress stream (answerImport), which the typed routes cannot express.
  .openapi(importUsers, ((c: Ctx) => answerImport(c, 'user import', (p) => runImport(c, 'standard', p))) as never)
  .openapi(importUsersWithUuid, ((c: Ctx) => answerImport(c, 'user import', (p) => runImport(c, 'uuid', p))) as never);
