/** The customer groups API (spec 7.14 customer-type): permission, company scope, membership, the group's session list. */
import { eq } from 'drizzle-orm';
import { unzlibSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { chargingSessions, tariffs } from '../../drizzle/schema';
import { createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const EMP = { empServices: true };
let admin: World;
let session: Session;
let other: World;
let otherSession: Session;

beforeAll(async () => {
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: EMP });
  session = await login(admin.email, admin.password, admin.ip);
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: EMP });
  otherSession = await login(other.email, other.password, other.ip);
});

async function createGroup(s: Session, name = unique('Group')) {
  const res = await call('/customer-type', { ...s, json: { name, max_price_excl_vat: 1500 } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number; name: string; members: number; active: boolean } }).data;
}

describe('customer-type', () => {
  it('creates, lists, refuses a duplicate name, deletes and reactivates', async () => {
    const g = await createGroup(session);
    expect(g).toMatchObject({ members: 0, active: true });
    const dup = await call('/customer-type', { ...session, json: { name: g.name } });
    expect(dup.status).toBe(409);
    const list = (await (await call('/customer-type', session)).json()) as { data: { id: number }[] };
    expect(list.data.map((x) => x.id)).toContain(g.id);
    const del = await call(`/customer-type/${g.id}`, { ...session, method: 'DELETE' });
    expect(((await del.json()) as { data: { active: boolean } }).data.active).toBe(false);
    const back = await call(`/customer-type/${g.id}`, { ...session, method: 'PATCH' });
    expect(((await back.json()) as { data: { active: boolean } }).data.active).toBe(true);
  });

  it('keeps groups to their company tree', async () => {
    const g = await createGroup(session);
    expect((await call(`/customer-type/${g.id}`, otherSession)).status).toBe(404);
    expect((await call(`/customer-type/${g.id}/sessions`, { ...otherSession, json: {} })).status).toBe(404);
    const list = (await (await call('/customer-type', otherSession)).json()) as { data: { id: number }[] };
    expect(list.data.map((x) => x.id)).not.toContain(g.id);
  });

  it('adds members of the tree only, and lists the group’s sessions in the provider variant', async () => {
    const g = await createGroup(session);
    const driver = await createUser(db, { companyId: admin.company.id, email: `${unique('driver')}@example.test` });
    const stranger = await createUser(db, { companyId: other.company.id, email: `${unique('driver')}@example.test` });
    const add = await call(`/customer-type/${g.id}/users/${driver.id}`, { ...session, method: 'PUT' });
    expect(((await add.json()) as { data: { members: number } }).data.members).toBe(1);
    expect((await call(`/customer-type/${g.id}/users/${stranger.id}`, { ...session, method: 'PUT' })).status).toBe(404);
    const page = (await (await call(`/customer-type/${g.id}/sessions`, { ...session, json: {} })).json()) as {
      variant: string;
      total: number;
    };
    expect(page).toMatchObject({ variant: 'emp', total: 0 });
    expect((await call(`/customer-type/${g.id}/sessions`, { ...session, json: { variant: 'multiflow' } })).status).toBe(
      403,
    );
  });

  it('updates the data, validates it, and refuses a name taken by another group', async () => {
    const g = await createGroup(session);
    const taken = await createGroup(session);
    const body = {
      name: unique('Renamed'),
      max_price_excl_vat: null,
      hide_roaming: true,
      disable_payment: true,
      user_privacy: true,
      automatic_private: false,
      linked_company_ids: [admin.company.id],
    };
    const res = await call(`/customer-type/${g.id}`, { ...session, method: 'PUT', json: body });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      id: g.id,
      name: body.name,
      max_price_excl_vat: null,
      hide_roaming: true,
      disable_payment: true,
      user_privacy: true,
      linked_company_ids: [admin.company.id],
    });
    // Keeping its own name is not a conflict; another group's name is.
    expect((await call(`/customer-type/${g.id}`, { ...session, method: 'PUT', json: body })).status).toBe(200);
    const dup = await call(`/customer-type/${g.id}`, {
      ...session,
      method: 'PUT',
      json: { ...body, name: taken.name },
    });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as { code: string }).code).toBe('CUSTOMER_GROUP_NAME_TAKEN');
    for (const bad of [
      { ...body, name: '   ' },
      { ...body, max_price_excl_vat: -1 },
      { ...body, max_price_excl_vat: 1.5 },
      { ...body, unknown: 1 },
    ]) {
      const r = await call(`/customer-type/${g.id}`, { ...session, method: 'PUT', json: bad });
      expect(r.status).toBe(400);
    }
    // Linking a company outside the tree is refused, and nothing changed.
    const out = await call(`/customer-type/${g.id}`, {
      ...session,
      method: 'PUT',
      json: { ...body, name: unique('Other'), linked_company_ids: [other.company.id] },
    });
    expect(out.status).toBe(404);
    const now = (await (await call(`/customer-type/${g.id}`, session)).json()) as { data: { name: string } };
    expect(now.data.name).toBe(body.name);
  });

  it('answers 404 for another company’s group on update and delete', async () => {
    const g = await createGroup(session);
    const put = await call(`/customer-type/${g.id}`, { ...otherSession, method: 'PUT', json: { name: unique('X') } });
    expect(put.status).toBe(404);
    expect((await call(`/customer-type/${g.id}`, { ...otherSession, method: 'DELETE' })).status).toBe(404);
    expect((await (await call(`/customer-type/${g.id}`, session)).json()) as { data: unknown }).toMatchObject({
      data: { name: g.name, active: true },
    });
  });

  it('refuses to delete a group that tariffs or users still refer to', async () => {
    const g = await createGroup(session);
    const driver = await createUser(db, { companyId: admin.company.id, email: `${unique('driver')}@example.test` });
    await call(`/customer-type/${g.id}/users/${driver.id}`, { ...session, method: 'PUT' });
    const [tariff] = await db
      .insert(tariffs)
      .values({
        companyId: admin.company.id,
        type: 'emp',
        name: unique('emp'),
        elementsJson: '[]',
        customerGroupId: g.id,
      })
      .returning();
    const refused = await call(`/customer-type/${g.id}`, { ...session, method: 'DELETE' });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; 'error-msg': string };
    expect(body.code).toBe('CUSTOMER_GROUP_IN_USE');
    expect(body['error-msg']).toContain('1 tariff');
    expect(body['error-msg']).toContain('1 user');
    expect((await (await call(`/customer-type/${g.id}`, session)).json()) as { data: unknown }).toMatchObject({
      data: { active: true },
    });
    await call(`/customer-type/${g.id}/users/${driver.id}`, { ...session, method: 'DELETE' });
    expect((await call(`/customer-type/${g.id}`, { ...session, method: 'DELETE' })).status).toBe(409);
    await db.delete(tariffs).where(eq(tariffs.id, tariff?.id ?? 0));
    const del = await call(`/customer-type/${g.id}`, { ...session, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { data: { active: boolean } }).data.active).toBe(false);
  });

  it('exports exactly the group’s filtered sessions as XLSX and PDF', async () => {
    const g = await createGroup(session);
    const tag = unique('CGX');
    const st = await createStation(db, { uid: tag, name: `${tag} Station`, companyId: admin.company.id });
    const cn = await createConnector(db, { stationId: st.id, connectorNumber: 1, uid: `${tag}-1` });
    const start = Date.UTC(2026, 5, 1, 8);
    const row = (name: string, groupId: number | null, offsetH: number) => ({
      cdrId: `${tag}-${name}`,
      status: 'closed' as const,
      stationId: st.id,
      connectorId: cn.id,
      connectorNumber: 1,
      companyId: st.companyId,
      ownerCompanyId: st.ownerCompanyId,
      startKey: `${tag}-${name}`,
      startAt: new Date(start + offsetH * 3_600_000),
      endAt: new Date(start + (offsetH + 1) * 3_600_000),
      meterStartWh: 0,
      energyWh: 5_000,
      durationS: 3600,
      stationName: st.name,
      authId: `AUTH-${name}`,
      startMethod: 'RFID',
      customerGroupId: groupId,
    });
    await db.insert(chargingSessions).values([row('in', g.id, 0), row('late', g.id, 48), row('out', null, 1)]);
    const june1 = { from: '2026-06-01T00:00:00.000Z', to: '2026-06-02T00:00:00.000Z' };
    const xlsx = await call(`/customer-type/${g.id}/sessions`, { ...session, json: { ...june1, format: 'xlsx' } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.headers.get('x-export-rows')).toBe('1');
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const res = await call(`/customer-type/${g.id}/sessions`, { ...session, json: { ...june1, format: 'pdf' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-export-rows')).toBe('1');
    const file = new Uint8Array(await res.arrayBuffer());
    let text = '';
    for (const b of file) text += String.fromCharCode(b);
    let pages = '';
    const re = /<< \/Length (\d+)(.*?) >>\nstream\n/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const at = m.index + m[0].length;
      const raw = file.subarray(at, at + Number(m[1]));
      const bytes = m[2]?.includes('/FlateDecode') ? unzlibSync(raw) : raw;
      for (const b of bytes) pages += String.fromCharCode(b);
    }
    expect(pages).toContain(`(${tag}-in) Tj`);
    expect(pages).not.toContain(`${tag}-late`);
    expect(pages).not.toContain(`${tag}-out`);
    // Another company's caller gets nothing.
    const theirs = await call(`/customer-type/${g.id}/sessions`, { ...otherSession, json: { format: 'pdf' } });
    expect(theirs.status).toBe(404);
  });

  it('is refused to a fleet manager', async () => {
    const fleet = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { isEvfleet: true } });
    const s = await login(fleet.email, fleet.password, fleet.ip);
    expect((await call('/customer-type', s)).status).toBe(403);
    const g = await createGroup(session);
    expect((await call(`/customer-type/${g.id}`, { ...s, method: 'PUT', json: { name: unique('X') } })).status).toBe(
      403,
    );
    expect((await call(`/customer-type/${g.id}`, { ...s, method: 'DELETE' })).status).toBe(403);
  });
});
