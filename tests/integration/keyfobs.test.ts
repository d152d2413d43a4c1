/** The key hangers API (spec 7.19): every endpoint, its messages, company scope and irreversibility. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, services: [SERVICE.KEY_HANGERS] };
const MSG = {
  exists: 'An RFID with this UUID already exist.',
  missing: "RFID can't be created because a field is missing.",
  notFound: "The RFID doesn't exist.",
  assigned: 'The RFID is already assigned to a user.',
  notActive: 'The RFID is blocked or unlinked: this cannot be undone, and the RFID can no longer be changed.',
};

interface Keyfob {
  id: number;
  company_id: number;
  key_hanger_code: string;
  uuid: string;
  type: string;
  status: string;
  user_id: number | null;
  user: { id: number; email: string } | null;
  expires_at: string | null;
  expired: boolean;
}

const uuid = () => unique('U').replace(/\W/g, '').slice(-16).toLowerCase();
let manager: World;
let session: Session;
let other: World;
let driver: Awaited<ReturnType<typeof createUser>>;

async function driverOf(w: World) {
  return createUser(db, { companyId: w.company.id, email: `${unique('driver')}@example.test` });
}

async function created(code: string, id = uuid()): Promise<Keyfob> {
  const res = await call('/keyfob', { ...session, json: { code, uuid: id } });
  expect(res.status).toBe(201);
  return (await res.json()) as Keyfob;
}

const auditRows = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'rfid'), eq(auditLog.entityId, String(id))));

beforeAll(async () => {
  manager = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
  session = await login(manager.email, manager.password, manager.ip);
  other = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
  driver = await driverOf(manager);
});

describe('POST /keyfob and /keyfob/create/uuid/{uuid}', () => {
  it('creates a card from code and UUID, stores the UUID upper-case and audits it', async () => {
    const id = uuid();
    const card = await created('VIS-001', id);
    expect(card).toMatchObject({
      company_id: manager.company.id,
      key_hanger_code: 'VIS-001',
      uuid: id.toUpperCase(),
      type: 'rfid',
      status: 'active',
      user_id: null,
      user: null,
      expired: false,
    });
    const rows = await auditRows(card.id);
    expect(rows.map((r) => [r.action, r.actorUserId, r.companyId])).toEqual([
      ['rfid.create', manager.user.id, manager.company.id],
    ]);
  });

  it.each([
    { body: { uuid: 'ABC123' }, field: 'code' },
    { body: { code: 'VIS-002' }, field: 'uuid' },
    { body: { code: '  ', uuid: 'ABC124' }, field: 'code' },
    { body: { code: 'VIS-003', uuid: '' }, field: 'uuid' },
  ])('refuses a missing $field', async ({ body, field }) => {
    const res = await call('/keyfob', { ...session, json: body });
    await expectError(res, 400, { code: 'VALIDATION_FAILED', message: MSG.missing, field });
  });

  it('refuses an existing UUID, whatever its case and whichever company holds it', async () => {
    const card = await created('VIS-004');
    const res = await call('/keyfob', { ...session, json: { code: 'VIS-005', uuid: card.uuid.toLowerCase() } });
    await expectError(res, 409, { code: 'RFID_UUID_EXISTS', message: MSG.exists, field: 'uuid' });
    const theirs = await createRfid(db, { companyId: other.company.id, uuid: uuid() });
    const again = await call(`/keyfob/create/uuid/${theirs.uuid}`, { ...session, method: 'POST' });
    await expectError(again, 409, { code: 'RFID_UUID_EXISTS', message: MSG.exists, field: 'uuid' });
  });

  it('refuses a UUID longer than an OCPP idTag and unknown fields', async () => {
    const long = await call('/keyfob', { ...session, json: { code: 'X', uuid: 'A'.repeat(21) } });
    expect(((await long.json()) as { field: string }).field).toBe('uuid');
    expect(long.status).toBe(400);
    const extra = await call('/keyfob', { ...session, json: { code: 'X', uuid: uuid(), user: 1 } });
    expect({ status: extra.status, code: ((await extra.json()) as { code: string }).code }).toEqual({
      status: 400,
      code: 'UNKNOWN_FIELD',
    });
  });

  it('creates from the UUID alone with a generated visual code', async () => {
    const id = uuid();
    const res = await call(`/keyfob/create/uuid/${id}`, { ...session, method: 'POST' });
    expect(res.status).toBe(201);
    const card = (await res.json()) as Keyfob;
    expect(card.uuid).toBe(id.toUpperCase());
    expect(card.key_hanger_code).toMatch(/^KH-[A-Z2-9]{8}$/);
    expect((await auditRows(card.id)).map((r) => r.action)).toEqual(['rfid.create']);
  });
});

describe('GET /keyfob/{id}, /keyfob/types, /keyfob/check', () => {
  it('reads a card of the scope; another company’s card and an unknown id are unknown', async () => {
    const card = await created('VIS-010');
    const res = await call(`/keyfob/${card.id}`, session);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(card);
    const theirs = await createRfid(db, { companyId: other.company.id, uuid: uuid() });
    await expectError(await call(`/keyfob/${theirs.id}`, session), 404, {
      code: 'RFID_NOT_FOUND',
      message: MSG.notFound,
    });
    await expectError(await call('/keyfob/987654321', session), 404, {
      code: 'RFID_NOT_FOUND',
      message: MSG.notFound,
    });
  });

  it('lists the types', async () => {
    const res = await call('/keyfob/types', session);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([
      'rfid',
      'keyfob',
      'sticker',
    ]);
  });

  it('checks validity: unknown, unassigned, valid, expired; other companies’ cards read as unknown', async () => {
    const check = async (u: string) =>
      (await (await call(`/keyfob/check?uuid=${u}`, session)).json()) as Record<string, unknown>;
    expect(await check('NOSUCHCARD')).toMatchObject({ exists: false, valid: false, user: null });
    const card = await createRfid(db, { companyId: manager.company.id, uuid: uuid() });
    expect(await check(card.uuid.toLowerCase())).toMatchObject({
      exists: true,
      valid: false,
      status: 'active',
      reason: 'The RFID is not assigned to a user.',
    });
    const valid = await createRfid(db, { companyId: manager.company.id, uuid: uuid(), userId: driver.id });
    expect(await check(valid.uuid)).toMatchObject({ exists: true, valid: true, user: { id: driver.id } });
    const expired = await createRfid(db, {
      companyId: manager.company.id,
      uuid: uuid(),
      userId: driver.id,
      expiresAt: new Date('2020-01-01T00:00:00Z'),
    });
    expect(await check(expired.uuid)).toMatchObject({ exists: true, valid: false, expired: true });
    const theirs = await createRfid(db, { companyId: other.company.id, uuid: uuid() });
    expect(await check(theirs.uuid)).toMatchObject({ exists: false, valid: false });
    await expectError(await call('/keyfob/check', session), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Some validation errors, fix them before resubmitting.',
      field: 'uuid',
    });
  });
});

describe('POST /keyfob/all', () => {
  it('filters by keyword, status and user, paginates from page 0 and stays in the scope', async () => {
    const w = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
    const s = await login(w.email, w.password, w.ip);
    const d = await createUser(db, {
      companyId: w.company.id,
      email: `${unique('zoe')}@example.test`,
      firstName: 'Zoé',
    });
    await createRfid(db, { companyId: w.company.id, uuid: uuid(), keyHangerCode: 'AAA-1', userId: d.id });
    await createRfid(db, { companyId: w.company.id, uuid: uuid(), keyHangerCode: 'BBB-2', status: 'blocked' });
    await createRfid(db, { companyId: w.company.id, uuid: uuid(), keyHangerCode: 'CCC-3' });
    await createRfid(db, { companyId: other.company.id, uuid: uuid(), keyHangerCode: 'AAA-9' });
    const list = async (filters: object) => {
      const res = await call('/keyfob/all', { ...s, json: filters });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: Keyfob[]; total: number; page: number; items_per_page: number };
    };
    const all = await list({});
    expect({ total: all.total, page: all.page, items_per_page: all.items_per_page }).toEqual({
      total: 3,
      page: 0,
      items_per_page: 10,
    });
    expect((await list({ keyword: 'aaa' })).data.map((k) => k.key_hanger_code)).toEqual(['AAA-1']);
    expect((await list({ keyword: 'zoé' })).data.map((k) => k.key_hanger_code)).toEqual(['AAA-1']);
    expect((await list({ status: 'blocked' })).data.map((k) => k.key_hanger_code)).toEqual(['BBB-2']);
    expect((await list({ user: d.id })).data.map((k) => k.user?.id)).toEqual([d.id]);
    const second = await list({ page: 1, items_per_page: 2 });
    expect({ total: second.total, codes: second.data.map((k) => k.key_hanger_code) }).toEqual({
      total: 3,
      codes: ['AAA-1'],
    });
    const bad = await call('/keyfob/all', { ...s, json: { page: -1 } });
    expect({ status: bad.status, field: ((await bad.json()) as { field: string }).field }).toEqual({
      status: 400,
      field: 'page',
    });
  });
});

describe('PUT /keyfob/{id}', () => {
  it('assigns to a user of the scope, sets type and expiry, and audits the change', async () => {
    const card = await created('VIS-020');
    const res = await call(`/keyfob/${card.id}`, {
      ...session,
      method: 'PUT',
      json: { user_id: driver.id, type: 'keyfob', expires_at: '2030-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      user_id: driver.id,
      user: { id: driver.id, email: driver.email },
      type: 'keyfob',
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    expect((await auditRows(card.id)).map((r) => r.action)).toEqual(['rfid.create', 'rfid.update']);
    // The same user again is not a conflict.
    const same = await call(`/keyfob/${card.id}`, { ...session, method: 'PUT', json: { user_id: driver.id } });
    expect(same.status).toBe(200);
  });

  it('refuses a card already assigned to someone else, a user outside the scope and another company’s card', async () => {
    const card = await created('VIS-021');
    await call(`/keyfob/${card.id}`, { ...session, method: 'PUT', json: { user_id: driver.id } });
    const second = await driverOf(manager);
    const res = await call(`/keyfob/${card.id}`, { ...session, method: 'PUT', json: { user_id: second.id } });
    await expectError(res, 409, { code: 'RFID_ALREADY_ASSIGNED', message: MSG.assigned, field: 'user_id' });

    const fresh = await created('VIS-022');
    const outsider = await driverOf(other);
    const out = await call(`/keyfob/${fresh.id}`, { ...session, method: 'PUT', json: { user_id: outsider.id } });
    await expectError(out, 404, { code: 'USER_NOT_FOUND', message: 'User not found', field: 'user_id' });

    const theirs = await createRfid(db, { companyId: other.company.id, uuid: uuid() });
    const put = await call(`/keyfob/${theirs.id}`, { ...session, method: 'PUT', json: { type: 'sticker' } });
    await expectError(put, 404, { code: 'RFID_NOT_FOUND', message: MSG.notFound });
  });

  it('answers in the user’s language', async () => {
    const w = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET, user: { language: 'fr' } });
    const s = await login(w.email, w.password, w.ip);
    await expectError(await call('/keyfob/987654321', s), 404, {
      code: 'RFID_NOT_FOUND',
      message: "Le RFID n'existe pas.",
    });
  });
});

describe('DELETE /keyfob/{id} and /keyfob/{id}/unlink', () => {
  it('blocks irreversibly', async () => {
    const card = await created('VIS-030');
    const res = await call(`/keyfob/${card.id}`, { ...session, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'blocked' });
    for (const [path, method, json] of [
      [`/keyfob/${card.id}`, 'DELETE', undefined],
      [`/keyfob/${card.id}/unlink`, 'DELETE', undefined],
      [`/keyfob/${card.id}`, 'PUT', { user_id: driver.id }],
    ] as const) {
      await expectError(await call(path, { ...session, method, json }), 409, {
        code: 'RFID_NOT_ACTIVE',
        message: MSG.notActive,
      });
    }
    expect((await auditRows(card.id)).map((r) => r.action)).toEqual(['rfid.create', 'rfid.block']);
  });

  it('unlinks irreversibly, forgetting the user but keeping it in the audit', async () => {
    const card = await created('VIS-031');
    await call(`/keyfob/${card.id}`, { ...session, method: 'PUT', json: { user_id: driver.id } });
    const res = await call(`/keyfob/${card.id}/unlink`, { ...session, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'unlinked', user_id: null, user: null });
    await expectError(
      await call(`/keyfob/${card.id}`, { ...session, method: 'PUT', json: { user_id: driver.id } }),
      409,
      {
        code: 'RFID_NOT_ACTIVE',
        message: MSG.notActive,
      },
    );
    await expectError(await call(`/keyfob/${card.id}`, { ...session, method: 'DELETE' }), 409, {
      code: 'RFID_NOT_ACTIVE',
      message: MSG.notActive,
    });
    const rows = await auditRows(card.id);
    expect(rows.map((r) => r.action)).toEqual(['rfid.create', 'rfid.update', 'rfid.unlink']);
    expect(JSON.parse(rows[2]?.detailJson ?? '{}')).toEqual({ previousUserId: driver.id });
  });

  it('does not touch another company’s card', async () => {
    const theirs = await createRfid(db, { companyId: other.company.id, uuid: uuid() });
    for (const path of [`/keyfob/${theirs.id}`, `/keyfob/${theirs.id}/unlink`]) {
      await expectError(await call(path, { ...session, method: 'DELETE' }), 404, {
        code: 'RFID_NOT_FOUND',
        message: MSG.notFound,
      });
    }
  });
});

describe('company scope', () => {
  it('lets a parent company manage the cards of its descendants, not the other way round', async () => {
    const parent = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
    const child = await world({
      roles: [ROLE.RFID_MANAGEMENT],
      company: { ...FLEET, parentCompanyId: parent.company.id },
    });
    const parentCard = await createRfid(db, { companyId: parent.company.id, uuid: uuid() });
    const childCard = await createRfid(db, { companyId: child.company.id, uuid: uuid() });
    const asParent = await login(parent.email, parent.password, parent.ip);
    const asChild = await login(child.email, child.password, child.ip);
    expect((await call(`/keyfob/${childCard.id}`, asParent)).status).toBe(200);
    expect((await call(`/keyfob/${parentCard.id}`, asChild)).status).toBe(404);
    const listed = (await (await call('/keyfob/all', { ...asParent, json: {} })).json()) as { data: Keyfob[] };
    expect(listed.data.map((k) => k.id).sort()).toEqual([parentCard.id, childCard.id].sort());
  });
});

describe('permission', () => {
  it('answers 403 to a role without fleet:key-hangers, and without service 47', async () => {
    const viewer = await world({ roles: [ROLE.FLEET_MANAGER_VIEW], company: FLEET });
    const s = await login(viewer.email, viewer.password, viewer.ip);
    const forbidden = "Forbidden resource. You don't have the permission to request this resource.";
    await expectError(await call('/keyfob/all', { ...s, json: {} }), 403, { code: 'FORBIDDEN', message: forbidden });
    await expectError(await call('/keyfob/types', s), 403, { code: 'FORBIDDEN', message: forbidden });
    const noService = await world({ roles: [ROLE.RFID_MANAGEMENT], company: { isEvfleet: true } });
    const s2 = await login(noService.email, noService.password, noService.ip);
    await expectError(await call('/keyfob', { ...s2, json: { code: 'A', uuid: uuid() } }), 403, {
      code: 'FORBIDDEN',
      message: forbidden,
    });
  });
});
