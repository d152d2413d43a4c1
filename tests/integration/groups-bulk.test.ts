import { beforeAll, describe, expect, it } from 'vitest';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

interface BulkResult {
  group_id: number;
  action: 'add' | 'remove';
  requested: number;
  added: number;
  already_members: number;
  removed: number;
  not_members: number;
  connector_count: number;
}

describe('bulk add to / remove from a connector group (the connector list selection)', () => {
  let admin: Session;
  let viewer: Session;
  let outsider: Session;
  let groupId: number;
  let outsiderGroupId: number;
  const tag = unique('BULK');
  const mine: number[] = [];
  let foreignConnector: number;

  beforeAll(async () => {
    const a = await world({ roles: [37], company: { cpms: 'public' } });
    const v = await world({ roles: [32], company: { cpms: 'public' } });
    const o = await world({ roles: [37], company: { cpms: 'public' } });
    const { users } = await import('../../drizzle/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ companyId: a.company.id }).where(eq(users.id, v.user.id));
    const station = await createStation(db, { uid: `${tag}-S`, name: `${tag} S`, companyId: a.company.id });
    for (const n of [1, 2, 3]) {
      mine.push(
        (
          await createConnector(db, {
            stationId: station.id,
            connectorNumber: n,
            uid: `${tag}-S-${n}`,
            status: 'available',
          })
        ).id,
      );
    }
    const foreign = await createStation(db, { uid: `${tag}-X`, name: `${tag} X`, companyId: o.company.id });
    foreignConnector = (
      await createConnector(db, { stationId: foreign.id, connectorNumber: 1, uid: `${tag}-X-1`, status: 'available' })
    ).id;
    [admin, viewer, outsider] = await Promise.all([
      login(a.email, a.password, a.ip),
      login(v.email, v.password, v.ip),
      login(o.email, o.password, o.ip),
    ]);
    const created = await call('/tags', { ...admin, json: { name: `${tag} group`, connector_ids: [mine[0]] } });
    expect(created.status).toBe(201);
    groupId = ((await created.json()) as { id: number }).id;
    const other = await call('/tags', { ...outsider, json: { name: `${tag} theirs` } });
    outsiderGroupId = ((await other.json()) as { id: number }).id;
  });

  const bulk = (who: Session, id: number, json: unknown) => call(`/groups/${id}/bulk`, { ...who, json });

  it('adds the selection and says how many were added and how many already were members', async () => {
    const res = await bulk(admin, groupId, { action: 'add', connector_ids: [mine[0], mine[1], mine[2], mine[1]] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      group_id: groupId,
      action: 'add',
      requested: 3,
      added: 2,
      already_members: 1,
      removed: 0,
      not_members: 0,
      connector_count: 3,
    } satisfies BulkResult);
    // The connector list filtered by the group (tag_id) now lists all three.
    const list = await call('/connectors', { ...admin, json: { tag_id: groupId, page: 0, items_per_page: 25 } });
    expect(((await list.json()) as { total: number }).total).toBe(3);
  });

  it('removes the selection and counts those that were not members', async () => {
    await bulk(admin, groupId, { action: 'remove', connector_ids: [mine[2]] });
    const res = await bulk(admin, groupId, { action: 'remove', connector_ids: [mine[1], mine[2]] });
    expect(await res.json()).toMatchObject({ removed: 1, not_members: 1, connector_count: 1 });
  });

  it('validates the body: an action, 1 to 500 ids', async () => {
    expect((await bulk(admin, groupId, { action: 'add', connector_ids: [] })).status).toBe(400);
    expect((await bulk(admin, groupId, { action: 'move', connector_ids: [1] })).status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await bulk(admin, groupId, { action: 'add', connector_ids: many })).status).toBe(400);
  });

  it("refuses another company's connector or group, and nothing changes", async () => {
    const res = await bulk(admin, groupId, { action: 'add', connector_ids: [mine[1], foreignConnector] });
    await expectError(res, 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${foreignConnector} not found.`,
    });
    const after = await call(`/tags/${groupId}`, admin);
    expect(((await after.json()) as { connectorIds: number[] }).connectorIds).toEqual([mine[0]]);
    expect((await bulk(admin, outsiderGroupId, { action: 'add', connector_ids: [mine[0]] })).status).toBe(404);
  });

  it('needs the edit-stations permission', async () => {
    expect((await bulk(viewer, groupId, { action: 'add', connector_ids: [mine[1]] })).status).toBe(403);
  });
});
