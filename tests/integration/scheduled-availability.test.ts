/**
 * Scheduled availability through the API (ADR 027): schedule, list, cancel, each logged; the
 * validation messages; role 32 may list but not schedule (403); another company's station is 404.
 * The firing itself (alarm, answer, log, eviction) is tested in tests/ocpp/scheduled-availability.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerServiceLogs } from '../../drizzle/schema';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

let w: World;
let admin: Session;
let viewer: Session;
let uid: string;
let stationId: number;
let outsiderUid: string;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  uid = unique('SCH').toUpperCase();
  outsiderUid = unique('OUT').toUpperCase();
  const station = await createStation(db, { uid, companyId: w.company.id });
  stationId = station.id;
  await createConnector(db, { stationId, connectorNumber: 1, uid: `${uid}-1`, evseId: 'FR*SCH*E1' });
  const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
  await createStation(db, { uid: outsiderUid, companyId: outsider.id });
  const viewerEmail = `${unique('viewer')}@example.test`;
  await createUser(
    db,
    { companyId: w.company.id, email: viewerEmail, password: w.password, roles: [32] },
    { iterations: 1000 },
  );
  admin = await login(w.email, w.password, w.ip);
  viewer = await login(viewerEmail, w.password);
});

const logs = (action: string) =>
  db
    .select()
    .from(customerServiceLogs)
    .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, action)));

describe('scheduled availability API', () => {
  it('schedules, lists and cancels a change, logging who did what', async () => {
    const at = inHours(2);
    const res = await call(`/stations/${uid}/scheduled-availability`, {
      ...admin,
      json: { connector_id: 1, type: 'Inoperative', at },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number };
    expect(created).toMatchObject({
      connector_id: 1,
      connector_uid: `${uid}-1`,
      type: 'Inoperative',
      due_at: at,
      created_by: w.email,
      state: 'scheduled',
      result: null,
    });
    const station = await call(`/stations/${uid}/scheduled-availability`, {
      ...admin,
      json: { connector_id: 0, type: 'Operative', at: inHours(1) },
    });
    expect(station.status).toBe(201);

    const list = await call(`/stations/${uid}/scheduled-availability`, viewer);
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: { id: number; connector_id: number; connector_uid: null }[] };
    // Soonest first.
    expect(data.map((d) => d.connector_id)).toEqual([0, 1]);
    expect(data[0]?.connector_uid).toBeNull();

    const cancelled = await call(`/stations/${uid}/scheduled-availability/${created.id}`, {
      ...admin,
      method: 'DELETE',
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ state: 'cancelled', cancelled_by: w.email });
    await expectError(
      await call(`/stations/${uid}/scheduled-availability/${created.id}`, { ...admin, method: 'DELETE' }),
      409,
      { code: 'SCHEDULE_NOT_WAITING', message: 'This scheduled change was already sent or cancelled.' },
    );
    await expectError(
      await call(`/stations/${uid}/scheduled-availability/987654`, { ...admin, method: 'DELETE' }),
      404,
      { code: 'SCHEDULE_NOT_FOUND', message: 'Scheduled change id: 987654 not found.' },
    );
    expect(await logs('ScheduleChangeAvailability')).toHaveLength(2);
    const [cancelRow] = await logs('CancelScheduledChangeAvailability');
    expect(cancelRow).toMatchObject({ userId: w.user.id, connectorEvseId: 'FR*SCH*E1', result: 'success' });
  });

  it('validates the time, the connector and the type', async () => {
    const post = (json: unknown) => call(`/stations/${uid}/scheduled-availability`, { ...admin, json });
    const past = await post({ connector_id: 1, type: 'Inoperative', at: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ field: 'at' });
    const far = await post({ connector_id: 1, type: 'Inoperative', at: inHours(24 * 400) });
    expect(far.status).toBe(400);
    const bad = await post({ connector_id: 1, type: 'Sometimes', at: inHours(1) });
    expect(await bad.json()).toMatchObject({ field: 'type' });
    const noDate = await post({ connector_id: 1, type: 'Operative', at: 'tomorrow' });
    expect(await noDate.json()).toMatchObject({ field: 'at' });
    await expectError(await post({ connector_id: 7, type: 'Operative', at: inHours(1) }), 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${uid}/7 not found.`,
    });
  });

  it('is refused to a view-only role and outside the company tree', async () => {
    const body = { connector_id: 1, type: 'Operative', at: inHours(3) };
    const forbidden = await call(`/stations/${uid}/scheduled-availability`, { ...viewer, json: body });
    expect(forbidden.status).toBe(403);
    const outside = await call(`/stations/${outsiderUid}/scheduled-availability`, { ...admin, json: body });
    expect(outside.status).toBe(404);
    expect((await call(`/stations/${outsiderUid}/scheduled-availability`, admin)).status).toBe(404);
  });
});
