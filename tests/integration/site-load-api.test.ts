/**
 * A location's site load limit (ADR 059): `GET/PUT /location/{uid}/load` in the caller's scope, the
 * editing permission of locations, the domain's checks with their field, and the limit in force now.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { siteObjectName } from '../../domain/load/site-limit';
import { auditLog, locationStations, locations, users } from '../../drizzle/schema';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { ocpp, upgradeRequest } from './fake-charge-point';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

describe('site load limit of a location', () => {
  let admin: World;
  let adminSession: Session;
  let viewer: Session;
  let outsider: Session;
  let uid: string;

  beforeAll(async () => {
    admin = await world({ roles: [37], company: { cpms: 'public' } });
    const view = await world({ roles: [32], company: { cpms: 'public' } });
    await db.update(users).set({ companyId: admin.company.id }).where(eq(users.id, view.user.id));
    const other = await world({ roles: [37], company: { cpms: 'public' } });
    adminSession = await login(admin.email, admin.password, admin.ip);
    viewer = await login(view.email, view.password, view.ip);
    outsider = await login(other.email, other.password, other.ip);
    const res = await call('/location', {
      ...adminSession,
      method: 'PUT',
      json: {
        name: unique('Depot'),
        address: 'Rue du Port',
        postal_code: '69001',
        city: 'Lyon',
        country: 'FR',
        latitude: 45.76,
        longitude: 4.83,
        time_zone: 'Europe/Paris',
      },
    });
    expect(res.status).toBe(201);
    uid = ((await res.json()) as { uid: string }).uid;
  });

  it('answers an unmanaged location as not configured', async () => {
    const res = await call(`/location/${uid}/load`, viewer);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ locationUid: uid, configured: false, limitNowA: null, sessions: [] });
  });

  it('sets a limit in kW with a schedule, and reads it with the limit in force in ampere per phase', async () => {
    const body = {
      unit: 'kW',
      limit: 69,
      schedule: [{ from: '00:00', limit: 69 }],
      group_priorities: { '12': 3 },
    };
    const res = await call(`/location/${uid}/load`, { ...adminSession, method: 'PUT', json: body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      configured: true,
      enabled: true,
      unit: 'kW',
      limit: 69,
      phases: 3,
      voltage: 230,
      minCurrentA: 6,
      limitNowA: 100,
      groupPriorities: { '12': 3 },
      sessions: [],
    });
    const read = (await (await call(`/location/${uid}/load`, viewer)).json()) as { limitNowA: number };
    expect(read.limitNowA).toBe(100);
    const logged = await db.select().from(auditLog).where(eq(auditLog.entityId, uid));
    expect(logged.map((l) => l.action)).toContain('location.load.update');
  });

  it('refuses a bad schedule time and a limit below the minimum current, naming the field', async () => {
    await expectError(
      await call(`/location/${uid}/load`, {
        ...adminSession,
        method: 'PUT',
        json: { unit: 'A', limit: 100, schedule: [{ from: '24:00', limit: 50 }] },
      }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'A schedule period starts at a time written HH:MM (00:00 to 23:59).',
        field: 'schedule.0.from',
      },
    );
    await expectError(
      await call(`/location/${uid}/load`, { ...adminSession, method: 'PUT', json: { unit: 'A', limit: 4 } }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'The site limit is below the minimum current of one connector: no session could charge.',
        field: 'limit',
      },
    );
    expect(
      (await call(`/location/${uid}/load`, { ...adminSession, method: 'PUT', json: { unit: 'W', limit: 4 } })).status,
    ).toBe(400);
  });

  it('denies writing to view-only users and hides the location from other companies', async () => {
    expect(
      (await call(`/location/${uid}/load`, { ...viewer, method: 'PUT', json: { unit: 'A', limit: 100 } })).status,
    ).toBe(403);
    await expectError(await call(`/location/${uid}/load`, outsider), 404, {
      code: 'LOCATION_NOT_FOUND',
      message: `Location uid: ${uid} not found.`,
    });
    await expectError(
      await call(`/location/${uid}/load`, { ...outsider, method: 'PUT', json: { unit: 'A', limit: 100 } }),
      404,
      { code: 'LOCATION_NOT_FOUND', message: `Location uid: ${uid} not found.` },
    );
  });

  it('answers PUT once the limit is stored, and shares it with the stations after the answer', async () => {
    const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.uid, uid));
    const locationId = loc?.id as number;
    const password = 'station-password-load';
    const stationUid = unique('LOAD').toUpperCase();
    const station = await createStation(db, {
      uid: stationUid,
      companyId: admin.company.id,
      ocppPasswordHash: await hashPassword(password, 1000),
    });
    await createConnector(db, { stationId: station.id, connectorNumber: 1, status: 'charging' });
    await db.insert(locationStations).values({ locationId, stationId: station.id });
    const put = (limit: number) =>
      call(`/location/${uid}/load`, { ...adminSession, method: 'PUT', json: { unit: 'A', limit } });
    expect((await put(30)).status).toBe(200);

    // A station that answers only when the test says so.
    const res = await ocpp().fetch(upgradeRequest(stationUid, password));
    const ws = res.webSocket as WebSocket;
    ws.accept();
    const calls: [number, string, string, Record<string, unknown>][] = [];
    const waiters: (() => void)[] = [];
    const replies = new Map<string, unknown>();
    ws.addEventListener('message', (e) => {
      const f = JSON.parse(String(e.data)) as [number, string, unknown, Record<string, unknown>];
      if (f[0] === 2) calls.push(f as [number, string, string, Record<string, unknown>]);
      else replies.set(f[1], f[2]);
      for (const w of waiters.splice(0)) w();
    });
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise<void>((r) => waiters.push(r));
    };
    const started = { connectorId: 1, idTag: 'LOAD-CARD', meterStart: 0, timestamp: new Date().toISOString() };
    ws.send(JSON.stringify([2, 's1', 'StartTransaction', started]));
    await until(() => replies.has('s1'));
    const transactionId = (replies.get('s1') as { transactionId: number }).transactionId;
    // The site learns of the session (an unknown card is refused at the station, so it is told here).
    const site = env.SITE_LOADS.get(env.SITE_LOADS.idFromName(siteObjectName(locationId)));
    const told = site.sessionStarted({
      locationId,
      stationUid,
      stationId: station.id,
      connectorId: 1,
      transactionId,
      startedAt: Date.now(),
    });
    await until(() => calls.length === 1);
    ws.send(JSON.stringify([3, calls[0]?.[1], { status: 'Accepted' }]));
    await told;

    // The new limit goes out as a lowering that the station has not answered: PUT does not wait for it.
    const lowered = put(20);
    await until(() => calls.length === 2);
    expect(calls[1]?.[2]).toBe('SetChargingProfile');
    const first = await Promise.race([
      lowered.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waiting for the station'), 5_000)),
    ]);
    expect(first).toBe('answered');
    const body = (await (await lowered).json()) as { limitNowA: number; sessions: { transactionId: number }[] };
    expect(body.limitNowA).toBe(20);
    expect(body.sessions.map((x) => x.transactionId)).toEqual([transactionId]);
    // The station answers later; the site then holds 20 A in force.
    ws.send(JSON.stringify([3, calls[1]?.[1], { status: 'Accepted' }]));
    await expect
      .poll(async () => (await site.allocation()).sessions[0]?.limitA, { interval: 20, timeout: 5_000 })
      .toBe(20);
    ws.close(1000, 'done');
  });
});
