/**
 * What the key hanger screens use (issue 24 section 4) and the RFID fields of section 2: list
 * filters, group id and expiry in one call, the check against the real Authorize decision at a
 * station, the pickers, the import, company scope (ADR 005: another company's card is unknown) and
 * the permission of role 59 with service 47.
 */

import { SELF } from 'cloudflare:test';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog, rfids } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { buildWorkbook, type TestCell } from '../support/test-workbook';
import {
  BASE,
  call,
  db,
  expectError,
  failOnConsoleError,
  login,
  type Session,
  unique,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, services: [SERVICE.KEY_HANGERS] };
const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const uuid = () => unique('K').replace(/\W/g, '').slice(-16).toUpperCase();

interface Keyfob {
  id: number;
  uuid: string;
  key_hanger_code: string;
  status: string;
  parent_id_tag: string | null;
  expires_at: string | null;
  expired: boolean;
  user_id: number | null;
}
interface Check {
  exists: boolean;
  status: string | null;
  user: { id: number } | null;
  decision: { status: string; reason: string; parent_id_tag: string | null; station: { id: number } } | null;
}

let manager: World;
let s: Session;
let other: World;
let driver: Awaited<ReturnType<typeof createUser>>;
let publicStation: Awaited<ReturnType<typeof createStation>>;
let foreignPrivate: Awaited<ReturnType<typeof createStation>>;

beforeAll(async () => {
  manager = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
  s = await login(manager.email, manager.password, manager.ip);
  other = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
  driver = await createUser(db, {
    companyId: manager.company.id,
    email: `${unique('driver')}@example.test`,
    firstName: 'Inès',
    canChargePublic: true,
  });
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  publicStation = await createStation(db, { uid: unique('PUB'), name: unique('Gare'), companyId: operator.id });
  foreignPrivate = await createStation(db, { uid: unique('PRV'), companyId: operator.id, type: 'private' });
});

const json = async <T>(res: Response, status = 200) => {
  expect(res.status).toBe(status);
  return (await res.json()) as T;
};
const check = (u: string, stationId?: number) =>
  call(`/keyfob/check?uuid=${u}${stationId ? `&station_id=${stationId}` : ''}`, s);

describe('RFID fields: group id and expiry in one call', () => {
  it('creates with parent_id_tag and expiry, changes them with one PUT, and the card answers Expired past it', async () => {
    const card = await json<Keyfob>(
      await call('/keyfob', {
        ...s,
        json: { code: 'GRP-1', uuid: uuid(), parent_id_tag: 'fleet-a', expires_at: '2020-01-01T00:00:00Z' },
      }),
      201,
    );
    expect(card).toMatchObject({
      parent_id_tag: 'FLEET-A',
      expires_at: '2020-01-01T00:00:00.000Z',
      expired: true,
      status: 'active',
    });
    const put = await json<Keyfob>(
      await call(`/keyfob/${card.id}`, {
        ...s,
        method: 'PUT',
        json: { user_id: driver.id, parent_id_tag: 'FLEET-B', expires_at: '2999-01-01T00:00:00Z' },
      }),
    );
    expect(put).toMatchObject({ parent_id_tag: 'FLEET-B', expired: false, user_id: driver.id });
    const expired = await json<Keyfob>(
      await call(`/keyfob/${card.id}`, { ...s, method: 'PUT', json: { expires_at: '2021-06-01T00:00:00Z' } }),
    );
    expect(expired.expired).toBe(true);
    const answer = await json<Check>(await check(card.uuid, publicStation.id));
    expect(answer.decision).toMatchObject({ status: 'Expired', parent_id_tag: 'FLEET-B' });
  });

  it('creates from the UUID alone with the same optional fields, and refuses a malformed group id', async () => {
    const card = await json<Keyfob>(
      await call(`/keyfob/create/uuid/${uuid()}`, { ...s, json: { parent_id_tag: 'G1', type: 'sticker' } }),
      201,
    );
    expect(card).toMatchObject({ parent_id_tag: 'G1', key_hanger_code: expect.stringMatching(/^KH-/) });
    const bad = await call('/keyfob', { ...s, json: { code: 'X', uuid: uuid(), parent_id_tag: 'has space' } });
    expect({ status: bad.status, field: ((await bad.json()) as { field: string }).field }).toEqual({
      status: 400,
      field: 'parent_id_tag',
    });
  });
});

describe('POST /keyfob/all filters of the list screen', () => {
  it('filters assigned and free cards, and active against expired ones', async () => {
    const w = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
    const ws = await login(w.email, w.password, w.ip);
    const d = await createUser(db, { companyId: w.company.id, email: `${unique('d')}@example.test` });
    await createRfid(db, { companyId: w.company.id, uuid: uuid(), keyHangerCode: 'ASSIGNED', userId: d.id });
    await createRfid(db, { companyId: w.company.id, uuid: uuid(), keyHangerCode: 'FREE' });
    await createRfid(db, {
      companyId: w.company.id,
      uuid: uuid(),
      keyHangerCode: 'OLD',
      expiresAt: new Date('2020-01-01T00:00:00Z'),
    });
    const codes = async (filters: object) =>
      (await json<{ data: Keyfob[] }>(await call('/keyfob/all', { ...ws, json: filters }))).data
        .map((k) => k.key_hanger_code)
        .sort();
    expect(await codes({ assigned: true })).toEqual(['ASSIGNED']);
    expect(await codes({ assigned: false })).toEqual(['FREE', 'OLD']);
    expect(await codes({ status: 'expired' })).toEqual(['OLD']);
    expect(await codes({ status: 'active' })).toEqual(['ASSIGNED', 'FREE']);
  });
});

describe('GET /keyfob/check at a station: the charge point’s own decision', () => {
  it('answers Accepted for a valid card, then Blocked once blocked (irreversibly), with the reason', async () => {
    const card = await createRfid(db, { companyId: manager.company.id, uuid: uuid(), userId: driver.id });
    const accepted = await json<Check>(await check(card.uuid, publicStation.id));
    expect(accepted).toMatchObject({
      exists: true,
      status: 'active',
      user: { id: driver.id },
      decision: { status: 'Accepted', station: { id: publicStation.id } },
    });
    expect((await call(`/keyfob/${card.id}`, { ...s, method: 'DELETE' })).status).toBe(200);
    const blocked = await json<Check>(await check(card.uuid, publicStation.id));
    expect(blocked.decision).toMatchObject({ status: 'Blocked', reason: 'The RFID has been blocked.' });
    // Irreversible: no call makes it active again.
    await expectError(await call(`/keyfob/${card.id}`, { ...s, method: 'PUT', json: { expires_at: null } }), 409, {
      code: 'RFID_NOT_ACTIVE',
      message: 'The RFID is blocked or unlinked: this cannot be undone, and the RFID can no longer be changed.',
    });
    expect((await db.select().from(rfids).where(eq(rfids.id, card.id)).get())?.status).toBe('blocked');
  });

  it('answers a free card Invalid, and says why', async () => {
    const card = await createRfid(db, { companyId: manager.company.id, uuid: uuid() });
    const answer = await json<Check>(await check(card.uuid, publicStation.id));
    expect(answer.decision).toMatchObject({ status: 'Invalid', reason: 'The RFID is not assigned to a user.' });
  });

  it('reads another company’s card as unknown, even at a station where it would be accepted', async () => {
    const theirDriver = await createUser(db, {
      companyId: other.company.id,
      email: `${unique('their')}@example.test`,
      canChargePublic: true,
    });
    const theirs = await createRfid(db, { companyId: other.company.id, uuid: uuid(), userId: theirDriver.id });
    const answer = await json<Check>(await check(theirs.uuid, publicStation.id));
    expect(answer).toMatchObject({ exists: false, status: null, user: null, decision: { status: 'Invalid' } });
    expect(answer.decision?.reason).toBe('Unknown RFID: no card has this UUID.');
  });

  it('refuses a station the scope may not check at: another operator’s private station, an unknown id', async () => {
    const card = await createRfid(db, { companyId: manager.company.id, uuid: uuid(), userId: driver.id });
    for (const id of [foreignPrivate.id, 987654321]) {
      await expectError(await check(card.uuid, id), 404, {
        code: 'STATION_NOT_FOUND',
        message: 'Unknown station, or not one your cards may be checked at.',
        field: 'station_id',
      });
    }
  });
});

describe('pickers', () => {
  it('offers public stations and the scope’s own, never another operator’s private one', async () => {
    const own = await createStation(db, { uid: unique('OWN'), companyId: manager.company.id, type: 'private' });
    const ids = async (keyword: string) =>
      (await json<{ data: { id: number }[] }>(await call(`/keyfob/stations?keyword=${keyword}`, s))).data.map(
        (x) => x.id,
      );
    expect(await ids(publicStation.uid)).toEqual([publicStation.id]);
    expect(await ids(own.uid)).toEqual([own.id]);
    expect(await ids(foreignPrivate.uid)).toEqual([]);
  });

  it('offers active users of the scope only', async () => {
    const outsider = await createUser(db, { companyId: other.company.id, email: `${unique('ines')}@example.test` });
    const found = await json<{ data: { id: number }[] }>(await call('/keyfob/users?keyword=inès', s));
    expect(found.data.map((u) => u.id)).toEqual([driver.id]);
    const none = await json<{ data: unknown[] }>(await call(`/keyfob/users?keyword=${outsider.email}`, s));
    expect(none.data).toEqual([]);
  });
});

function upload(file: Uint8Array, name: string, query = '', who: Session = s) {
  const form = new FormData();
  form.append('file', new File([file.slice()], name, { type: 'application/octet-stream' }));
  return SELF.fetch(`${BASE}/api/keyfob/import${query}`, {
    method: 'POST',
    headers: { cookie: `sid=${who.cookie}`, 'cf-connecting-ip': who.ip },
    body: form,
  });
}

describe('POST /keyfob/import', () => {
  const HEADER: TestCell[] = ['uuid', 'code', 'type', 'parent_id_tag', 'expires_at', 'user_email'];

  it('imports every row of an .xlsx, generating missing codes and assigning users, after a dry run that writes nothing', async () => {
    const [a, b] = [uuid(), uuid()];
    const file = buildWorkbook([HEADER, [a, 'IMP-A', 'keyfob', 'grp', '2030-12-31', driver.email], [b, null, null]]);
    const dry = await json<{ rows: number; created: number }>(await upload(file, 'cards.xlsx', '?dry_run=true'));
    expect(dry).toMatchObject({ rows: 2, created: 0 });
    expect(
      await db
        .select()
        .from(rfids)
        .where(inArray(rfids.uuid, [a, b])),
    ).toEqual([]);
    expect(await json(await upload(file, 'cards.xlsx'))).toMatchObject({ rows: 2, created: 2, assigned: 1 });
    const rows = await db
      .select()
      .from(rfids)
      .where(inArray(rfids.uuid, [a, b]));
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    expect(byUuid.get(a)).toMatchObject({
      companyId: manager.company.id,
      keyHangerCode: 'IMP-A',
      type: 'keyfob',
      parentIdTag: 'GRP',
      userId: driver.id,
      expiresAt: new Date('2031-01-01T00:00:00Z'),
    });
    expect(byUuid.get(b)?.keyHangerCode).toMatch(/^KH-[A-Z2-9]{8}$/);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'rfid.create'),
          inArray(
            auditLog.entityId,
            rows.map((r) => String(r.id)),
          ),
        ),
      );
    expect(audits).toHaveLength(2);
  });

  it('imports nothing when a row is wrong, and names every wrong row', async () => {
    const taken = await createRfid(db, { companyId: other.company.id, uuid: uuid() });
    const fine = uuid();
    const csv = [
      'uuid;code;type;user_email',
      `${fine};OK-1;rfid;`,
      `${taken.uuid};OK-2;;`,
      `${fine};OK-3;;`,
      `;OK-4;;`,
      `${uuid()};OK-5;badge;`,
      `${uuid()};OK-6;;nobody@example.test`,
    ].join('\n');
    const res = await upload(new TextEncoder().encode(csv), 'cards.csv');
    const body = await json<{ code: string; errors: { row: number; column: string; message: string }[] }>(res, 422);
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'uuid', 'An RFID with this UUID already exist.'],
      [4, 'uuid', 'Already used on row 2 of this file.'],
      [5, 'uuid', "RFID can't be created because a field is missing."],
      [6, 'type', 'Unknown type: use one of rfid, keyfob, sticker.'],
      [7, 'user_email', 'User not found'],
    ]);
    expect(await db.select().from(rfids).where(eq(rfids.uuid, fine))).toEqual([]);
  });

  it('refuses a file that is no spreadsheet, and one with no rows', async () => {
    await expectError(await upload(new Uint8Array([0, 1, 2, 3]), 'x.bin'), 400, {
      code: 'NOT_A_SPREADSHEET',
      message: 'The file is not an .xlsx or .xls workbook or a .csv file.',
    });
    await expectError(await upload(buildWorkbook([HEADER]), 'empty.xlsx'), 400, {
      code: 'EMPTY_FILE',
      message: 'The file has no cards to import below the header row.',
    });
  });
});

describe('permission: role 59 with service 47', () => {
  it('refuses every new route to a role without the key hanger permission, and without service 47', async () => {
    const viewer = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
    const vs = await login(viewer.email, viewer.password, viewer.ip);
    const noService = await world({ roles: [ROLE.RFID_MANAGEMENT], company: { isEvfleet: true } });
    const ns = await login(noService.email, noService.password, noService.ip);
    for (const who of [vs, ns]) {
      for (const res of [
        await call('/keyfob/stations', who),
        await call('/keyfob/users', who),
        await call(`/keyfob/check?uuid=ABC&station_id=${publicStation.id}`, who),
        await call('/keyfob/import/template', who),
        await upload(buildWorkbook([['uuid'], [uuid()]]), 'a.xlsx', '', who),
      ]) {
        await expectError(res, 403, { code: 'FORBIDDEN', message: FORBIDDEN });
      }
    }
  });
});
