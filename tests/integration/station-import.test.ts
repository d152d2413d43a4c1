/**
 * Online-station import (issue 4 part 7): POST /api/stations/import with a CSV or .xlsx file; every row
 * checked, all or nothing, credentials in the answer only, permission and company scope, a bad file,
 * formula injection and the progress stream.
 */
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../domain/identity/password';
import { ensureStationTemplates } from '../../drizzle/seed/station-templates';
import { buildWorkbook } from '../support/test-workbook';
import { sheetJsXls } from '../support/test-xls';
import { BASE, call, db, failOnConsoleError, login, type Session, sql, unique, world } from './helpers';

failOnConsoleError();

const ONBOARD = 2;
const HPC = 'Alpitronic HYC150 (2 × CCS2, 150 kW)';
/** The template name as a CSV field (it holds a comma). */
const Q = `"${HPC}"`;
const HEADER = 'template,ocpp_id,name,address,postal_code,city,country,latitude,longitude,type,public_peering';

interface Result {
  dry_run: boolean;
  rows: number;
  created: number;
  stations: { row: number; id: number; uid: string; name: string }[];
  credentials: { row: number; ocppId: string; password: string; path: string }[];
}
interface Report {
  code: string;
  'error-msg': string;
  errors: { row: number; column: string; value: string; message: string }[];
}

function upload(who: Session, body: BodyInit, options: { query?: string; type?: string; accept?: string } = {}) {
  const headers: Record<string, string> = { cookie: `sid=${who.cookie}` };
  if (who.ip) headers['cf-connecting-ip'] = who.ip;
  if (options.type) headers['content-type'] = options.type;
  if (options.accept) headers.accept = options.accept;
  return SELF.fetch(`${BASE}/api/stations/import${options.query ?? ''}`, { method: 'POST', headers, body });
}
const csv = (text: string) => new TextEncoder().encode(text);
const rowsOf = async <T>(query: string, ...params: unknown[]) => (await sql(query, ...params)).results as T[];
const stationCount = async (like: string) =>
  (await rowsOf<{ n: number }>('SELECT count(*) AS n FROM stations WHERE uid LIKE ?', `${like}%`))[0]?.n;

describe('online-station import', () => {
  let admin: Session;
  let viewer: Session;
  let outsider: Session;
  let companyId: number;
  const tag = unique('IMP')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

  beforeAll(async () => {
    await ensureStationTemplates(db);
    const a = await world({ roles: [37], company: { cpms: 'public', services: [ONBOARD] } });
    companyId = a.company.id;
    const v = await world({ roles: [32], company: { cpms: 'public', services: [ONBOARD] }, user: { companyId } });
    const o = await world({ roles: [37], company: { cpms: 'public', services: [ONBOARD] } });
    [admin, viewer, outsider] = await Promise.all([
      login(a.email, a.password, a.ip),
      login(v.email, v.password, v.ip),
      login(o.email, o.password, o.ip),
    ]);
  });

  it('checks (dry run), then creates every row with credentials shown once and stored as a hash', async () => {
    const file = `${HEADER}\n${Q},${tag}-A,Quai 1,Quai Cronstadt,83000,Toulon,FR,43.1205,5.9335,public,no\n"${HPC.toLowerCase()}",,Quai 2,Quai Cronstadt,83000,Toulon,FR,43.1206,5.9336,,\n`;
    const check = await upload(admin, csv(file), { query: '?dry_run=true', type: 'text/csv' });
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ dry_run: true, rows: 2, created: 0, credentials: [] });
    expect(await stationCount(`${tag}-A`)).toBe(0);

    const form = new FormData();
    form.append('file', new File([file], 'stations.csv', { type: 'text/csv' }));
    const res = await upload(admin, form);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Result;
    expect(body).toMatchObject({ dry_run: false, rows: 2, created: 2 });
    expect(body.credentials.map((c) => c.row)).toEqual([2, 3]);
    expect(body.credentials[0]?.ocppId).toBe(`${tag}-A`);
    const [first, second] = body.credentials;
    const rows = await rowsOf<{ uid: string; company_id: number; hash: string; cs: string }>(
      'SELECT uid, company_id, ocpp_password_hash AS hash, commissioning_status AS cs FROM stations WHERE uid IN (?, ?) ORDER BY uid',
      first?.ocppId,
      second?.ocppId,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      const cred = body.credentials.find((c) => c.ocppId === r.uid);
      expect(r.company_id).toBe(companyId);
      expect(r.cs).toBe('to_commission');
      expect(r.hash).not.toContain(cred?.password ?? '-');
      expect(await verifyPassword(cred?.password ?? '', r.hash)).toBe(true);
    }
    const connectors = await rowsOf<{ n: number }>(
      'SELECT count(*) AS n FROM connectors c JOIN stations s ON s.id = c.station_id WHERE s.uid = ?',
      first?.ocppId,
    );
    expect(connectors[0]?.n).toBe(2);
    // The answer is the only place the password appears: the audit log has no trace of it.
    const audit = await rowsOf<{ d: string }>(
      "SELECT detail_json AS d FROM audit_log WHERE action = 'station.import' AND entity_id = ?",
      first?.ocppId,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.d).not.toContain(first?.password ?? '-');
    // The new stations are the caller's, and another company does not see them.
    const mine = await call('/connectors', { ...admin, json: { keyword: `${tag}-A` } });
    expect(((await mine.json()) as { total: number }).total).toBe(2);
    const theirs = await call('/connectors', { ...outsider, json: { keyword: `${tag}-A` } });
    expect(theirs.status).toBe(200);
    expect(((await theirs.json()) as { total: number }).total).toBe(0);
  });

  it('imports a filled .xlsx template too', async () => {
    const book = buildWorkbook([
      ['template', 'ocpp_id', 'name', 'address', 'postal_code', 'city', 'country', 'latitude', 'longitude'],
      [HPC, `${tag}-X`, 'Xlsx 1', 'Rue', '75001', 'Paris', 'FR', 48.86, 2.33],
    ]);
    const res = await upload(admin, book as BodyInit, {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Result).stations.map((s) => s.uid)).toEqual([`${tag}-X`]);
  });

  it('imports a legacy .xls (SheetJS) too, and applies nothing from a bad one', async () => {
    const header = [
      'template',
      'ocpp_id',
      'name',
      'address',
      'postal_code',
      'city',
      'country',
      'latitude',
      'longitude',
    ];
    const file = sheetJsXls([
      header,
      [HPC, `${tag}-L`, 'Gare Saint-Lazare é', 'Rue', '75008', 'Paris', 'FR', 48.876, 2.325],
    ]);
    const res = await upload(admin, file as BodyInit, { type: 'application/vnd.ms-excel' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Result;
    expect(body.stations.map((s) => [s.uid, s.name])).toEqual([[`${tag}-L`, 'Gare Saint-Lazare é']]);
    const bad = sheetJsXls([
      header,
      [HPC, `${tag}-M`, 'Good', 'Rue', '75008', 'Paris', 'FR', 48.876, 2.325],
      [HPC, `${tag}-N`, 'Bad latitude', 'Rue', '75008', 'Paris', 'FR', 148.876, 2.325],
    ]);
    const refused = await upload(admin, bad as BodyInit, { type: 'application/vnd.ms-excel' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Report).errors.map((e) => [e.row, e.column])).toEqual([[3, 'latitude']]);
    expect(await stationCount(`${tag}-M`)).toBe(0);
  });

  it('reports every bad row and creates nothing (whole or nothing)', async () => {
    const file =
      `${HEADER}\n` +
      `${Q},${tag}-B,Good,Rue,1,Paris,FR,48.1,2.1,,\n` +
      `No such template,,Bad 1,Rue,1,Paris,FR,48.1,2.1,,\n` +
      `${Q},${tag}-A,Taken,Rue,1,,FR,48.1,200,private,yes\n` +
      `${Q},,=HYPERLINK("http://x"),Rue,1,Paris,FR,48.1,2.1,,\n` +
      `${Q},${tag}-b,Twice,Rue,1,Paris,FR,48.1,2.1,,\n`;
    const res = await upload(admin, csv(file), { type: 'text/csv' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Report;
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'template'],
      [4, 'city'],
      [4, 'longitude'],
      [4, 'public_peering'],
      [4, 'ocpp_id'],
      [5, 'name'],
      [6, 'ocpp_id'],
    ]);
    expect(body.errors.find((e) => e.row === 5)?.message).toBe('Formulas are not accepted: type the value itself.');
    expect(body.errors.find((e) => e.row === 4 && e.column === 'ocpp_id')?.message).toBe(
      `A station with the OCPP id ${tag}-A already exists.`,
    );
    expect(await stationCount(`${tag}-B`)).toBe(0);
  });

  it('refuses a file that is not a workbook or a CSV, an empty file and no file', async () => {
    const binary = new Uint8Array([0x00, 0xff, 0xfe, 0x00, 0x01, 0x02]);
    const bad = await upload(admin, binary as BodyInit, { type: 'application/octet-stream' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Report).code).toBe('NOT_A_SPREADSHEET');
    const empty = await upload(admin, csv(`${HEADER}\n`), { type: 'text/csv' });
    expect(((await empty.json()) as Report).code).toBe('EMPTY_FILE');
    const none = await upload(admin, new FormData());
    expect(((await none.json()) as Report).code).toBe('NO_FILE');
    const tooMany = `${HEADER}\n${`${Q},,N,A,1,C,FR,48.1,2.1,,\n`.repeat(201)}`;
    const many = await upload(admin, csv(tooMany), { type: 'text/csv' });
    expect(many.status).toBe(400);
    expect(((await many.json()) as Report).code).toBe('TOO_MANY_ROWS');
  });

  it('needs the create-stations permission', async () => {
    const res = await upload(viewer, csv(`${HEADER}\n${Q},,N,A,1,C,FR,48.1,2.1,,\n`), { type: 'text/csv' });
    expect(res.status).toBe(403);
  });

  it('streams progress lines, then the result', async () => {
    const res = await upload(admin, csv(`${HEADER}\n${Q},${tag}-P,P,A,1,C,FR,48.1,2.1,,\n`), {
      type: 'text/csv',
      accept: 'application/x-ndjson',
    });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; phase?: string; status?: number });
    expect(lines.some((l) => l.type === 'progress' && l.phase === 'apply')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ type: 'result', status: 200 });
  });
});
