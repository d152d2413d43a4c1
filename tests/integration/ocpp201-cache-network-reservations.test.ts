/**
 * OCPP 2.0.1 blocks C, B09 and H through the API (issue 23 part 2, ADR 058 addendum "authorization cache,
 * network profile, reservations"): a blocked card makes the connected stations whose cache is on clear it
 * (1.6 and 2.0.1), SetNetworkProfile reaches a 2.0.1 station verbatim with its secrets never kept and is
 * refused for a 1.6 one, and the reservations made through the commands are listed with what became of each.
 */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { customerServiceLogs, stationDeviceVariables, stations } from '../../drizzle/schema';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { stationsWithCache } from '../../workers/api/src/routes/keyfobs/keyfobs.cache.store';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { call, db, login, type Session, type World, world } from './helpers';

type Station = { uid: string; stationId: number; cp: FakeChargePoint };

let w: World;
let admin: Session;
let s201: Station;
let s16: Station;
let cacheOff: Station;

beforeAll(async () => {
  w = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES, ROLE.RFID_MANAGEMENT],
    company: { cpms: 'public', isEvfleet: true, services: [SERVICE.KEY_HANGERS] },
  });
  admin = await login(w.email, w.password);
  s201 = await connectedStation(w.company.id, { prefix: 'C201', status: 'available', protocol: 'ocpp2.0.1' });
  s16 = await connectedStation(w.company.id, { prefix: 'C16', status: 'available' });
  cacheOff = await connectedStation(w.company.id, { prefix: 'COFF', status: 'available', protocol: 'ocpp2.0.1' });
  // The object records the connection after the upgrade; the test does not wait for it.
  for (const s of [s201, s16, cacheOff]) {
    await db.update(stations).set({ connected: true }).where(eq(stations.id, s.stationId));
  }
  await db.insert(stationDeviceVariables).values({
    stationId: cacheOff.stationId,
    key: 'AuthCacheCtrlr/Enabled',
    component: 'AuthCacheCtrlr',
    variable: 'Enabled',
    attributeType: 'Actual',
    value: 'false',
    reportedAt: new Date(),
  });
});

afterAll(() => {
  for (const s of [s201, s16, cacheOff]) s?.cp.close();
});

const lastCall = (cp: FakeChargePoint, action: string) => cp.received.filter((r) => r.action === action).at(-1);

/** Resolves when the fake station receives `action` (answered Accepted). */
const receives = (cp: FakeChargePoint, action: string) =>
  new Promise<void>((resolve) =>
    cp.handle(action, () => {
      resolve();
      return { status: 'Accepted' };
    }),
  );

describe('authorization cache (C11): a card blocked or unlinked in the back office', () => {
  it('is cleared from the connected 1.6 and 2.0.1 stations whose cache is on, after the answer', async () => {
    const card = await createRfid(db, { companyId: w.company.id, uuid: 'CACHECARD01' });
    const cleared = Promise.all([receives(s201.cp, 'ClearCache'), receives(s16.cp, 'ClearCache')]);
    const res = await call(`/keyfob/${card.id}`, { ...admin, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'blocked' });
    await cleared;
    // The station that reported its cache off is not asked.
    const targets = (await stationsWithCache(db, [w.company.id])).map((s) => s.id);
    expect(targets).toEqual(expect.arrayContaining([s201.stationId, s16.stationId]));
    expect(targets).not.toContain(cacheOff.stationId);
  });
});

const profile = {
  configurationSlot: 1,
  connectionData: {
    ocppVersion: 'OCPP20',
    ocppTransport: 'JSON',
    ocppCsmsUrl: 'wss://csms.example.test/ocpp',
    messageTimeout: 30,
    securityProfile: 2,
    ocppInterface: 'Wireless0',
    vpn: { server: 'vpn.example.test', user: 'cp', password: 'vpn-s3cret', key: 'shared-k3y', type: 'IKEv2' },
    apn: { apn: 'iot.example', apnPassword: 'apn-s3cret', apnAuthentication: 'PAP' },
  },
};

describe('SetNetworkProfile (B09)', () => {
  it('goes to a 2.0.1 station as it is and returns its answer; the secrets are kept nowhere', async () => {
    s201.cp.handle('SetNetworkProfile', () => ({ status: 'Accepted' }));
    const res = await call(`/stations/${s201.uid}/commands/set-network-profile`, { ...admin, json: profile });
    expect(await res.json()).toMatchObject({ action: 'SetNetworkProfile', status: 'Accepted', succeeded: true });
    expect(lastCall(s201.cp, 'SetNetworkProfile')?.payload).toEqual(profile);
    const logged = await db
      .select({ detail: customerServiceLogs.detailJson })
      .from(customerServiceLogs)
      .where(
        and(eq(customerServiceLogs.stationId, s201.stationId), eq(customerServiceLogs.action, 'SetNetworkProfile')),
      )
      .all();
    expect(logged).toHaveLength(1);
    const stub = env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(s201.uid));
    const frames = JSON.stringify(await stub.frameLog({ limit: 50 }));
    for (const kept of [logged[0]?.detail ?? '', frames]) {
      expect(kept).toContain('********');
      expect(kept).not.toMatch(/vpn-s3cret|shared-k3y|apn-s3cret/);
    }

    s201.cp.handle('SetNetworkProfile', () => ({ status: 'Rejected' }));
    const refused = await call(`/stations/${s201.uid}/commands/set-network-profile`, { ...admin, json: profile });
    expect(await refused.json()).toMatchObject({ status: 'Rejected', succeeded: false });
  });

  it('answers 409 for a 1.6 station, and 400 for a plain ws:// CSMS URL, sending nothing', async () => {
    const res = await call(`/stations/${s16.uid}/commands/set-network-profile`, { ...admin, json: profile });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'NOT_OCPP_201',
      'error-msg': expect.stringContaining('SetNetworkProfile needs an OCPP 2.0.1 station'),
    });
    expect(lastCall(s16.cp, 'SetNetworkProfile')).toBeUndefined();
    const plain = { ...profile, connectionData: { ...profile.connectionData, ocppCsmsUrl: 'ws://csms.example.test' } };
    const bad = await call(`/stations/${s201.uid}/commands/set-network-profile`, { ...admin, json: plain });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('wss:// or https://');
    // The verbatim route (what the maintenance screen sends) keeps the same rules.
    const verbatim16 = await call(`/stations/${s16.uid}/commands/SetNetworkProfile`, { ...admin, json: profile });
    expect(verbatim16.status).toBe(409);
    expect(await verbatim16.json()).toMatchObject({ code: 'NOT_OCPP_201' });
    const verbatimPlain = await call(`/stations/${s201.uid}/commands/SetNetworkProfile`, { ...admin, json: plain });
    expect(verbatimPlain.status).toBe(400);
    expect(await verbatimPlain.json()).toMatchObject({ field: '/connectionData/ocppCsmsUrl' });
    expect(s16.cp.received.some((r) => r.action === 'SetNetworkProfile')).toBe(false);
  });
});

describe('reservations (H)', () => {
  type Listed = { data: { id: number; status: string; connector_id: number | null; id_tag: string | null }[] };
  const list = async (uid: string) => (await (await call(`/stations/${uid}/reservations`, admin)).json()) as Listed;

  it('lists a reservation made through reserve-now as Reserved, then Cancelled once cancelled', async () => {
    expect((await list(s201.uid)).data).toEqual([]);
    s201.cp.handle('ReserveNow', () => ({ status: 'Accepted' }));
    s201.cp.handle('CancelReservation', () => ({ status: 'Accepted' }));
    const expiryDate = new Date(Date.now() + 3_600_000).toISOString();
    const made = await call(`/stations/${s201.uid}/commands/reserve-now`, {
      ...admin,
      json: { connectorId: 1, expiryDate, idTag: 'RESCARD1', reservationId: 4201 },
    });
    expect(await made.json()).toMatchObject({ status: 'Accepted' });
    expect((await list(s201.uid)).data).toEqual([
      expect.objectContaining({ id: 4201, status: 'Reserved', connector_id: 1, id_tag: 'RESCARD1' }),
    ]);
    const cancelled = await call(`/stations/${s201.uid}/commands/cancel-reservation`, {
      ...admin,
      json: { reservationId: 4201 },
    });
    expect(await cancelled.json()).toMatchObject({ status: 'Accepted' });
    expect((await list(s201.uid)).data).toEqual([expect.objectContaining({ id: 4201, status: 'Cancelled' })]);
  });

  it('shows a 1.6 reservation past its expiry as Expired, and one the station refused not at all', async () => {
    s16.cp.handle('ReserveNow', (p) => ({ status: p.reservationId === 1602 ? 'Occupied' : 'Accepted' }));
    const past = new Date(Date.now() - 60_000).toISOString();
    await call(`/stations/${s16.uid}/commands/reserve-now`, {
      ...admin,
      json: { connectorId: 1, expiryDate: past, idTag: 'RESCARD2', reservationId: 1601 },
    });
    await call(`/stations/${s16.uid}/commands/reserve-now`, {
      ...admin,
      json: { connectorId: 1, expiryDate: past, idTag: 'RESCARD3', reservationId: 1602 },
    });
    expect((await list(s16.uid)).data).toEqual([expect.objectContaining({ id: 1601, status: 'Expired' })]);
  });
});
