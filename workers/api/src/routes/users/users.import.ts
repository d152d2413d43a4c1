/**
 * @module Fleet user import (spec 7.8 `users/import`, `users/import/uuid`; ADR 022, 035): an .xlsx or
 * .xls file is read with the product's own safe readers, every row is checked with the wizard's rules, and the
 * file is applied whole in one D1 batch (a transaction) or not at all. The answer is JSON, or with
 * `Accept: application/x-ndjson` a stream of progress lines ending with the same result, which the
 * import page shows as it comes. Public charging permission is never imported (spec section 5).
 */

import { inCompanies } from '@db/queries/companies';
import { companies, corporateGroups } from '@db/schema';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export/xlsx';
import { type MessageKey, translate } from '@domain/i18n/messages';
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
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { requestLanguage } from '../../lib/language';
import { defineRoute, ErrorSchema, errorResponse, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { uploadedFile } from '../../lib/uploaded-file';
import { authOf } from '../../middleware/permission';
import { generateCode } from '../keyfobs/keyfobs.store';
import { permissionUpdatesDisabled } from './users.input';
import { limitUnitOf } from './users.store';

type Ctx = Context<AppEnv>;

/** The file itself, after multipart framing: just under the API's body limit (MAX_BODY_BYTES, 1 MiB). */
export const MAX_IMPORT_FILE_BYTES = 1024 * 1024 - 16 * 1024;
/** Rows checked against the database per query, and per progress line. */
const CHUNK = 250;
/** Rows per insert statement (one JSON parameter each, well under D1's value size limit). */
const APPLY_CHUNK = 500;

const tags = ['Fleet users'];

const Issue = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
const ImportResult = z
  .object({
    variant: z.enum(['standard', 'uuid']),
    dry_run: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    rfids_created: z.number().int(),
    rfids_assigned: z.number().int(),
    ms: z.number(),
  })
  .openapi('UserImportResult');
const ImportReport = ErrorSchema.extend({ errors: z.array(Issue) }).openapi('UserImportErrors');
const Query = z.object({
  dry_run: z.enum(['true', 'false']).optional().openapi({ description: 'Validate only, apply nothing' }),
});

const FILE_DOC =
  'The .xlsx or .xls file as multipart/form-data field `file`, or as the raw body. With Accept: application/x-ndjson the answer streams progress lines {type:"progress",phase,done,total} and ends with {type:"result",status,body}.';
const importResponses = {
  200: json(ImportResult, 'Every row valid: all applied (or, with dry_run, all would be)'),
  400: errorResponse('No file, not a spreadsheet, encrypted or pre-97 .xls, damaged, too large, too many rows'),
  403: errorResponse('No permission to manage users, or charging permission updates disabled'),
  409: errorResponse('An e-mail or card was taken while applying: nothing applied'),
  422: json(ImportReport, 'Rows with errors (row, column, value, message): nothing applied'),
} as const;

export const importUsers = defineRoute('fleet:users:manage', {
  method: 'post',
  path: '/users/import',
  tags,
  summary: `Imports fleet users from an .xlsx or .xls file, all rows or none. ${FILE_DOC}`,
  request: { query: Query },
  responses: importResponses,
});

export const importUsersWithUuid = defineRoute('fleet:users:manage', {
  method: 'post',
  path: '/users/import/uuid',
  tags,
  summary: `Imports fleet users with their RFID UUID (a new card, or an unassigned card of the scope), all rows or none. ${FILE_DOC}`,
  request: { query: Query },
  responses: importResponses,
});

export const importTemplate = defineRoute('fleet:users:manage', {
  method: 'get',
  path: '/users/import/template',
  tags,
  summary: 'The import template (.xlsx): the header row of the standard or the uuid variant',
  request: { query: z.object({ variant: z.enum(['standard', 'uuid']).optional() }) },
  responses: { 200: { description: 'XLSX', content: { [XLSX_CONTENT_TYPE]: { schema: z.string() } } } },
});

type Phase = 'read' | 'validate' | 'apply';
type Progress = (phase: Phase, done: number, total: number) => Promise<void>;
type Outcome =
  | { status: 200; body: z.infer<typeof ImportResult> }
  | { status: 400 | 403 | 409 | 422; body: z.infer<typeof ImportReport> | z.infer<typeof ErrorSchema> };

function failure(
  c: Ctx,
  status: 400 | 403 | 409,
  code: string,
  key: MessageKey,
  params?: Record<string, string | number>,
): Outcome {
  return { status, body: { 'error-msg': translate(requestLanguage(c), key, params), code } };
}

interface Plan {
  rows: ImportedRow[];
  groupIds: Map<string, number>;
  /** UUID → id of an existing unassigned active card of the scope to hand over. */
  existingCards: Map<string, number>;
}

/** Reads and checks the whole file: an Outcome when it cannot be applied, else the plan. */
async function validate(
  c: Ctx,
  variant: ImportVariant,
  bytes: Uint8Array,
  progress: Progress,
): Promise<Outcome | Plan> {
  const db = c.get('db');
  const lang = requestLanguage(c);
  const { access, company } = authOf(c);
  if (bytes.length > MAX_IMPORT_FILE_BYTES) {
    return failure(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { max: MAX_IMPORT_FILE_BYTES });
  }
  await progress('read', 0, 1);
  let sheet: ReturnType<typeof readSpreadsheet>;
  try {
    sheet = readSpreadsheet(bytes, { ...DEFAULT_LIMITS, maxRows: MAX_IMPORT_ROWS + 1 });
  } catch (err) {
    if (!(err instanceof SpreadsheetError)) throw err;
    const [code, key, params] = readFailure(err, MAX_IMPORT_ROWS, 'importNotSpreadsheet');
    return failure(c, 400, code, key, params);
  }
  await progress('read', 1, 1);
  const header = mapHeader(sheet[0], variant);
  const data = sheet.slice(1);
  if (header.issues.length === 0 && data.length === 0) return failure(c, 400, 'EMPTY_FILE', 'importEmpty');

  const issues: RowIssue[] = [...header.issues];
  const rows: ImportedRow[] = [];
  const groupIds = new Map<string, number>();
  const existingCards = new Map<string, number>();
  if (header.issues.length === 0) {
    const selected = await db
      .select({ mandatoryLicensePlate: companies.mandatoryLicensePlate })
      .from(companies)
      .where(eq(companies.id, company.id))
      .get();
    const ctx = {
      variant,
      mandatoryLicensePlate: selected?.mandatoryLicensePlate ?? false,
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

    const scope = await callerScope(c);
    const groups = await db
      .select({ id: corporateGroups.id, name: corporateGroups.name })
      .from(corporateGroups)
      .where(inCompanies(corporateGroups.companyId, scope));
    const byName = new Map<string, number[]>();
    for (const g of groups) {
      const key = g.name.trim().toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), g.id]);
    }
    const groupIdSet = new Set(groups.map((g) => g.id));
    for (const r of rows) {
      const named = byName.get(r.corporateGroup.toLowerCase()) ?? [];
      const asId = /^\d+$/.test(r.corporateGroup) ? Number(r.corporateGroup) : null;
      if (named.length === 1 && named[0] !== undefined) groupIds.set(r.corporateGroup, named[0]);
      else if (named.length > 1)
        issues.push({
          row: r.row,
          column: 'corporate_group',
          value: r.corporateGroup,
          message: 'importGroupAmbiguous',
        });
      else if (asId !== null && groupIdSet.has(asId)) groupIds.set(r.corporateGroup, asId);
      else
        issues.push({ row: r.row, column: 'corporate_group', value: r.corporateGroup, message: 'importGroupNotFound' });
    }

    // Against the database, a chunk at a time: e-mails are unique platform-wide (the login), UUIDs too (the idTag).
    const scopeSet = new Set(scope);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const taken = await db.$client
        .prepare('SELECT email FROM users WHERE email IN (SELECT value FROM json_each(?))')
        .bind(JSON.stringify(chunk.map((r) => r.email)))
        .all<{ email: string }>();
      const takenSet = new Set(taken.results.map((t) => t.email));
      for (const r of chunk) {
        if (takenSet.has(r.email)) issues.push({ row: r.row, column: 'email', value: r.email, message: 'emailTaken' });
      }
      if (variant === 'uuid') {
        const cards = await db.$client
          .prepare(
            'SELECT id, uuid, company_id, user_id, status FROM rfids WHERE uuid IN (SELECT value FROM json_each(?))',
          )
          .bind(JSON.stringify(chunk.map((r) => r.rfidUuid)))
          .all<{ id: number; uuid: string; company_id: number; user_id: number | null; status: string }>();
        const byUuid = new Map(cards.results.map((card) => [card.uuid, card]));
        for (const r of chunk) {
          const card = r.rfidUuid ? byUuid.get(r.rfidUuid) : undefined;
          if (!card || !r.rfidUuid) continue;
          const value = r.rfidUuid;
          if (!scopeSet.has(card.company_id) || card.status !== 'active')
            issues.push({ row: r.row, column: 'rfid_uuid', value, message: 'rfidUuidExists' });
          else if (card.user_id !== null)
            issues.push({ row: r.row, column: 'rfid_uuid', value, message: 'rfidAlreadyAssigned' });
          else existingCards.set(value, card.id);
        }
      }
      await progress('validate', Math.min(i + CHUNK, rows.length), rows.length);
    }
  }

  if (issues.length > 0) {
    issues.sort((a, b) => a.row - b.row);
    return {
      status: 422,
      body: {
        'error-msg': translate(lang, 'importInvalid'),
        code: 'IMPORT_INVALID',
        errors: issues.map((i) => ({
          row: i.row,
          column: i.column,
          value: i.value,
          message: translate(lang, i.message, i.params),
        })),
      },
    };
  }
  if (await permissionUpdatesDisabled(c)) {
    return failure(c, 403, 'PERMISSION_UPDATES_DISABLED', 'permissionUpdatesDisabled');
  }
  return { rows, groupIds, existingCards };
}

const j = (field: string) => `json_extract(j.value, '$.${field}')`;

/** Every row in one D1 batch: a transaction, so a failure (a unique index) leaves nothing behind. */
async function apply(c: Ctx, variant: ImportVariant, plan: Plan) {
  const { user, company } = authOf(c);
  const d1 = c.env.DB;
  const unit = await limitUnitOf(c.get('db'), company.id);
  const statements: D1PreparedStatement[] = [];
  let rfidsCreated = 0;
  for (let i = 0; i < plan.rows.length; i += APPLY_CHUNK) {
    const chunk = plan.rows.slice(i, i + APPLY_CHUNK).map((r) => {
      const newCard = r.rfidUuid && !plan.existingCards.has(r.rfidUuid);
      if (newCard) rfidsCreated += 1;
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
    const payload = JSON.stringify(chunk);
    const kwh = unit === 'kwh';
    statements.push(
      d1
        .prepare(
          `INSERT INTO users (company_id, selected_company_id, email, first_name, last_name, telephone, corporate_group_id,
             license_plate, employee_number, cost_center, can_charge_public, can_charge_work, can_charge_home, only_private,
             charge_only_with_rfid, daily_limit, weekly_limit, monthly_limit)
           SELECT ?1, ?1, ${j('email')}, ${j('first_name')}, ${j('last_name')}, ${j('telephone')}, ${j('group')},
             ${j('plate')}, ${j('employee')}, ${j('cost')}, 0, ${j('work')}, ${j('home')}, ${j('only_private')},
             ${j('rfid_only')}, ${kwh ? j('daily') : 'NULL'}, ${kwh ? j('weekly') : 'NULL'}, ${kwh ? j('monthly') : 'NULL'}
           FROM json_each(?2) j`,
        )
        .bind(company.id, payload),
    );
    if (!kwh) {
      statements.push(
        d1
          .prepare(
            `INSERT INTO user_currency_limits (user_id, daily_minor, weekly_minor, monthly_minor)
             SELECT u.id, ${j('daily')}, ${j('weekly')}, ${j('monthly')}
             FROM json_each(?1) j JOIN users u ON u.email = ${j('email')} WHERE ${j('limits')} = 1`,
          )
          .bind(payload),
      );
    }
    if (variant === 'uuid') {
      statements.push(
        d1
          .prepare(
            `INSERT INTO rfids (company_id, key_hanger_code, uuid, user_id)
             SELECT ?1, ${j('code')}, ${j('uuid')}, u.id
             FROM json_each(?2) j JOIN users u ON u.email = ${j('email')} WHERE ${j('card_id')} IS NULL`,
          )
          .bind(company.id, payload),
        // Handing over an existing card only while it is still active and free.
        d1
          .prepare(
            `UPDATE rfids SET user_id = (
               SELECT u.id FROM json_each(?1) j JOIN users u ON u.email = ${j('email')} WHERE ${j('card_id')} = rfids.id)
             WHERE id IN (SELECT ${j('card_id')} FROM json_each(?1) j WHERE ${j('card_id')} IS NOT NULL)
               AND user_id IS NULL AND status = 'active'`,
          )
          .bind(payload),
      );
    }
    statements.push(
      d1
        .prepare(
          `INSERT INTO audit_log (actor_user_id, company_id, action, entity, entity_id, detail_json, ip)
           SELECT ?1, ?2, 'user.create', 'user', CAST(u.id AS TEXT),
             json_object('email', u.email, 'companyId', ?2, 'import', 1), ?3
           FROM json_each(?4) j JOIN users u ON u.email = ${j('email')}`,
        )
        .bind(user.id, company.id, clientIp(c) ?? null, payload),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, company_id, action, entity, detail_json, ip)
         VALUES (?1, ?2, 'user.import', 'user', ?3, ?4)`,
      )
      .bind(
        user.id,
        company.id,
        JSON.stringify({ variant, rows: plan.rows.length, rfidsCreated, rfidsAssigned: plan.existingCards.size }),
        clientIp(c) ?? null,
      ),
  );
  await d1.batch(statements);
  return { rfidsCreated };
}

async function runImport(c: Ctx, variant: ImportVariant, progress: Progress): Promise<Outcome> {
  const started = Date.now();
  const dryRun = c.req.query('dry_run') === 'true';
  const bytes = await uploadedFile(c);
  if (!bytes) return failure(c, 400, 'NO_FILE', 'importNoFile');
  const plan = await validate(c, variant, bytes, progress);
  if ('status' in plan) return plan;
  let rfidsCreated = plan.rows.filter((r) => r.rfidUuid && !plan.existingCards.has(r.rfidUuid)).length;
  if (!dryRun) {
    await progress('apply', 0, plan.rows.length);
    try {
      ({ rfidsCreated } = await apply(c, variant, plan));
    } catch (err) {
      if (String(err).includes('UNIQUE')) return failure(c, 409, 'IMPORT_CONFLICT', 'importConflict');
      throw err;
    }
    await progress('apply', plan.rows.length, plan.rows.length);
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

/** JSON, or NDJSON progress lines then the result when the client asks for a stream. */
function answer(c: Ctx, variant: ImportVariant) {
  if (!(c.req.header('accept') ?? '').includes('application/x-ndjson')) {
    return runImport(c, variant, async () => undefined).then((o) => c.json(o.body, o.status));
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
  const work = (async () => {
    try {
      const outcome = await runImport(c, variant, (phase, done, total) =>
        line({ type: 'progress', phase, done, total }),
      );
      await line({ type: 'result', status: outcome.status, body: outcome.body });
    } catch (err) {
      console.error('user import failed', err);
      await line({
        type: 'result',
        status: 500,
        body: { 'error-msg': translate(requestLanguage(c), 'generic'), code: 'INTERNAL' },
      });
    } finally {
      await writer.close();
    }
  })();
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (in-process calls): the stream being read keeps the work going.
  }
  return c.body(readable, 200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
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
  // The handlers answer through `answer` (JSON or a progress stream), which the typed routes cannot express.
  .openapi(importUsers, ((c: Ctx) => answer(c, 'standard')) as never)
  .openapi(importUsersWithUuid, ((c: Ctx) => answer(c, 'uuid')) as never);
