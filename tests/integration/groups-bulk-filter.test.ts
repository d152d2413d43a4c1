/** "Select all matching rows" of the connector list: bulk group changes by the list's filter, in the caller's scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { connectorsOf, manyConnectors, memberIds, overTheCap } from './group-fixtures';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

const connectorIdsOf = connectorsOf;

describe('bulk group change by filter (all matching rows, across pages)', () => {
  let admin: Session;
  let outsider: Session;
  let viewer: Session;
  const tag = unique('BULKF');
  const city = `${tag}-city`;
  let mineA: number;
  let mineB: number;
  let mineElsewhere: number;
  let theirs: number;
  let groupId: number;
  let myCompany: number;

  beforeAll(async () => {
    const a = await world({ roles: [37], company: { cpms: 'public' } });
    const o = await world({ roles: [37], company: { cpms: 'public' } });
    const v = await world({ roles: [32], company: { cpms: 'public' } });
    const { users } = await import('../../drizzle/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ companyId: a.company.id }).where(eq(users.id, v.user.id));
    // Two of my stations in the city (1,100 + 3 connectors), one elsewhere; another company's in the same city.
    const sA = await createStation(db, { uid: `${tag}-A`, name: `${tag} A`, companyId: a.company.id, city });
    // Online, so the status filter (on the shown status) sees what its connectors report.
    const sB = await createStation(db, {
      uid: `${tag}-B`,
      name: `${tag} B`,
      companyId: a.company.id,
      city,
      connected: true,
    });
    const sC = await createStation(db, {
      uid: `${tag}-C`,
      name: `${tag} C`,
      companyId: a.company.id,
      city: `${tag}-other`,
    });
    const sX = await createStation(db, { uid: `${tag}-X`, name: `${tag} X`, companyId: o.company.id, city });
    await manyConnectors(sA.id, `${tag}-A`, 1100);
    for (const n of [1, 2, 3]) {
      await createConnector(db, {
        stationId: sB.id,
        connectorNumber: n,
        uid: `${tag}-B-${n}`,
        status: n === 3 ? 'faulted' : 'available',
      });
    }
    await createConnector(db, { stationId: sC.id, connectorNumber: 1, uid: `${tag}-C-1`, status: 'available' });
    await manyConnectors(sX.id, `${tag}-X`, 5);
    [mineA, mineB, mineElsewhere, theirs] = [sA.id, sB.id, sC.id, sX.id];
    myCompany = a.company.id;
    [admin, outsider, viewer] = await Promise.all([
      login(a.email, a.password, a.ip),
      login(o.email, o.password, o.ip),
      login(v.email, v.password, v.ip),
    ]);
    const created = await call('/tags', { ...admin, json: { name: `${tag} group` } });
    expect(created.status).toBe(201);
    groupId = ((await created.json()) as { id: number }).id;
  });

  const bulk = (who: Session, id: number, json: unknown) => call(`/groups/${id}/bulk`, { ...who, json });

  it("adds exactly the connectors the list's filter matches in my scope, never another company's", async () => {
    const res = await bulk(admin, groupId, { action: 'add', filter: { city: [city] } });
    expect(res.status).toBe(200);
    const expected = (await connectorIdsOf(mineA, mineB)).map((r) => r.id).sort((x, y) => x - y);
    expect(expected).toHaveLength(1103);
    expect(await res.json()).toMatchObject({
      action: 'add',
      requested: 1103,
      matched: 1103,
      added: 1103,
      already_members: 0,
      connector_count: 1103,
    });
    expect(await memberIds(admin, groupId)).toEqual(expected);
    // The list filtered by the group agrees with the list filtered by the city.
    const list = async (json: unknown) =>
      ((await (await call('/connectors', { ...admin, json })).json()) as { total: number }).total;
    expect(await list({ tag_id: groupId })).toBe(await list({ city: [city] }));
    const foreign = new Set((await connectorIdsOf(theirs, mineElsewhere)).map((r) => r.id));
    expect((await memberIds(admin, groupId)).filter((id) => foreign.has(id))).toEqual([]);
  });

  it('counts those already members when run again, and removes by a narrower filter', async () => {
    const again = await bulk(admin, groupId, { action: 'add', filter: { city: [city] } });
    expect(await again.json()).toMatchObject({ added: 0, already_members: 1103, connector_count: 1103 });
    const faulted = await bulk(admin, groupId, {
      action: 'remove',
      filter: { city: [city], status: ['faulted'], tag_id: groupId },
    });
    expect(faulted.status).toBe(200);
    expect(await faulted.json()).toMatchObject({ requested: 1, removed: 1, not_members: 0, connector_count: 1102 });
    const plain = (await connectorIdsOf(mineA, mineB)).filter((r) => r.status !== 'faulted').map((r) => r.id);
    expect(await memberIds(admin, groupId)).toEqual(plain.sort((x, y) => x - y));
  });

  it("resolves the same filter in the other company's scope to its own connectors only", async () => {
    const theirGroup = await call('/tags', { ...outsider, json: { name: `${tag} theirs` } });
    const id = ((await theirGroup.json()) as { id: number }).id;
    const res = await bulk(outsider, id, { action: 'add', filter: { city: [city] } });
    expect(await res.json()).toMatchObject({ added: 5, matched: 5 });
    const expected = (await connectorIdsOf(theirs)).map((r) => r.id).sort((x, y) => x - y);
    expect(await memberIds(outsider, id)).toEqual(expected);
    // And my group cannot be changed from there.
    expect((await bulk(outsider, groupId, { action: 'remove', filter: { city: [city] } })).status).toBe(404);
  });

  it('takes either ids or a filter, validates the filter, and needs the edit permission', async () => {
    expect((await bulk(admin, groupId, { action: 'add' })).status).toBe(400);
    const both = await bulk(admin, groupId, { action: 'add', connector_ids: [1], filter: {} });
    expect(both.status).toBe(400);
    expect((await bulk(admin, groupId, { action: 'add', filter: { status: ['nonsense'] } })).status).toBe(400);
    expect((await bulk(admin, groupId, { action: 'add', filter: { page: 2 } })).status).toBe(400);
    expect((await bulk(viewer, groupId, { action: 'add', filter: { city: [city] } })).status).toBe(403);
  });

  it('refuses more than 50,000 matching connectors with a clear message, changing nothing', async () => {
    const bigCity = await overTheCap(tag, myCompany);
    const before = await memberIds(admin, groupId);
    const res = await bulk(admin, groupId, { action: 'add', filter: { city: [bigCity] } });
    await expectError(res, 422, {
      code: 'BULK_TOO_MANY',
      message:
        '50001 connectors match this filter, more than the 50000 one change may cover: narrow the filter and try again.',
    });
    expect(await memberIds(admin, groupId)).toEqual(before);
  });
});
