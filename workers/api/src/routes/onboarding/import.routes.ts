/**
 * @module `POST /api/stations/import`: online stations from a filled import template (.xlsx or .xls, read
 * with the user import's safe readers, ADR 022 and 035) or a CSV file. Every row is checked with the station rules of
 * spec section 5; the file is applied whole, in one D1 batch (a transaction), or not at all. Each new
 * station gets an OCPP identity (the row's, or a generated one) and a generated password; the passwords
 * are in this one answer only and stored as PBKDF2 hashes, like a station created from a template. The
 * peering and publish steps stay pending, to be run from each station's onboarding page. With
 * `Accept: application/x-ndjson` the answer streams progress lines and ends with the result.
 */

import { hashPassword } from '@domain/identity/password';
import { type MessageKey, translate } from '@domain/i18n/messages';
import { readCsv } from '@domain/import/csv-reader';
import { isWorkbook, readFailure, readSpreadsheet } from '@domain/import/spreadsheet';
import { DEFAULT_LIMITS, SpreadsheetError } from '@domain/import/xlsx-reader';
import { evseIdFor, generateOcppIdentity, generateOcppPassword } from '@domain/onboarding/onboarding';
import {
  duplicateOcppIds,
  type ImportedStation,
  MAX_STATION_IMPORT_ROWS,
  mapStationHeader,
  parseStationRow,
  type RowIssue,
} from '@domain/onboarding/station-import';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { requestLanguage } from '../../lib/language';
import { defineRoute, ErrorSchema, errorResponse, json } from '../../lib/route';
import { clientIp } from '../../lib/session-cookie';
import { uploadedFile } from '../../lib/uploaded-file';
import { authOf } from '../../middleware/permission';
import { listTemplates, type templateOut } from './onboarding.store';

type Ctx = Context<AppEnv>;

/** The file after multipart framing: just under the API's 1 MiB body limit. */
export const MAX_STATION_IMPORT_BYTES = 1024 * 1024 - 16 * 1024;

const Issue = z.object({ row: z.number().int(), column: z.string(), value: z.string(), message: z.string() });
const ImportResult = z
  .object({
    dry_run: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    stations: z.array(
      z.object({ row: z.number(), id: z.number(), uid: z.string(), name: z.string(), template: z.string() }),
    ),
    /** Only in the answer that created the stations: never stored, never shown again. */
    credentials: z.array(z.object({ row: z.number(), ocppId: z.string(), password: z.string(), path: z.string() })),
    ms: z.number(),
  })
  .openapi('StationImportResult');
const ImportReport = ErrorSchema.extend({ errors: z.array(Issue) }).openapi('StationImportErrors');

export const importStations = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/import',
  tags: ['Onboarding'],
  summary: `Imports online stations from the import template (.xlsx or .xls) or a CSV file (at most ${MAX_STATION_IMPORT_ROWS} rows), all rows or none. Multipart field \`file\` or the raw body; \`dry_run=true\` only checks. With Accept: application/x-ndjson: progress lines, then {type:"result",status,body}.`,
  request: {
    query: z.object({ dry_run: z.enum(['true', 'false']).optional() }),
  },
  responses: {
    200: json(
      ImportResult,
      'Every row valid: all created (credentials shown this once), or with dry_run, all would be',
    ),
    400: errorResponse(
      'No file, not .xlsx, .xls or .csv, encrypted or pre-97 .xls, damaged, too large, too many rows, no rows',
    ),
    409: errorResponse('An OCPP id was taken while importing: nothing created'),
    422: json(ImportReport, 'Rows with errors (row, column, value, message): nothing created'),
  },
});

type Progress = (phase: 'read' | 'validate' | 'apply', done: number, total: number) => Promise<void>;
type Outcome =
  | { status: 200; body: z.infer<typeof ImportResult> }
  | { status: 400 | 409 | 422; body: z.infer<typeof ImportReport> | z.infer<typeof ErrorSchema> };

const failure = (
  c: Ctx,
  status: 400 | 409,
  code: string,
  key: MessageKey,
  params?: Record<string, number>,
): Outcome => ({
  status,
  body: { 'error-msg': translate(requestLanguage(c), key, params), code },
});

/** The rows of the file: a workbook (.xlsx or .xls) by its signature, else UTF-8 text read as CSV. */
function readRows(bytes: Uint8Array) {
  const limits = { ...DEFAULT_LIMITS, maxRows: MAX_STATION_IMPORT_ROWS + 1 };
  if (isWorkbook(bytes)) return readSpreadsheet(bytes, limits);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SpreadsheetError('notSpreadsheet', 'neither a workbook nor UTF-8 text');
  }
  // Binary that happens to decode (NUL bytes) is not a CSV.
  if (text.includes('\u0000')) throw new SpreadsheetError('notSpreadsheet', 'binary content');
  return readCsv(text, limits);
}

interface Plan {
  stations: (ImportedStation & { templateRow: ReturnType<typeof templateOut> })[];
}

async function validate(c: Ctx, bytes: Uint8Array, progress: Progress): Promise<Outcome | Plan> {
  const db = c.get('db');
  const lang = requestLanguage(c);
  if (bytes.length > MAX_STATION_IMPORT_BYTES) {
    return failure(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { max: MAX_STATION_IMPORT_BYTES });
  }
  await progress('read', 0, 1);
  let sheet: ReturnType<typeof readRows>;
  try {
    sheet = readRows(bytes);
  } catch (err) {
    if (!(err instanceof SpreadsheetError)) throw err;
    const [code, key, params] = readFailure(err, MAX_STATION_IMPORT_ROWS, 'stationImportFileType');
    return failure(c, 400, code, key, params);
  }
  await progress('read', 1, 1);
  const header = mapStationHeader(sheet[0]);
  const data = sheet.slice(1);
  if (header.issues.length === 0 && data.length === 0) return failure(c, 400, 'EMPTY_FILE', 'stationImportEmpty');

  const issues: RowIssue[] = [...header.issues];
  const planned: Plan['stations'] = [];
  if (header.issues.length === 0) {
    const templates = await listTemplates(db);
    const byName = new Map(templates.map((t) => [t.name.trim().toLowerCase(), t]));
    const rows: ImportedStation[] = [];
    // OCPP ids of every row, valid or not, so one upload reports all their problems.
    const ids: { row: number; ocppId: string | null }[] = [];
    for (const r of data) {
      const parsed = parseStationRow(r, header);
      issues.push(...parsed.issues);
      if (parsed.station) rows.push(parsed.station);
      if (parsed.ocppId) ids.push({ row: r.row, ocppId: parsed.ocppId });
    }
    await progress('validate', data.length, data.length);
    issues.push(...duplicateOcppIds(ids));
    const given = ids.map((r) => r.ocppId);
    const taken = given.length
      ? await db.$client
          .prepare('SELECT uid FROM stations WHERE lower(uid) IN (SELECT lower(value) FROM json_each(?))')
          .bind(JSON.stringify(given))
          .all<{ uid: string }>()
      : { results: [] };
    const takenSet = new Set(taken.results.map((t) => t.uid.toLowerCase()));
    for (const r of ids) {
      if (r.ocppId && takenSet.has(r.ocppId.toLowerCase())) {
        issues.push({
          row: r.row,
          column: 'ocpp_id',
          value: r.ocppId,
          message: 'ocppIdTaken',
          params: { uid: r.ocppId },
        });
      }
    }
    for (const r of rows) {
      const template = byName.get(r.template.toLowerCase()) ?? templates.find((t) => String(t.id) === r.template);
      if (!template) {
        issues.push({ row: r.row, column: 'template', value: r.template, message: 'stationImportTemplateUnknown' });
      } else planned.push({ ...r, templateRow: template });
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
  return { stations: planned };
}

const j = (field: string) => `json_extract(j.value, '$.${field}')`;

async function apply(c: Ctx, plan: Plan, progress: Progress) {
  const { user, company } = authOf(c);
  const d1 = c.env.DB;
  const operator = company.name;
  const total = plan.stations.length;
  const rows: Record<string, unknown>[] = [];
  const plugs: Record<string, unknown>[] = [];
  const credentials: { row: number; ocppId: string; password: string; path: string }[] = [];
  const generated = new Set<string>();
  for (const [i, s] of plan.stations.entries()) {
    let uid = s.ocppId;
    while (!uid || (generated.has(uid) && !s.ocppId)) uid = generateOcppIdentity(operator);
    generated.add(uid);
    const password = generateOcppPassword();
    // The costly part (PBKDF2, 100,000 iterations): progress after each.
    const hash = await hashPassword(password);
    const t = s.templateRow;
    rows.push({
      uid,
      name: s.name,
      template: t.name,
      address: s.address,
      street_number: s.streetNumber,
      postal_code: s.postalCode,
      city: s.city,
      country: s.country,
      latitude: s.latitude,
      longitude: s.longitude,
      time_zone: s.timeZone,
      type: s.type,
      power_type: t.powerType,
      voltage: t.voltage,
      amperage: t.amperage,
      plug_type: t.connectors[0]?.plugType ?? null,
      plug_format: t.connectors[0]?.plugFormat ?? null,
      url_type: t.urlType,
      brand: t.brand,
      model: t.model,
      profile: t.profile,
      serial_number: s.serialNumber,
      installation_date: s.installationDate,
      open_to_public: s.openToPublic ? 1 : 0,
      hash,
    });
    for (const p of t.connectors) {
      plugs.push({
        station_uid: uid,
        uid: `${uid}-${p.connectorNumber}`,
        number: p.connectorNumber,
        evse_id: evseIdFor(s.country, operator, uid, p.connectorNumber),
        plug_type: p.plugType,
        plug_format: p.plugFormat,
        power_type: p.powerType,
        voltage: t.voltage,
        amperage: t.amperage,
        max_power_w: p.maxPowerW,
        capabilities: JSON.stringify(p.capabilities),
      });
    }
    credentials.push({ row: s.row, ocppId: uid, password, path: `/ocpp/${encodeURIComponent(uid)}` });
    await progress('apply', i + 1, total + 1);
  }
  const stationJson = JSON.stringify(rows);
  const plugJson = JSON.stringify(plugs);
  const uids = JSON.stringify(rows.map((r) => r.uid));
  const now = Date.now();
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO stations (uid, name, template, company_id, address, street_number, postal_code, city, country,
           latitude, longitude, time_zone, type, power_type, voltage, amperage, plug_type, plug_format, url_type, brand,
           model, profile, serial_number, installation_date, visible_in_app, open_to_public, offline, registration,
           ocpp_password_hash, commissioning_status)
         SELECT ${j('uid')}, ${j('name')}, ${j('template')}, ?1, ${j('address')}, ${j('street_number')},
           ${j('postal_code')}, ${j('city')}, ${j('country')}, ${j('latitude')}, ${j('longitude')}, ${j('time_zone')},
           ${j('type')}, ${j('power_type')}, ${j('voltage')}, ${j('amperage')}, ${j('plug_type')}, ${j('plug_format')},
           ${j('url_type')}, ${j('brand')}, ${j('model')}, ${j('profile')}, ${j('serial_number')},
           ${j('installation_date')}, 1, ${j('open_to_public')}, 0, 'accepted', ${j('hash')}, 'to_commission'
         FROM json_each(?2) j`,
      )
      .bind(company.id, stationJson),
    d1
      .prepare(
        `INSERT INTO connectors (uid, station_id, connector_number, evse_id, plug_type, plug_format, power_type, voltage,
           amperage, max_power_w, capabilities_json, status)
         SELECT ${j('uid')}, s.id, ${j('number')}, ${j('evse_id')}, ${j('plug_type')}, ${j('plug_format')},
           ${j('power_type')}, ${j('voltage')}, ${j('amperage')}, ${j('max_power_w')}, ${j('capabilities')}, 'unknown'
         FROM json_each(?1) j JOIN stations s ON s.uid = ${j('station_uid')}`,
      )
      .bind(plugJson),
    d1
      .prepare(
        `INSERT INTO station_onboarding_steps (station_id, step, status, message_key, attempts, user_id, updated_at)
         SELECT s.id, 'create', 'done', NULL, 1, ?1, ?2 FROM stations s WHERE s.uid IN (SELECT value FROM json_each(?3))`,
      )
      .bind(user.id, now, uids),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, company_id, action, entity, entity_id, detail_json, ip)
         SELECT ?1, ?2, 'station.import', 'station', value, json_object('import', 1, 'credentialsIssued', 1), ?3
         FROM json_each(?4)`,
      )
      .bind(user.id, company.id, clientIp(c) ?? null, uids),
  ]);
  const ids = await d1
    .prepare('SELECT id, uid FROM stations WHERE uid IN (SELECT value FROM json_each(?))')
    .bind(uids)
    .all<{ id: number; uid: string }>();
  const idOf = new Map(ids.results.map((r) => [r.uid, r.id]));
  await progress('apply', total + 1, total + 1);
  return {
    stations: plan.stations.map((s, i) => {
      const uid = String(rows[i]?.uid);
      return { row: s.row, id: idOf.get(uid) ?? 0, uid, name: s.name, template: s.templateRow.name };
    }),
    credentials,
  };
}

async function runImport(c: Ctx, progress: Progress): Promise<Outcome> {
  const started = Date.now();
  const dryRun = c.req.query('dry_run') === 'true';
  const bytes = await uploadedFile(c);
  if (!bytes) return failure(c, 400, 'NO_FILE', 'importNoFile');
  const plan = await validate(c, bytes, progress);
  if ('status' in plan) return plan;
  if (dryRun) {
    return {
      status: 200,
      body: {
        dry_run: true,
        rows: plan.stations.length,
        created: 0,
        stations: [],
        credentials: [],
        ms: Date.now() - started,
      },
    };
  }
  try {
    const done = await apply(c, plan, progress);
    return {
      status: 200,
      body: {
        dry_run: false,
        rows: plan.stations.length,
        created: plan.stations.length,
        ...done,
        ms: Date.now() - started,
      },
    };
  } catch (err) {
    if (String(err).includes('UNIQUE')) return failure(c, 409, 'IMPORT_CONFLICT', 'stationImportConflict');
    throw err;
  }
}

function answer(c: Ctx) {
  c.header('cache-control', 'no-store');
  if (!(c.req.header('accept') ?? '').includes('application/x-ndjson')) {
    return runImport(c, async () => undefined).then((o) => c.json(o.body, o.status));
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
  const work = (async () => {
    try {
      const outcome = await runImport(c, (phase, done, total) => line({ type: 'progress', phase, done, total }));
      await line({ type: 'result', status: outcome.status, body: outcome.body });
    } catch (err) {
      // Never the file's content or any password: only that it failed.
      console.error('station import failed', err instanceof Error ? err.message : 'unknown error');
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

// The handler answers through `answer` (JSON or a progress stream), which the typed route cannot express.
export const importRoutes = new OpenAPIHono<AppEnv>().openapi(importStations, ((c: Ctx) => answer(c)) as never);
