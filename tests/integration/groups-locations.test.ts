import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const H = 3_600_000;
const T0 = Date.UTC(2026, 9, 1, 8);

interface Group {
  id: number;
  name: string;
  description: string | null;
  connectorCount: number;
  connectorIds: number[];
}
interface Page<T> {
  data: T[];
  total: number;
  page: number;
  items_per_page: number;
}

describe('connector groups (tags) and locations', () => {
  let admin: World;
  let adminSession: Session;
  let viewer: Session;
  let outsiderSession: Session;
  let childSession: Session;
  const tag = unique('GRP');
  const c: number[] = [];
  let outsiderConnector: number;
  const st: number[] = [];
  let outsiderStation: number;

  beforeAll(async () => {
    admin = await world({ roles: [37], company: { cpms: 'public' } });
    const child = await createCompany(db, {
      name: unique('Child'),
      parentCompanyId: admin.company.id,
      cpms: 'private',
    });
    const view = await world({ roles: [32], company: { cpms: 'public' } });
    // The view-only user works for the admin's company (same scope, no write permission).
    const viewUser = await world({ roles: [32], company: { cpms: 'public' } });
    void view;
    const outsider = await world({ roles: [37], company: { cpms: 'public' } });
    const childAdmin = await world({ roles: [37], company: { cpms: 'public' } });
    // Move the view-only and child admin users into the tree.
    const { users } = await import('../../drizzle/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ companyId: admin.company.id }).where(eq(users.id, viewUser.user.id));
    await db.update(users).set({ companyId: child.id }).where(eq(users.id, childAdmin.user.id));

    for (const [i, companyId] of [admin.company.id, child.id].entries()) {
      const station = await createStation(db, {
        uid: `${tag}-S${i}`,
        name: `${tag} station ${i}`,
        companyId,
        city: 'Lyon',
      });
      st.push(station.id);
      for (const n of [1, 2]) {
        const conn = await createConnector(db, {
          stationId: station.id,
          connectorNumber: n,
          uid: `${tag}-S${i}-${n}`,
          evseId: `FR*G*${tag}${i}${n}`,
          status: 'available',
        });
        c.push(conn.id);
      }
    }
    const foreign = await createStation(db, {
      uid: `${tag}-X`,
      name: `${tag} foreign`,
      companyId: outsider.company.id,
    });
    outsiderStation = foreign.id;
    outsiderConnector = (
      await createConnector(db, { stationId: foreign.id, connectorNumber: 1, uid: `${tag}-X-1`, status: 'available' })
    ).id;
    // Sessions: two closed and one in progress on connector c[0], one closed on c[2], one on the foreign one.
    const session = (name: string, stationId: number, n: number, start: number, wh: number | null) => ({
      cdrId: `${tag}-${name}`,
      stationId,
      connectorNumber: n,
      companyId: admin.company.id,
      startKey: `${tag}-${name}`,
      startAt: new Date(start),
      meterStartWh: 0,
      authId: `AUTH-${name}`,
      ...(wh === null
        ? {}
        : {
            status: 'closed' as const,
            endAt: new Date(start + H),
            energyWh: wh,
            durationS: 3600,
            chargingMinutes: 50,
          }),
    });
    await db
      .insert(chargingSessions)
      .values([
        session('a', st[0] ?? 0, 1, T0, 10_000),
        session('b', st[0] ?? 0, 1, T0 + 2 * H, 5_000),
        session('c', st[0] ?? 0, 1, T0 + 4 * H, null),
        session('d', st[1] ?? 0, 1, T0 + 6 * H, 7_000),
        { ...session('x', foreign.id, 1, T0, 99_000), companyId: outsider.company.id },
      ]);
    [adminSession, viewer, outsiderSession, childSession] = await Promise.all([
      login(admin.email, admin.password, admin.ip),
      login(viewUser.email, viewUser.password, viewUser.ip),
      login(outsider.email, outsider.password, outsider.ip),
      login(childAdmin.email, childAdmin.password, childAdmin.ip),
    ]);
  });

  const createGroup = async (json: Record<string, unknown>, who: Session = adminSession) =>
    call('/tags', { ...who, json });

  describe('tags', () => {
    let group: Group;

    it('creates a group with connectors of the tree (parent and child stations)', async () => {
      const res = await createGroup({ name: `${tag} Fast lane`, description: 'Highway', connector_ids: [c[0], c[2]] });
      expect(res.status).toBe(201);
      group = (await res.json()) as Group;
      expect(group).toMatchObject({ name: `${tag} Fast lane`, description: 'Highway', connectorCount: 2 });
      expect(group.connectorIds).toEqual([c[0], c[2]].sort((a, b) => (a ?? 0) - (b ?? 0)));
    });

    it('refuses the same name again, whatever the case', async () => {
      await expectError(await createGroup({ name: `  ${tag} FAST lane ` }), 409, {
        code: 'GROUP_NAME_TAKEN',
        message: 'Another connector group of the company already has this name.',
        field: 'name',
      });
    });

    it('refuses an empty name and unknown fields', async () => {
      const res = await createGroup({ name: '   ' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe('name');
      expect((await createGroup({ name: `${tag} x`, color: 'red' })).status).toBe(400);
    });

    it("refuses another company's connector with the connector's not-found message", async () => {
      await expectError(await createGroup({ name: `${tag} foreign`, connector_ids: [c[1], outsiderConnector] }), 404, {
        code: 'CONNECTOR_NOT_FOUND',
        message: `Connector id: ${outsiderConnector} not found.`,
      });
      const list = (await (
        await call(`/tags?keyword=${encodeURIComponent(`${tag} foreign`)}`, adminSession)
      ).json()) as Page<Group>;
      expect(list.total).toBe(0);
    });

    it('lists with keyword and pagination from page 0', async () => {
      for (const name of ['Beta', 'Gamma']) expect((await createGroup({ name: `${tag} ${name}` })).status).toBe(201);
      const first = (await (
        await call(`/tags?keyword=${tag}&items_per_page=2&page=0`, adminSession)
      ).json()) as Page<Group>;
      expect(first.total).toBe(3);
      expect(first.data.map((g) => g.name)).toEqual([`${tag} Beta`, `${tag} Fast lane`]);
      const second = (await (
        await call(`/tags?keyword=${tag}&items_per_page=2&page=1`, adminSession)
      ).json()) as Page<Group>;
      expect(second.data.map((g) => g.name)).toEqual([`${tag} Gamma`]);
      const viaGroups = (await (await call(`/groups?keyword=${tag}%20Fast`, viewer)).json()) as Page<Group>;
      expect(viaGroups.data.map((g) => g.connectorCount)).toEqual([2]);
      expect((await call('/tags?items_per_page=500', adminSession)).status).toBe(400);
    });

    it('adds connectors from the list (connectors/add-group), idempotently', async () => {
      const res = await call('/connectors/add-group', {
        ...adminSession,
        json: { group_id: group.id, connector_ids: [c[1], c[2], c[1]] },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Group).connectorIds).toEqual([c[0], c[1], c[2]]);
    });

    it('filters the connector list by the group', async () => {
      const res = await call('/connectors', { ...viewer, json: { tag_id: group.id } });
      const body = (await res.json()) as Page<{ id: number }>;
      expect(body.data.map((r) => r.id)).toEqual([c[0], c[1], c[2]]);
      const options = (await (await call('/connectors/filter', viewer)).json()) as { tags: { name: string }[] };
      expect(options.tags.map((t) => t.name)).toContain(`${tag} Fast lane`);
    });

    it('shows the detail with its connectors, sessions and totals', async () => {
      const detail = (await (await call(`/groups/${group.id}?items_per_page=2`, viewer)).json()) as {
        group: Group;
        connectors: Page<{ id: number; station: { name: string } }>;
      };
      expect(detail.group.connectorCount).toBe(3);
      expect(detail.connectors.total).toBe(3);
      expect(detail.connectors.data).toHaveLength(2);

      const sessions = (await (await call(`/groups/${group.id}/sessions`, viewer)).json()) as Page<{
        cdrId: string;
        connectorId: number;
      }>;
      expect(sessions.data.map((s) => s.cdrId)).toEqual([`${tag}-d`, `${tag}-c`, `${tag}-b`, `${tag}-a`]);
      expect(sessions.data[0]?.connectorId).toBe(c[2]);

      for (const path of [`/groups/${group.id}/totals`, `/tags/${group.id}/total-local-stats`]) {
        const totals = await (await call(path, viewer)).json();
        expect(totals).toEqual({
          connectors: 3,
          sessions: 3,
          inProgress: 1,
          energyWh: 22_000,
          chargingMinutes: 150,
          durationS: 3 * 3600,
          firstSessionAt: new Date(T0).toISOString(),
          lastSessionAt: new Date(T0 + 6 * H).toISOString(),
        });
      }
    });

    it('edits: rename, remove and replace connectors', async () => {
      let res = await call(`/tags/${group.id}`, {
        ...adminSession,
        method: 'PUT',
        json: { name: `${tag} Fast lane 2`, remove_connector_ids: [c[0]] },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Group).connectorIds).toEqual([c[1], c[2]]);
      res = await call(`/tags/${group.id}`, { ...adminSession, method: 'PUT', json: { connector_ids: [c[3]] } });
      expect(await res.json()).toMatchObject({ name: `${tag} Fast lane 2`, connectorIds: [c[3]] });
      await expectError(
        await call(`/tags/${group.id}`, { ...adminSession, method: 'PUT', json: { name: `${tag} beta` } }),
        409,
        {
          code: 'GROUP_NAME_TAKEN',
          message: 'Another connector group of the company already has this name.',
          field: 'name',
        },
      );
    });

    it('denies writes to a view-only user (403) and lets them read', async () => {
      expect((await createGroup({ name: `${tag} viewer` }, viewer)).status).toBe(403);
      expect((await call(`/tags/${group.id}`, { ...viewer, method: 'DELETE' })).status).toBe(403);
      expect(
        (await call('/connectors/add-group', { ...viewer, json: { group_id: group.id, connector_ids: [c[0]] } }))
          .status,
      ).toBe(403);
      expect((await call(`/tags/${group.id}`, viewer)).status).toBe(200);
      expect((await call('/tags')).status).toBe(401);
    });

    it("answers 404 'Group id: {id} not found.' to another company and to a child company", async () => {
      for (const who of [outsiderSession, childSession]) {
        for (const path of [
          `/tags/${group.id}`,
          `/groups/${group.id}`,
          `/groups/${group.id}/sessions`,
          `/groups/${group.id}/totals`,
          `/tags/${group.id}/total-local-stats`,
        ]) {
          await expectError(await call(path, who), 404, {
            code: 'GROUP_NOT_FOUND',
            message: `Group id: ${group.id} not found.`,
          });
        }
        await expectError(await call(`/tags/${group.id}`, { ...who, method: 'PUT', json: { name: 'x' } }), 404, {
          code: 'GROUP_NOT_FOUND',
          message: `Group id: ${group.id} not found.`,
        });
        await expectError(await call(`/tags/${group.id}`, { ...who, method: 'DELETE' }), 404, {
          code: 'GROUP_NOT_FOUND',
          message: `Group id: ${group.id} not found.`,
        });
        const listed = (await (await call(`/tags?keyword=${tag}`, who)).json()) as Page<Group>;
        expect(listed.total).toBe(0);
        const filtered = (await (
          await call('/connectors', { ...who, json: { tag_id: group.id } })
        ).json()) as Page<unknown>;
        expect(filtered.total).toBe(0);
      }
    });

    it('deletes the group; its connectors stay', async () => {
      const res = await call(`/tags/${group.id}`, { ...adminSession, method: 'DELETE' });
      expect(await res.json()).toEqual({ deleted: group.id });
      expect((await call(`/tags/${group.id}`, adminSession)).status).toBe(404);
      expect((await call(`/connectors/${c[3]}`, adminSession)).status).toBe(200);
    });
  });

  describe('locations', () => {
    const place = {
      name: `${tag} Parking Gare`,
      address: 'Rue de Lyon',
      street_number: '12',
      postal_code: '75012',
      city: 'Paris',
      country: 'FR',
      latitude: 48.8443,
      longitude: 2.3744,
    };
    let uid: string;

    it('creates a location with stations of the tree', async () => {
      const res = await call('/location', {
        ...adminSession,
        method: 'PUT',
        json: { ...place, station_ids: [st[0], st[1]] },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as {
        uid: string;
        stationCount: number;
        stations: { id: number; connectorCount: number; firstConnectorId: number }[];
      };
      uid = body.uid;
      expect(uid).toMatch(/^LOC-/);
      expect(body.stationCount).toBe(2);
      expect(body.stations.map((s) => [s.id, s.connectorCount, s.firstConnectorId])).toEqual([
        [st[0], 2, c[0]],
        [st[1], 2, c[2]],
      ]);
    });

    it.each([
      [{ latitude: 91 }, 'latitude'],
      [{ longitude: -180.01 }, 'longitude'],
      [{ latitude: null }, 'latitude'],
    ])('refuses coordinates %j with the coordinate message', async (change, field) => {
      await expectError(
        await call('/location', { ...adminSession, method: 'PUT', json: { ...place, ...change } }),
        400,
        {
          code: 'VALIDATION_FAILED',
          message:
            'Check the coordinate format: latitude from -90 to 90 and longitude from -180 to 180, with a dot as decimal separator.',
          field,
        },
      );
    });

    it('refuses blank mandatory fields and text coordinates', async () => {
      await expectError(
        await call('/location', { ...adminSession, method: 'PUT', json: { ...place, city: ' ' } }),
        400,
        {
          code: 'VALIDATION_FAILED',
          message: 'Location creation failed: fill in the mandatory fields.',
          field: 'city',
        },
      );
      const res = await call('/location', { ...adminSession, method: 'PUT', json: { ...place, latitude: '48,8' } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe('latitude');
    });

    it("refuses another company's station", async () => {
      await expectError(
        await call('/location', {
          ...adminSession,
          method: 'PUT',
          json: { ...place, uid, station_ids: [outsiderStation] },
        }),
        404,
        { code: 'STATION_NOT_FOUND', message: `Station id: ${outsiderStation} not found.` },
      );
    });

    it('updates by uid and replaces the stations', async () => {
      const res = await call('/location', {
        ...adminSession,
        method: 'PUT',
        json: { ...place, uid, name: `${tag} Parking Gare Est`, station_ids: [st[1]] },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ uid, name: `${tag} Parking Gare Est`, stationCount: 1 });
    });

    it('lists and reads in the scope, with keyword and pages', async () => {
      const list = (await (await call(`/locations?keyword=${tag}`, viewer)).json()) as Page<{ uid: string }>;
      expect(list.data.map((l) => l.uid)).toEqual([uid]);
      const one = (await (await call(`/location/${uid}`, viewer)).json()) as { stations: { id: number }[] };
      expect(one.stations.map((s) => s.id)).toEqual([st[1]]);
    });

    it('denies writes to view-only (403) and hides the location from other companies (404)', async () => {
      expect((await call('/location', { ...viewer, method: 'PUT', json: place })).status).toBe(403);
      await expectError(await call(`/location/${uid}`, outsiderSession), 404, {
        code: 'LOCATION_NOT_FOUND',
        message: `Location uid: ${uid} not found.`,
      });
      await expectError(await call('/location', { ...outsiderSession, method: 'PUT', json: { ...place, uid } }), 404, {
        code: 'LOCATION_NOT_FOUND',
        message: `Location uid: ${uid} not found.`,
      });
      const list = (await (await call(`/locations?keyword=${tag}`, outsiderSession)).json()) as Page<unknown>;
      expect(list.total).toBe(0);
    });
  });
});
