/** Company groups (spec 7.20, issue 20 part 4): the tree of four levels, membership, labels, picked levels, scope and service setting 44. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog, stations, users } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const GROUPS = { services: [SERVICE.COMPANY_GROUPS] };
let net: World;
let session: Session;
let otherSession: Session;

beforeAll(async () => {
  net = await world({ roles: [ROLE.NETWORK_MANAGER], company: { ...GROUPS, cpms: 'public' } });
  session = await login(net.email, net.password, net.ip);
  const other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: GROUPS });
  otherSession = await login(other.email, other.password, other.ip);
});

type Group = { id: number; level: number; path: string[]; stations: number; users: number; children: number };
async function create(s: Session, body: Record<string, unknown>) {
  const res = await call('/company-groups', { ...s, json: body });
  return { status: res.status, body: (await res.json()) as { data: Group; 'error-msg'?: string } };
}

describe('company groups', () => {
  it('builds the four levels as a tree and refuses a group out of place', async () => {
    const region = await create(session, { name: unique('North'), level: 1 });
    expect(region.status).toBe(201);
    const city = await create(session, { name: 'Lyon', level: 2, parent_id: region.body.data.id });
    expect(city.body.data.path).toEqual([expect.stringContaining('North'), 'Lyon']);
    const skip = await create(session, { name: 'Depot', level: 3, parent_id: region.body.data.id });
    expect(skip.status).toBe(400);
    expect(skip.body['error-msg']).toBe('The parent must be a group of the level just above, in the same company');
    expect((await create(session, { name: 'Orphan', level: 2 })).status).toBe(400);
    const dup = await create(session, { name: 'LYON', level: 2, parent_id: region.body.data.id });
    expect(dup.status).toBe(409);
    const tree = (await (await call('/company-groups/recursive', session)).json()) as {
      data: { company_id: number; groups: { id: number; children: { name: string }[] }[] }[];
    };
    const mine = tree.data.find((c) => c.company_id === net.company.id);
    expect(mine?.groups.find((g) => g.id === region.body.data.id)?.children.map((c) => c.name)).toEqual(['Lyon']);
    const level2 = (await (await call('/company-groups?level=2', session)).json()) as { data: Group[]; total: number };
    expect(level2.data.map((g) => g.id)).toContain(city.body.data.id);
    expect(level2.data.every((g) => g.level === 2)).toBe(true);
  });

  it('assigns a station and a user with the group’s path, counts them, and removing keeps the levels above', async () => {
    const region = (await create(session, { name: unique('South'), level: 1 })).body.data;
    const city = (await create(session, { name: 'Nice', level: 2, parent_id: region.id })).body.data;
    const station = await createStation(db, { uid: unique('CP'), companyId: net.company.id });
    const driver = await createUser(db, { companyId: net.company.id, email: `${unique('d')}@example.test` });
    expect(
      (await call(`/company-groups/${city.id}/connectors/${station.id}`, { ...session, method: 'PUT' })).status,
    ).toBe(200);
    expect((await call(`/company-groups/${city.id}/users/${driver.id}`, { ...session, method: 'PUT' })).status).toBe(
      200,
    );
    const row = await db.select().from(stations).where(eq(stations.id, station.id)).get();
    expect([row?.group1Id, row?.group2Id, row?.group3Id]).toEqual([region.id, city.id, null]);
    const counted = (await (await call(`/company-groups/${region.id}`, session)).json()) as { data: Group };
    expect(counted.data).toMatchObject({ stations: 1, users: 1, children: 1 });
    const members = (await (await call(`/company-groups/connectors?group_id=${city.id}`, session)).json()) as {
      data: { id: number }[];
    };
    expect(members.data.map((m) => m.id)).toEqual([station.id]);
    const out = await call(`/company-groups/${city.id}/users/${driver.id}`, { ...session, method: 'DELETE' });
    expect(out.status).toBe(200);
    const u = await db.select().from(users).where(eq(users.id, driver.id)).get();
    expect([u?.group1Id, u?.group2Id]).toEqual([region.id, null]);
    // Not a member any more: a second removal is 404.
    expect((await call(`/company-groups/${city.id}/users/${driver.id}`, { ...session, method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('deletes a leaf group (its members leave it), refuses one with sub-groups, and audits', async () => {
    const region = (await create(session, { name: unique('East'), level: 1 })).body.data;
    const city = (await create(session, { name: 'Metz', level: 2, parent_id: region.id })).body.data;
    const station = await createStation(db, { uid: unique('CP'), companyId: net.company.id });
    await call(`/company-groups/${city.id}/connectors/${station.id}`, { ...session, method: 'PUT' });
    const refused = await call(`/company-groups/${region.id}`, { ...session, method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await call(`/company-groups/${city.id}`, { ...session, method: 'DELETE' })).status).toBe(200);
    const row = await db.select().from(stations).where(eq(stations.id, station.id)).get();
    expect([row?.group1Id, row?.group2Id]).toEqual([region.id, null]);
    expect((await call(`/company-groups/${city.id}`, session)).status).toBe(404);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'company_group.delete')).all();
    expect(audit.some((a) => a.entityId === String(city.id))).toBe(true);
  });

  it('keeps groups, stations and users to the caller’s tree', async () => {
    const mine = (await create(session, { name: unique('West'), level: 1 })).body.data;
    expect((await call(`/company-groups/${mine.id}`, otherSession)).status).toBe(404);
    expect((await call(`/company-groups/${mine.id}`, { ...otherSession, method: 'DELETE' })).status).toBe(404);
    const foreign = await createCompany(db, { name: unique('Foreign') });
    const station = await createStation(db, { uid: unique('CP'), companyId: foreign.id });
    expect(
      (await call(`/company-groups/${mine.id}/connectors/${station.id}`, { ...session, method: 'PUT' })).status,
    ).toBe(404);
    expect((await create(session, { name: 'X', level: 1, company_id: foreign.id })).status).toBe(404);
  });

  it('renames the levels and keeps each user’s picked levels, refusing a broken chain', async () => {
    const labels = ['Region', 'City', 'Site', 'Floor'];
    const put = await call('/company-groups/labels', { ...session, method: 'PUT', json: { group_labels: labels } });
    expect(((await put.json()) as { data: { labels: string[] } }).data.labels).toEqual(labels);
    const region = (await create(session, { name: unique('Centre'), level: 1 })).body.data;
    const city = (await create(session, { name: 'Tours', level: 2, parent_id: region.id })).body.data;
    expect(
      (await (await call(`/company-groups/${city.id}`, session)).json()) as { data: { level_label: string } },
    ).toMatchObject({
      data: { level_label: 'City' },
    });
    const ok = await call('/company-groups/user', {
      ...session,
      method: 'PUT',
      json: { selection: [region.id, city.id, null, null] },
    });
    expect(ok.status).toBe(200);
    const broken = await call('/company-groups/user', {
      ...session,
      method: 'PUT',
      json: { selection: [null, null, city.id, null] },
    });
    expect(broken.status).toBe(400);
    const back = (await (await call('/company-groups/user', session)).json()) as { data: { selection: unknown[] } };
    expect(back.data.selection).toEqual([region.id, city.id, null, null]);
  });

  it('needs service setting 44 and a role that manages groups', async () => {
    const without = await world({ roles: [ROLE.NETWORK_MANAGER], company: { cpms: 'public' } });
    const s = await login(without.email, without.password, without.ip);
    expect((await call('/company-groups', s)).status).toBe(403);
    const viewer = await world({ roles: [ROLE.CHARGING_POINT_MANAGER_VIEW], company: { ...GROUPS, cpms: 'public' } });
    const v = await login(viewer.email, viewer.password, viewer.ip);
    expect((await call('/company-groups/recursive', v)).status).toBe(403);
  });
});
