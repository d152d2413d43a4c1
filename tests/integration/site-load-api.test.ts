/**
 * A location's site load limit (ADR 059): `GET/PUT /location/{uid}/load` in the caller's scope, the
 * editing permission of locations, the domain's checks with their field, and the limit in force now.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../drizzle/schema';
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
});
