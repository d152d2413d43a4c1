import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

describe('POST /api/connectors', () => {
  let w: World;
  let session: Session;
  let child: { id: number };
  const tag = unique('LST');

  beforeAll(async () => {
    w = await world({ roles: [37], company: { cpms: 'public' } });
    child = await createCompany(db, { name: unique('Child'), parentCompanyId: w.company.id, cpms: 'private' });
    const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    const place = [
      { companyId: w.company.id, city: `Paris-${tag}`, power: 'AC_3_PHASE', statuses: ['available', 'charging'] },
      { companyId: child.id, city: `Lyon-${tag}`, power: 'DC', statuses: ['faulted', 'preparing'] },
      { companyId: outsider.id, city: `Paris-${tag}`, power: 'AC_3_PHASE', statuses: ['available', 'available'] },
    ] as const;
    for (const [i, p] of place.entries()) {
      const station = await createStation(db, {
        uid: `${tag}-${i}`,
        name: `${tag} station ${i}`,
        companyId: p.companyId,
        city: p.city,
        // Online: its connectors show what it reports (offline stations: network-liveness.test.ts).
        connected: true,
      });
      for (const [n, status] of p.statuses.entries()) {
        await createConnector(db, {
          stationId: station.id,
          connectorNumber: n + 1,
          uid: `${tag}-${i}-${n + 1}`,
          evseId: `FR*T*E${tag}${i}${n + 1}`,
          status,
          powerType: p.power,
          maxPowerW: p.power === 'DC' ? 150_000 : 22_000,
        });
      }
    }
    session = await login(w.email, w.password, w.ip);
  });

  const list = (json: Record<string, unknown>) => call('/connectors', { ...session, json });

  it('lists the connectors of the company tree only, with power in kW and the station', async () => {
    const res = await list({ keyword: tag });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { uid: string; maxPowerKw: number; station: { operatorId: number } }[];
      total: number;
    };
    expect(body.total).toBe(4);
    expect(body.data.map((r) => r.uid).sort()).toEqual([`${tag}-0-1`, `${tag}-0-2`, `${tag}-1-1`, `${tag}-1-2`]);
    expect(body.data.find((r) => r.uid === `${tag}-1-1`)?.maxPowerKw).toBe(150);
  });

  it.each([
    [{ status: ['charging'] }, [`${tag}-0-2`, `${tag}-1-2`]],
    [{ status: ['faulted', 'available'] }, [`${tag}-0-1`, `${tag}-1-1`]],
    [{ power_type: 'DC' }, [`${tag}-1-1`, `${tag}-1-2`]],
    [{ city: [`Paris-${tag}`] }, [`${tag}-0-1`, `${tag}-0-2`]],
  ])('filters by %j', async (filter, expected) => {
    const body = (await (await list({ keyword: tag, ...filter })).json()) as { data: { uid: string }[] };
    expect(body.data.map((r) => r.uid).sort()).toEqual(expected);
  });

  it('filters by operator within the scope', async () => {
    const body = (await (await list({ keyword: tag, operator_id: child.id })).json()) as { total: number };
    expect(body.total).toBe(2);
  });

  it('sorts and paginates from page 0', async () => {
    const first = (await (
      await list({ keyword: tag, sort: 'max_power', direction: 'desc', items_per_page: 3 })
    ).json()) as {
      data: { maxPowerKw: number }[];
      total: number;
      page: number;
    };
    expect(first).toMatchObject({ total: 4, page: 0 });
    expect(first.data.map((r) => r.maxPowerKw)).toEqual([150, 150, 22]);
    const second = (await (
      await list({ keyword: tag, sort: 'max_power', direction: 'desc', items_per_page: 3, page: 1 })
    ).json()) as {
      data: unknown[];
    };
    expect(second.data).toHaveLength(1);
  });

  it('treats % and _ in the keyword literally', async () => {
    const body = (await (await list({ keyword: '%' })).json()) as { total: number };
    expect(body.total).toBe(0);
  });

  it('refuses an unknown status bucket and an oversized page, naming the field', async () => {
    await expectError(await list({ status: ['exploded'] }), 400, {
      code: 'VALIDATION_FAILED',
      field: 'status.0',
      message: 'Some validation errors, fix them before resubmitting.',
    });
    await expectError(await list({ items_per_page: 1000 }), 400, {
      code: 'VALIDATION_FAILED',
      field: 'items_per_page',
      message: 'Some validation errors, fix them before resubmitting.',
    });
  });

  it('lists the cities of the tree for the city filter', async () => {
    const res = await call('/station-cities', session);
    const body = (await res.json()) as { data: { name: string }[] };
    const names = body.data.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining([`Paris-${tag}`, `Lyon-${tag}`]));
  });

  it('serves the reference vocabularies', async () => {
    const body = (await (await call('/chargingpoint-error-codes', session)).json()) as { data: { id: string }[] };
    expect(body.data.map((d) => d.id)).toContain('GroundFailure');
    const caps = (await (await call('/connector-capabilities', session)).json()) as { data: { id: string }[] };
    expect(caps.data).toHaveLength(13);
  });
});

describe('GET /api/connectors/{id}', () => {
  it("answers a connector of the tree with its station, and the spec's not-found message outside it", async () => {
    const w = await world({ roles: [32], company: { cpms: 'public' } });
    const other = await createCompany(db, { name: unique('Elsewhere'), cpms: 'public' });
    const tag = unique('DET');
    const mine = await createStation(db, {
      uid: `${tag}-A`,
      companyId: w.company.id,
      city: 'Lille',
      latitude: 50.63,
      connected: true,
    });
    const theirs = await createStation(db, { uid: `${tag}-B`, companyId: other.id });
    const c1 = await createConnector(db, {
      stationId: mine.id,
      connectorNumber: 1,
      uid: `${tag}-A-1`,
      maxPowerW: 7400,
      status: 'faulted',
      errorCode: 'GroundFailure',
    });
    const c2 = await createConnector(db, { stationId: theirs.id, connectorNumber: 1, uid: `${tag}-B-1` });
    const session = await login(w.email, w.password, w.ip);

    const res = await call(`/connectors/${c1.id}`, session);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: c1.id,
      status: 'faulted',
      bucket: 'faulted',
      errorCode: 'GroundFailure',
      maxPowerKw: 7.4,
      station: { uid: `${tag}-A`, city: 'Lille', latitude: 50.63, operatorId: w.company.id },
    });
    await expectError(await call(`/connectors/${c2.id}`, session), 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${c2.id} not found.`,
    });
    await expectError(await call('/connectors/abc', session), 400, {
      code: 'VALIDATION_FAILED',
      field: 'id',
      message: 'Some validation errors, fix them before resubmitting.',
    });
  });
});
