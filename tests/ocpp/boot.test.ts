import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { stations } from '../../drizzle/schema';
import { aStation, basic, connect, db, PASSWORD, upgrade } from './helpers';

describe('ocpp endpoint: checks before the upgrade', () => {
  it('refuses an upgrade offering neither ocpp1.6 nor ocpp2.0.1 (ADR 058)', async () => {
    const { uid } = await aStation();
    const res = await SELF.fetch(`http://localhost/ocpp/${uid}`, {
      headers: {
        upgrade: 'websocket',
        authorization: basic(uid, PASSWORD),
        'sec-websocket-protocol': 'ocpp2.0, ocpp1.5',
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Subprotocol ocpp1.6 or ocpp2.0.1 required');
  });

  it('answers 401 with WWW-Authenticate: Basic when credentials are missing', async () => {
    const { uid } = await aStation();
    const res = await upgrade(uid);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(res.webSocket).toBeNull();
  });

  it('answers 401 for a wrong password or a username that is not the identity', async () => {
    const { uid } = await aStation();
    expect((await upgrade(uid, { authorization: basic(uid, 'wrong-password') })).status).toBe(401);
    expect((await upgrade(uid, { authorization: basic('OTHER', PASSWORD) })).status).toBe(401);
  });

  it('answers 401 to a station without a password', async () => {
    const { uid } = await aStation({ password: null });
    expect((await upgrade(uid, { authorization: basic(uid, '') })).status).toBe(401);
  });

  it('answers an unknown charge point id like a wrong password (401), so ids cannot be enumerated', async () => {
    const res = await upgrade('NOBODY-KNOWS-ME', { authorization: basic('NOBODY-KNOWS-ME', PASSWORD) });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('Wrong charge point credentials');
  });

  it('refuses the old password as soon as a new one is stored, even after a successful connect', async () => {
    const { uid, stationId } = await aStation();
    const first = await upgrade(uid, { authorization: basic(uid, PASSWORD) });
    expect(first.status).toBe(101);
    first.webSocket?.accept();
    first.webSocket?.close();
    await db
      .update(stations)
      .set({ ocppPasswordHash: await hashPassword('a-new-secret-99', 1000) })
      .where(eq(stations.id, stationId));
    expect((await upgrade(uid, { authorization: basic(uid, PASSWORD) })).status).toBe(401);
    const again = await upgrade(uid, { authorization: basic(uid, 'a-new-secret-99') });
    expect(again.status).toBe(101);
    again.webSocket?.accept();
    again.webSocket?.close();
  });

  it('upgrades with the right password and echoes the subprotocol', async () => {
    const { uid } = await aStation();
    const res = await upgrade(uid, { authorization: basic(uid, PASSWORD) });
    expect(res.status).toBe(101);
    expect(res.headers.get('sec-websocket-protocol')).toBe('ocpp1.6');
    res.webSocket?.accept();
    res.webSocket?.close();
  });
});

describe('BootNotification', () => {
  it('is Accepted with the configured interval and records the hardware in D1', async () => {
    const { uid, stationId } = await aStation();
    const cp = await connect(uid);
    const reply = await cp.ok('BootNotification', {
      chargePointVendor: 'ACME',
      chargePointModel: 'X1',
      chargePointSerialNumber: 'SN-42',
      firmwareVersion: '1.2.3',
    });
    expect(reply).toMatchObject({ status: 'Accepted', interval: 300 });
    expect(Date.parse(String(reply.currentTime))).not.toBeNaN();
    const row = await db.query.stations.findFirst({ where: eq(stations.id, stationId) });
    expect(row).toMatchObject({ brand: 'ACME', model: 'X1', serialNumber: 'SN-42', firmware: '1.2.3' });
    expect(row?.lastBootAt).toBeInstanceOf(Date);
    cp.close();
  });

  it('stores the SIM it reports (iccid, imsi) and keeps it when a later boot leaves it out', async () => {
    const { uid, stationId } = await aStation();
    const cp = await connect(uid);
    await cp.ok('BootNotification', {
      chargePointVendor: 'ACME',
      chargePointModel: 'X1',
      iccid: '8933150319000012345',
      imsi: '208150300012345',
    });
    const sim = () =>
      db.query.stations.findFirst({ where: eq(stations.id, stationId), columns: { iccid: true, imsi: true } });
    expect(await sim()).toEqual({ iccid: '8933150319000012345', imsi: '208150300012345' });
    await cp.ok('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    expect(await sim()).toEqual({ iccid: '8933150319000012345', imsi: '208150300012345' });
    cp.close();
  });

  it('is Pending for a station registered as pending (onboarding) and Rejected for a rejected one', async () => {
    const pending = await aStation({ registration: 'pending' });
    const cp = await connect(pending.uid);
    expect(await cp.ok('BootNotification', { chargePointVendor: 'A', chargePointModel: 'B' })).toMatchObject({
      status: 'Pending',
    });
    cp.close();
    const rejected = await aStation({ registration: 'rejected' });
    const cp2 = await connect(rejected.uid);
    expect(await cp2.ok('BootNotification', { chargePointVendor: 'A', chargePointModel: 'B' })).toMatchObject({
      status: 'Rejected',
    });
    cp2.close();
  });

  it('answers a Heartbeat sent before any BootNotification', async () => {
    const { uid } = await aStation();
    const cp = await connect(uid);
    const reply = await cp.ok('Heartbeat', {});
    expect(Date.parse(String(reply.currentTime))).not.toBeNaN();
    cp.close();
  });
});
