import { beforeAll, describe, expect, it } from 'vitest';
import { companyGroups } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const INVALID = 'Some validation errors, fix them before resubmitting.';
const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";

describe('network endpoints', () => {
  let w: World;
  let session: Session;
  let denied: Session;
  let child: { id: number };
  let outsider: { id: number };
  const tag = unique('NET');
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    w = await world({ roles: [37], company: { cpms: 'public' } });
    child = await createCompany(db, { name: unique('Child'), parentCompanyId: w.company.id, cpms: 'private' });
    outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    const now = Date.now();
    const place = [
      // Heard from a minute ago, one faulted connector.
      {
        key: 'A',
        companyId: w.company.id,
        city: `Paris-${tag}`,
        seen: now - 60_000,
        statuses: ['available', 'faulted'],
      },
      // Silent for a day, all offline.
      { key: 'B', companyId: child.id, city: `Lyon-${tag}`, seen: now - 86_400_000, statuses: ['offline', 'offline'] },
      // Never heard from, charging.
      { key: 'C', companyId: w.company.id, city: `Lyon-${tag}`, seen: null, statuses: ['charging'] },
      // Another company: never visible.
      { key: 'X', companyId: outsider.id, city: `Paris-${tag}`, seen: now, statuses: ['faulted'] },
    ] as const;
    for (const [i, p] of place.entries()) {
      const station = await createStation(db, {
        uid: `${tag}-${p.key}`,
        name: `${tag} station ${p.key}`,
        companyId: p.companyId,
        city: p.city,
        latitude: 45 + i,
        longitude: 2 + i,
        lastSeenAt: p.seen === null ? null : new Date(p.seen),
        // As the ChargePoint object records it: only the stations heard from just now are connected.
        connected: p.seen !== null && p.seen >= now - 60_000,
      });
      ids[p.key] = station.id;
      for (const [n, status] of p.statuses.entries()) {
        const c = await createConnector(db, {
          stationId: station.id,
          connectorNumber: n + 1,
          uid: `${tag}-${p.key}-${n + 1}`,
          evseId: `FR*N*E${tag}${p.key}${n + 1}`,
          status,
          errorCode: status === 'faulted' ? 'GroundFailure' : 'NoError',
          powerType: p.key === 'B' ? 'DC' : 'AC_3_PHASE',
        });
        ids[`${p.key}${n + 1}`] = c.id;
      }
    }
    session = await login(w.email, w.password, w.ip);
    const fleet = await world({ roles: [35], company: { isEvfleet: true } });
    denied = await login(fleet.email, fleet.password, fleet.ip);
  });

  describe('POST /api/connectors/map-markers', () => {
    const markers = (json: Record<string, unknown>, s = session) => call('/connectors/map-markers', { ...s, json });

    it('gives one marker per station of the tree, coloured by its connectors', async () => {
      const res = await markers({ keyword: tag });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { markers: { id: number; bucket: string; connectors: number }[] };
      const byId = Object.fromEntries(body.markers.map((m) => [m.id, m]));
      expect(Object.keys(byId).map(Number).sort()).toEqual([ids.A, ids.B, ids.C].sort());
      expect(byId[ids.A as number]).toMatchObject({ bucket: 'faulted', connectors: 2 });
      expect(byId[ids.B as number]).toMatchObject({ bucket: 'offline', connectors: 2 });
      // Never heard from: what it was seeded with is not its state (one model of online).
      expect(byId[ids.C as number]).toMatchObject({ bucket: 'offline', connectors: 1 });
    });

    it('applies the list filters and a bounding box', async () => {
      const dc = (await (await markers({ keyword: tag, power_type: 'DC' })).json()) as { markers: { id: number }[] };
      expect(dc.markers.map((m) => m.id)).toEqual([ids.B]);
      const box = (await (await markers({ keyword: tag, bbox: [1.5, 44.5, 2.5, 45.5] })).json()) as {
        markers: { id: number }[];
      };
      expect(box.markers.map((m) => m.id)).toEqual([ids.A]);
    });

    it('refuses a reversed bounding box and an unknown field', async () => {
      await expectError(await markers({ bbox: [3, 45, 2, 46] }), 400, {
        code: 'VALIDATION_FAILED',
        field: 'bbox',
        message: INVALID,
      });
      await expectError(await markers({ page: 0 }), 400, {
        code: 'UNKNOWN_FIELD',
        field: 'page',
        message: 'Unknown field: page',
      });
    });

    it('answers 403 without connectors:view', async () => {
      await expectError(await markers({}, denied), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    });
  });

  describe('POST /api/stations', () => {
    const stations = (json: Record<string, unknown>, s = session) => call('/stations', { ...s, json });
    type Page = { data: { id: number; uid: string; connectors: number; online: boolean }[]; total: number };

    it('lists the stations of the tree with connector counts and online state', async () => {
      const res = await stations({ keyword: tag });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Page;
      expect(body.total).toBe(3);
      expect(body.data.map((s) => [s.uid, s.connectors, s.online])).toEqual([
        [`${tag}-A`, 2, true],
        [`${tag}-B`, 2, false],
        [`${tag}-C`, 1, false],
      ]);
    });

    it.each([
      [{ status: ['faulted'] }, ['A']],
      [{ online: 'offline' }, ['B', 'C']],
      [{ operator_id: 0 }, null],
      [{ power_type: 'DC' }, ['B']],
      [{ city: [`Lyon-${tag}`], sort: 'name', direction: 'desc' }, ['C', 'B']],
    ])('filters by %j', async (filter, expected) => {
      const res = await stations({ keyword: tag, ...filter });
      if (expected === null) {
        expect(res.status).toBe(400);
        return;
      }
      const body = (await res.json()) as Page;
      expect(body.data.map((s) => s.uid)).toEqual(expected.map((k) => `${tag}-${k}`));
    });

    it('filters by operator and paginates from page 0', async () => {
      const mine = (await (await stations({ keyword: tag, operator_id: child.id })).json()) as Page;
      expect(mine.data.map((s) => s.id)).toEqual([ids.B]);
      const theirs = (await (await stations({ keyword: tag, operator_id: outsider.id })).json()) as Page;
      expect(theirs.total).toBe(0);
      const second = (await (await stations({ keyword: tag, items_per_page: 2, page: 1 })).json()) as Page;
      expect(second.data.map((s) => s.uid)).toEqual([`${tag}-C`]);
    });

    it('refuses an unknown sort naming the field, and answers 403 without permission', async () => {
      await expectError(await stations({ sort: 'secret' }), 400, {
        code: 'VALIDATION_FAILED',
        field: 'sort',
        message: INVALID,
      });
      await expectError(await stations({}, denied), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    });
  });

  describe('GET /api/connectors/filter', () => {
    it("offers the tree's operators and cities, never another company's", async () => {
      const res = await call('/connectors/filter', session);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { operators: { id: number }[]; cities: string[]; statuses: string[] };
      expect(body.operators.map((o) => o.id).sort()).toEqual([w.company.id, child.id].sort());
      expect(body.cities).toEqual(expect.arrayContaining([`Paris-${tag}`, `Lyon-${tag}`]));
      expect(body.statuses).toContain('faulted');
      await expectError(await call('/connectors/filter', denied), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    });
  });

  describe('GET /api/connectors/overview/faults', () => {
    it('lists faulted connectors of the tree with error code and since when', async () => {
      const res = await call('/connectors/overview/faults', session);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { id: number; errorCode: string; since: string }[]; total: number };
      expect(body.total).toBe(1);
      expect(body.data).toEqual([expect.objectContaining({ id: ids.A2, errorCode: 'GroundFailure' })]);
      expect(body.data[0]?.since).toMatch(/^\d{4}-/);
      await expectError(await call('/connectors/overview/faults', denied), 403, {
        code: 'FORBIDDEN',
        message: FORBIDDEN,
      });
    });
  });

  describe('GET /api/network-status', () => {
    it('counts stations online and offline and breaks connectors down by city and operator', async () => {
      const res = await call('/network-status', session);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        stations: { total: number; online: number; offline: number; neverSeen: number };
        byCity: { city: string; total: number; buckets: Record<string, number> }[];
        byOperator: { id: number; total: number }[];
        notHeardFrom: { id: number }[];
      };
      expect(body.stations).toEqual({ total: 3, online: 1, offline: 2, neverSeen: 1 });
      const lyon = body.byCity.find((c) => c.city === `Lyon-${tag}`);
      expect(lyon).toMatchObject({ total: 3, buckets: { offline: 3, charging: 0, available: 0 } });
      expect(body.byOperator.map((o) => o.id).sort()).toEqual([w.company.id, child.id].sort());
      expect(body.notHeardFrom.map((s) => s.id)).toEqual([ids.C, ids.B]);
      await expectError(await call('/network-status', denied), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    });
  });

  describe('company group filter', () => {
    // Last: the group's station joins the tree, so earlier counts stay as asserted.
    it('narrows connectors, stations and markers to stations of a group at any level', async () => {
      const [group] = await db
        .insert(companyGroups)
        .values({ companyId: w.company.id, level: 2, name: unique('Group') })
        .returning();
      const station = await createStation(db, {
        uid: `${tag}-G`,
        name: `${tag} station G`,
        companyId: w.company.id,
        latitude: 48,
        longitude: 2,
        group2Id: group?.id,
      });
      await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${tag}-G-1`, status: 'available' });
      const json = { keyword: tag, group_id: group?.id };
      const connectors = (await (await call('/connectors', { ...session, json })).json()) as {
        data: { uid: string }[];
      };
      expect(connectors.data.map((c) => c.uid)).toEqual([`${tag}-G-1`]);
      const stations = (await (await call('/stations', { ...session, json })).json()) as { data: { id: number }[] };
      expect(stations.data.map((s) => s.id)).toEqual([station.id]);
      const markers = (await (await call('/connectors/map-markers', { ...session, json })).json()) as {
        markers: { id: number }[];
      };
      expect(markers.markers.map((m) => m.id)).toEqual([station.id]);
      const options = (await (await call('/connectors/filter', session)).json()) as { groups: { id: number }[] };
      expect(options.groups.map((g) => g.id)).toContain(group?.id);
    });
  });
});
