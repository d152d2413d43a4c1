/**
 * @module `POST /api/stations/import`: online stations from a filled import template (.xlsx or .xls, read
 * with the user import's safe readers, ADR 022 and 035) or a CSV file. Every row is checked with the station rules of
 * spec section 5; the file is applied whole, in one D1 batch (a transaction), or not at all. Each new
 * station gets an OCPP identity (the row's, or a generated one) and a generated password; the passwords
 * are in this one answer only and stored as PBKDF2 hashes, like a station created from a template. The
 * peering and publish steps stay pending, to be run from each station's onboarding page. With
 * `Accept: application/x-ndjson` the answer streams progress lines and ends with the result.
 */

import type { AppEnv } from '@api/env';
import { answerImport, type ImportOutcome, type ImportProgress, invalidRows } from '@api/lib/import-answer';
import { requestLanguage } from '@api/lib/language';
import { clientIp } from '@api/lib/session-cookie';
import { uploadedFile } from '@api/lib/uploaded-file';
import { authOf } from '@api/middleware/permission';
import { hashPassword } from '@domain/identity/password';
import { readFailure, readWorkbookOrCsv } from '@domain/import/spreadsheet';
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
import { OpenAPIHono } from '@hono/zod-openapi';
import { type MessageKey, translate } from '@i18n/messages';
import type { Context } from 'hono';
import {
  type ImportedConnectorRow,
  type ImportedStationRow,
  insertImportedStations,
  takenUids,
} from './onboarding.import.store';
import { importRoute } from './onboarding.routes';
import { listTemplates, type templateOut } from './onboarding.store';

type Ctx = Context<AppEnv>;

/** The file after multipart framing: just under the API's 1 MiB body limit. */
export const MAX_STATION_IMPORT_BYTES = 1024 * 1024 - 16 * 1024;

const failure = (
  c: Ctx,
  status: 400 | 409,
  code: string,
  key: MessageKey,
  params?: Record<string, number>,
): ImportOutcome => ({
  status,
  body: { 'error-msg': translate(requestLanguage(c), key, params), code },
});

interface Plan {
  stations: (ImportedStation & { templateRow: ReturnType<typeof templateOut> })[];
}

async function validate(c: Ctx, bytes: Uint8Array, progress: ImportProgress): Promise<ImportOutcome | Plan> {
  if (bytes.length > MAX_STATION_IMPORT_BYTES) {
    return failure(c, 400, 'FILE_TOO_LARGE', 'fileTooLarge', { max: MAX_STATION_IMPORT_BYTES });
  }
  await progress('read', 0, 1);
  let sheet: ReturnType<typeof readWorkbookOrCsv>;
  try {
    sheet = readWorkbookOrCsv(bytes, { ...DEFAULT_LIMITS, maxRows: MAX_STATION_IMPORT_ROWS + 1 });
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
    const templates = await listTemplates(c.get('db'));
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
    const taken = await takenUids(
      c.env.DB,
      ids.flatMap((r) => (r.ocppId ? [r.ocppId] : [])),
    );
    for (const r of ids) {
      if (r.ocppId && taken.has(r.ocppId.toLowerCase())) {
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
  if (issues.length > 0) return invalidRows(requestLanguage(c), issues);
  return { stations: planned };
}

/** The rows the batch inserts: each station with a uid, a password (hashed) and its template's connectors. */
async function rowsOf(plan: Plan, operator: string, progress: ImportProgress) {
  const total = plan.stations.length;
  const rows: ImportedStationRow[] = [];
  const plugs: ImportedConnectorRow[] = [];
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
  return { rows, plugs, credentials };
}

async function apply(c: Ctx, plan: Plan, progress: ImportProgress) {
  const { user, company } = authOf(c);
  const total = plan.stations.length;
  const { rows, plugs, credentials } = await rowsOf(plan, company.name, progress);
  const idOf = await insertImportedStations(c.env.DB, rows, plugs, {
    companyId: company.id,
    userId: user.id,
    ip: clientIp(c) ?? null,
  });
  await progress('apply', total + 1, total + 1);
  return {
    stations: plan.stations.map((s, i) => {
      const uid = String(rows[i]?.uid);
      return { row: s.row, id: idOf.get(uid) ?? 0, uid, name: s.name, template: s.templateRow.name };
    }),
    credentials,
  };
}

async function runImport(c: Ctx, progress: ImportProgress): Promise<ImportOutcome> {
  const started = Date.now();
  const dryRun = c.req.query('dry_run') === 'true';
  // The stations go to the selected company: a closed one takes none (ADR 050).
  if (authOf(c).company.isClosed) return failure(c, 409, 'COMPANY_CLOSED', 'companyClosed');
  const bytes = await uploadedFile(c);
  if (!bytes) return failure(c, 400, 'NO_FILE', 'importNoFile');
  const plan = await validate(c, bytes, progress);
  if ('status' in plan) return plan;
  const rows = plan.stations.length;
  if (dryRun) {
    return {
      status: 200,
      body: { dry_run: true, rows, created: 0, stations: [], credentials: [], ms: Date.now() - started },
    };
  }
  try {
    const done = await apply(c, plan, progress);
    return { status: 200, body: { dry_run: false, rows, created: rows, ...done, ms: Date.now() - started } };
  } catch (err) {
    if (String(err).includes('UNIQUE')) return failure(c, 409, 'IMPORT_CONFLICT', 'stationImportConflict');
    throw err;
  }
}

// The handler answers JSON or a progress stream (answerImport), which the typed route cannot express.
export const importRoutes = new OpenAPIHono<AppEnv>().openapi(importRoute, ((c: Ctx) =>
  answerImport(c, 'station import', (p) => runImport(c, p))) as never);
