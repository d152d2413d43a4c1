/** The customer groups API (spec 7.14 customer-type): permission, company scope, membership, the group's session list. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { createUser } from '../../drizzle/seed/factories';
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

  it('is refused to a fleet manager', async () => {
    const fleet = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { isEvfleet: true } });
    const s = await login(fleet.email, fleet.password, fleet.ip);
    expect((await call('/customer-type', s)).status).toBe(403);
  });
});
