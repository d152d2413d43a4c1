/** Fleet user import (spec 7.8 users/import, users/import/uuid): whole file or nothing, error report, malicious files, scope. */
import { SELF } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../../domain/import/xlsx-reader';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import {
  auditLog,
  corporateGroups,
  fleetCompanySettings,
  rfids,
  userCurrencyLimits,
  users,
} from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { buildWorkbook, type TestCell } from '../support/test-workbook';
import { biffStream, compoundFile, rec, sheetJsXls, u16 } from '../support/test-xls';
import { BASE, call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, mandatoryLicensePlate: true, services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS] };
const HEADER = [
  'email',
  'first_name',
  'last_name',
  'corporate_group',
  'license_plate',
  'can_charge_work',
  'daily_limit',
];

let manager: World;
let session: Session;
let otherSession: Session;
let viewer: Session;
let otherGroupId: number;
const group = unique('Drivers');

interface ImportErrors {
  'error-msg': string;
  code: string;
  errors: { row: number; column: string; value: string; message: string }[];
}

function upload(path: string, s: Session, file: Uint8Array, opts: { accept?: string; query?: string } = {}) {
  const form = new FormData();
  form.append('file', new File([file.slice()], 'users.xlsx', { type: 'application/octet-stream' }));
  return SELF.fetch(`${BASE}/api${path}${opts.query ?? ''}`, {
    method: 'POST',
    headers: {
      cookie: `sid=${s.cookie}`,
      'cf-connecting-ip': s.ip,
      ...(opts.accept ? { accept: opts.accept } : {}),
    },
    body: form,
  });
}

const email = () => `${unique('imported')}@example.test`.toLowerCase();

async function existing(emails: string[]) {
  return db.select().from(users).where(inArray(users.email, emails));
}

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const other = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const view = await createUser(
    db,
    { companyId: manager.company.id, email: email(), password: manager.password, roles: [ROLE.FLEET_MANAGER_VIEW] },
    { iterations: 1000 },
  );
  [session, otherSession, viewer] = await Promise.all([
    login(manager.email, manager.password, manager.ip),
    login(other.email, other.password, other.ip),
    login(view.email, manager.password),
  ]);
  await db.insert(corporateGroups).values({ companyId: manager.company.id, name: group });
  const [o] = await db.insert(corporateGroups).values({ companyId: other.company.id, name: 'Other fleet' }).returning();
  otherGroupId = o?.id ?? 0;
});

describe('a good file', () => {
  it('creates every user with the wizard fields, never the public permission, and audits each', async () => {
    const a = email();
    const b = email();
    const file = buildWorkbook([
      [...HEADER, 'only_private', 'charge_only_with_rfid', 'employee_number'],
      [a, 'Ada', '=1+2', group, 'ab-123-cd', 'yes', 20, null, true, 'E-1'],
      [b.toUpperCase(), '@Bob', 'Stone', group.toUpperCase(), 'EF-456-GH', 'no', '0', 'x', null, null],
    ]);
    const res = await upload('/users/import', session, file);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ variant: 'standard', rows: 2, created: 2, dry_run: false });
    const rows = await existing([a, b]);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get(a)).toMatchObject({
      companyId: manager.company.id,
      firstName: 'Ada',
      // Text that looks like a formula is kept as typed, never evaluated.
      lastName: '=1+2',
      licensePlate: 'AB-123-CD',
      canChargePublic: false,
      canChargeWork: true,
      onlyPrivate: false,
      chargeOnlyWithRfid: true,
      dailyLimit: 20,
      employeeNumber: 'E-1',
    });
    expect(byEmail.get(b)).toMatchObject({
      firstName: '@Bob',
      canChargeWork: false,
      onlyPrivate: true,
      dailyLimit: null,
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.companyId, manager.company.id));
    expect(
      audits.filter((x) => x.action === 'user.create' && rows.some((r) => String(r.id) === x.entityId)),
    ).toHaveLength(2);
    expect(audits.some((x) => x.action === 'user.import')).toBe(true);

    // The list shows them, and the CSV export neutralises the formula-looking text.
    const list = await call('/users', { ...session, json: { keyword: a } });
    expect(((await list.json()) as { data: { email: string }[] }).data.map((u) => u.email)).toEqual([a]);
    const csv = await (await call('/users/export', { ...session, json: { keyword: a } })).text();
    expect(csv).toContain("'=1+2");
  });

  it('imports currency limits in minor units when the company counts limits in money', async () => {
    const money = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
    await db.insert(fleetCompanySettings).values({ companyId: money.company.id, limitUnit: 'currency' });
    await db.insert(corporateGroups).values({ companyId: money.company.id, name: 'Money' });
    const s = await login(money.email, money.password, money.ip);
    const a = email();
    const res = await upload(
      '/users/import',
      s,
      buildWorkbook([HEADER, [a, 'A', 'B', 'Money', 'AB-123-CD', 1, '12.50']]),
    );
    expect(res.status).toBe(200);
    const [u] = await existing([a]);
    expect(u?.dailyLimit).toBeNull();
    const limit = await db
      .select()
      .from(userCurrencyLimits)
      .where(eq(userCurrencyLimits.userId, u?.id ?? 0))
      .get();
    expect(limit).toMatchObject({ dailyMinor: 1250, weeklyMinor: null, monthlyMinor: null });
  });

  it('validates only with dry_run, and streams progress lines ending with the result', async () => {
    const a = email();
    const file = buildWorkbook([HEADER, [a, 'A', 'B', group, 'AB-123-CD', 'yes', null]]);
    const dry = await upload('/users/import', session, file, { query: '?dry_run=true' });
    expect(await dry.json()).toMatchObject({ dry_run: true, rows: 1, created: 0 });
    expect(await existing([a])).toEqual([]);

    const res = await upload('/users/import', session, file, { accept: 'application/x-ndjson' });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = new TextDecoder()
      .decode(await res.arrayBuffer())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; phase?: string; status?: number; body?: { created: number } });
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.phase)).toEqual(
      expect.arrayContaining(['read', 'validate', 'apply']),
    );
    expect(lines.at(-1)).toMatchObject({ type: 'result', status: 200, body: { created: 1 } });
    expect(await existing([a])).toHaveLength(1);
  });
});

describe('bad rows: a report, and nothing applied', () => {
  it('lists row, column, value and message for every problem and creates no one', async () => {
    const good = email();
    const taken = email();
    const dup = email();
    await upload('/users/import', session, buildWorkbook([HEADER, [taken, 'T', 'T', group, 'AB-123-CD', 'yes']]));
    const file = buildWorkbook([
      HEADER,
      [good, 'Good', 'Row', group, 'AB-123-CD', 'yes', 10],
      ['not-an-email', 'A', 'B', group, 'AB-123-CD', 'yes'],
      [taken, 'A', 'B', group, 'AB-123-CD', 'yes'],
      [dup, 'A', 'B', group, 'AB-123-CD', 'yes'],
      [dup.toUpperCase(), 'A', 'B', group, 'AB-123-CD', 'yes'],
      [email(), 'A', 'B', 'No such group', 'AB-123-CD', 'yes'],
      [email(), 'A', 'B', 'Other fleet', 'AB-123-CD', 'yes'],
      [email(), 'A', 'B', group, '1234', 'yes'],
      [email(), 'A', 'B', group, null, 'yes'],
      [email(), 'A', 'B', group, 'AB-123-CD', 'no'],
      [email(), 'A', 'B', group, 'AB-123-CD', 'maybe'],
      [email(), 'A', 'B', group, 'AB-123-CD', 'yes', '12,5'],
      [email(), { formula: 'HYPERLINK("http://x.test","click")', cached: 'click' }, 'B', group, 'AB-123-CD', 'yes'],
      [email(), 'A', 'B', String(otherGroupId), 'AB-123-CD', 'yes'],
    ] as TestCell[][]);
    const res = await upload('/users/import', session, file);
    expect(res.status).toBe(422);
    const body = (await res.json()) as ImportErrors;
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body['error-msg']).toBe('Some rows have errors: nothing was imported. Fix them and upload the file again.');
    expect(body.errors).toEqual([
      { row: 3, column: 'email', value: 'not-an-email', message: 'Enter a valid e-mail address.' },
      { row: 4, column: 'email', value: taken, message: 'A user with this e-mail already exists.' },
      { row: 6, column: 'email', value: dup, message: 'Already used on row 5 of this file.' },
      {
        row: 7,
        column: 'corporate_group',
        value: 'No such group',
        message: 'No corporate group of your companies has this name.',
      },
      {
        row: 8,
        column: 'corporate_group',
        value: 'Other fleet',
        message: 'No corporate group of your companies has this name.',
      },
      {
        row: 9,
        column: 'license_plate',
        value: '1234',
        message: 'The license plate must match the French pattern, e.g. AB-999-CD.',
      },
      { row: 10, column: 'license_plate', value: '', message: 'The license plate is mandatory.' },
      {
        row: 11,
        column: 'can_charge_work',
        value: 'no',
        message: 'At least one charging permission must be chosen.',
      },
      { row: 12, column: 'can_charge_work', value: 'maybe', message: 'Use yes or no.' },
      { row: 13, column: 'daily_limit', value: '12,5', message: 'Use a dot as the decimal separator.' },
      {
        row: 14,
        column: 'first_name',
        value: '=HYPERLINK("http://x.test","click")',
        message: 'Formulas are not accepted: type the value itself.',
      },
      {
        row: 15,
        column: 'corporate_group',
        value: String(otherGroupId),
        message: 'No corporate group of your companies has this name.',
      },
    ]);
    expect(await existing([good, dup])).toEqual([]);
  });

  it('names unknown, duplicate and missing columns, and refuses the public permission column', async () => {
    const res = await upload(
      '/users/import',
      session,
      buildWorkbook([
        ['E-mail', 'Nickname', 'first_name', 'First Name', 'can_charge_public', 'can_charge_work'],
        [email(), 'x', 'a', 'b', 'yes', 'yes'],
      ]),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as ImportErrors;
    expect(body.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [1, 'Nickname', 'Unknown column: use the columns of the template.'],
      [1, 'first_name', 'This column appears twice.'],
      [1, 'can_charge_public', 'The public charging permission is not imported: set it by hand after the import.'],
      [1, 'corporate_group', 'A mandatory column is missing.'],
    ]);
  });
});

describe('files that cannot be imported: a clear error', () => {
  const expectFailure = async (res: Response, status: number, code: string, message: string) => {
    const body = (await res.json()) as { code: string; 'error-msg': string };
    expect({ status: res.status, code: body.code, message: body['error-msg'] }).toEqual({ status, code, message });
  };

  it('refuses a damaged .xls, text, a damaged zip, an empty sheet and no file at all', async () => {
    const xls = new Uint8Array(1024);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expectFailure(
      await upload('/users/import', session, xls),
      400,
      'FILE_DAMAGED',
      'The file cannot be read: it is damaged or not a real .xlsx or .xls workbook.',
    );
    await expectFailure(
      await upload('/users/import', session, strToU8('email;first_name\na@b.test;A')),
      400,
      'NOT_A_SPREADSHEET',
      'The file is not an .xlsx or .xls spreadsheet.',
    );
    const good = buildWorkbook([HEADER, [email(), 'A', 'B', group, 'AB-123-CD', 'yes']]);
    await expectFailure(
      await upload('/users/import', session, good.subarray(0, good.length - 30)),
      400,
      'FILE_DAMAGED',
      'The file cannot be read: it is damaged or not a real .xlsx or .xls workbook.',
    );
    await expectFailure(
      await upload('/users/import', session, buildWorkbook([HEADER])),
      400,
      'EMPTY_FILE',
      'The file has no users to import below the header row.',
    );
    const none = await SELF.fetch(`${BASE}/api/users/import`, {
      method: 'POST',
      headers: { cookie: `sid=${session.cookie}`, 'cf-connecting-ip': session.ip },
    });
    await expectFailure(none, 400, 'NO_FILE', 'Choose an .xlsx file to upload.');
  });

  it('refuses a file over the size limit, a zip bomb and too many rows', async () => {
    const big = new Uint8Array(1100 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await upload('/users/import', session, big);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('BODY_TOO_LARGE');

    const padding = strToU8(`<worksheet><sheetData>${' '.repeat(20 * 1024 * 1024)}</sheetData></worksheet>`);
    const bomb = buildWorkbook([HEADER], { 'xl/worksheets/data.xml': padding });
    expect(bomb.length).toBeLessThan(100 * 1024);
    await expectFailure(
      await upload('/users/import', session, bomb),
      400,
      'FILE_TOO_LARGE',
      'The spreadsheet is too large once unpacked (at most 16 MB): split it into smaller files.',
    );

    const many = buildWorkbook([HEADER, ...Array.from({ length: 5001 }, (_, i) => [`u${i}@x.test`])]);
    await expectFailure(
      await upload('/users/import', session, many),
      400,
      'TOO_MANY_ROWS',
      'The file has more than 5000 rows: split it into several files.',
    );
  });
});

describe('legacy .xls files (Excel 97–2003, written by SheetJS)', () => {
  it('imports a good .xls exactly like an .xlsx: accents, numbers, booleans, empty cells', async () => {
    const a = email();
    const b = email();
    const file = sheetJsXls(
      [
        [...HEADER, 'charge_only_with_rfid'],
        [a, 'Zoë', 'Ünïcødé-Çà', group, 'ab-123-cd', 'yes', 20, true],
        [b, 'Bob', null, group, 'EF-456-GH', 1, null, false],
      ],
      { sst: true },
    );
    const res = await upload('/users/import', session, file);
    expect(await res.json()).toMatchObject({ rows: 2, created: 2 });
    const byEmail = new Map((await existing([a, b])).map((r) => [r.email, r]));
    expect(byEmail.get(a)).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Ünïcødé-Çà',
      licensePlate: 'AB-123-CD',
      canChargeWork: true,
      chargeOnlyWithRfid: true,
      dailyLimit: 20,
    });
    expect(byEmail.get(b)).toMatchObject({
      firstName: 'Bob',
      lastName: null,
      canChargeWork: true,
      chargeOnlyWithRfid: false,
      dailyLimit: null,
    });
  });

  it('applies nothing from an .xls with a bad row, and refuses damaged and encrypted ones', async () => {
    const good = email();
    const res = await upload(
      '/users/import',
      session,
      sheetJsXls([
        HEADER,
        [good, 'A', 'B', group, 'AB-123-CD', 'yes'],
        ['not-an-email', 'A', 'B', group, 'AB-123-CD', 'yes'],
      ]),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as ImportErrors;
    expect(body.errors.map((e) => [e.row, e.column, e.value])).toEqual([[3, 'email', 'not-an-email']]);
    expect(await existing([good])).toEqual([]);

    const whole = sheetJsXls([HEADER, [good, 'A', 'B', group, 'AB-123-CD', 'yes']]);
    const damaged = await upload('/users/import', session, whole.subarray(0, whole.length / 2));
    expect(await damaged.json()).toMatchObject({ code: 'FILE_DAMAGED' });
    const encrypted = compoundFile({
      Workbook: biffStream([rec(0x002f, [...u16(1), ...new Array(52).fill(0)])], [{ records: [] }]),
    });
    const refused = await upload('/users/import', session, encrypted);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'FILE_ENCRYPTED',
      'error-msg':
        'The workbook is password-protected (encrypted): remove the password in Excel (File › Info › Protect Workbook), save it and upload it again.',
    });
    expect(await existing([good])).toEqual([]);
  });
});

describe('permissions and company scope', () => {
  it('refuses a view-only fleet manager (31) and a logged-out caller', async () => {
    const file = buildWorkbook([HEADER, [email(), 'A', 'B', group, 'AB-123-CD', 'yes']]);
    expect((await upload('/users/import', viewer, file)).status).toBe(403);
    expect((await upload('/users/import/uuid', viewer, file)).status).toBe(403);
    const anonymous = await SELF.fetch(`${BASE}/api/users/import`, { method: 'POST', body: file.slice() });
    expect(anonymous.status).toBe(401);
  });

  it("puts users in the caller's selected company, invisible to another company's manager", async () => {
    const a = email();
    const res = await upload('/users/import', session, buildWorkbook([HEADER, [a, 'A', 'B', group, 'AB-123-CD', 1]]));
    expect(res.status).toBe(200);
    const [u] = await existing([a]);
    expect(u?.companyId).toBe(manager.company.id);
    expect((await call(`/users/${u?.id}`, otherSession)).status).toBe(404);
  });
});

describe('import with RFID UUIDs (users/import/uuid)', () => {
  it('creates new cards, hands over free cards of the scope, and refuses taken ones', async () => {
    const free = await createRfid(db, { companyId: manager.company.id, uuid: unique('F').slice(0, 20).toUpperCase() });
    const otherCompanyCard = await createRfid(db, {
      companyId: (await world({ company: FLEET })).company.id,
      uuid: unique('O').slice(0, 20).toUpperCase(),
    });
    const head = [...HEADER, 'rfid_uuid', 'rfid_code'];
    const a = email();
    const b = email();
    const newUuid = unique('N').replaceAll('-', '').slice(0, 16).toLowerCase();
    const bad = buildWorkbook([
      head,
      [a, 'A', 'B', group, 'AB-123-CD', 'yes', null, newUuid, null],
      [b, 'A', 'B', group, 'AB-123-CD', 'yes', null, free.uuid, null],
      [email(), 'A', 'B', group, 'AB-123-CD', 'yes', null, otherCompanyCard.uuid, null],
      [email(), 'A', 'B', group, 'AB-123-CD', 'yes', null, null, 'CODE-1'],
    ]);
    const refused = await upload('/users/import/uuid', session, bad);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ImportErrors).errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [4, 'rfid_uuid', 'An RFID with this UUID already exist.'],
      [5, 'rfid_uuid', "RFID can't be created because a field is missing."],
    ]);

    const good = buildWorkbook([
      head,
      [a, 'A', 'B', group, 'AB-123-CD', 'yes', null, newUuid, 'KH-IMPORT-1'],
      [b, 'A', 'B', group, 'AB-123-CD', 'yes', null, free.uuid, null],
    ]);
    const res = await upload('/users/import/uuid', session, good);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ created: 2, rfids_created: 1, rfids_assigned: 1 });
    const [ua] = await existing([a]);
    const [ub] = await existing([b]);
    const cardA = await db.select().from(rfids).where(eq(rfids.uuid, newUuid.toUpperCase())).get();
    expect(cardA).toMatchObject({ userId: ua?.id, keyHangerCode: 'KH-IMPORT-1', companyId: manager.company.id });
    const cardB = await db.select().from(rfids).where(eq(rfids.id, free.id)).get();
    expect(cardB?.userId).toBe(ub?.id);

    // The same card again: already assigned now.
    const again = await upload(
      '/users/import/uuid',
      session,
      buildWorkbook([head, [email(), 'A', 'B', group, 'AB-123-CD', 'yes', null, free.uuid, null]]),
    );
    expect(((await again.json()) as ImportErrors).errors[0]?.message).toBe('The RFID is already assigned to a user.');
  });
});

describe('template', () => {
  it('downloads the header row of each variant as .xlsx, readable by the importer', async () => {
    const res = await call('/users/import/template?variant=uuid', session);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('fleet-users-import-uuid.xlsx');
    const rows = readXlsx(new Uint8Array(await res.arrayBuffer()));
    const header = [...(rows[0]?.cells.values() ?? [])].map((c) => (c.kind === 'text' ? c.text : ''));
    expect(header).toContain('email');
    expect(header).toContain('rfid_uuid');
    expect(header).not.toContain('can_charge_public');
    expect((await call('/users/import/template', viewer)).status).toBe(403);
  });
});
