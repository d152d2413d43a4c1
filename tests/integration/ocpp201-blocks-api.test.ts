/**
 * OCPP 2.0.1 blocks D, H, L, P through the back office's API (issue 23 part 2, ADR 058 addendum): the
 * existing station commands and the firmware upgrade, sent in their 1.6 form, reach a 2.0.1 station in
 * its 2.0.1 form, and what it reports shows where a 1.6 station's does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { call, login, type Session, type World, world } from './helpers';

let w: World;
let admin: Session;
let uid: string;
let cp: FakeChargePoint;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  admin = await login(w.email, w.password);
  ({ uid, cp } = await connectedStation(w.company.id, { prefix: 'B201', status: 'available', protocol: 'ocpp2.0.1' }));
});

afterAll(() => cp?.close());

const lastCall = (action: string) => cp.received.filter((r) => r.action === action).at(-1)?.payload;

describe('a 2.0.1 station through the station commands', () => {
  it('gets the local authorization list and its version query in the 2.0.1 form', async () => {
    cp.handle('SendLocalList', () => ({ status: 'Accepted' }));
    const sent = await call(`/stations/${uid}/commands/send-local-list`, {
      ...admin,
      json: {
        listVersion: 4,
        updateType: 'Full',
        localAuthorizationList: [{ idTag: 'CARD-API-1', idTagInfo: { status: 'Accepted' } }],
      },
    });
    expect(await sent.json()).toMatchObject({ action: 'SendLocalList', status: 'Accepted', succeeded: true });
    expect(lastCall('SendLocalList')).toEqual({
      versionNumber: 4,
      updateType: 'Full',
      localAuthorizationList: [
        { idToken: { idToken: 'CARD-API-1', type: 'ISO14443' }, idTokenInfo: { status: 'Accepted' } },
      ],
    });
    cp.handle('GetLocalListVersion', () => ({ versionNumber: 4 }));
    const version = await call(`/stations/${uid}/commands/get-local-list-version`, { ...admin, json: {} });
    expect(await version.json()).toMatchObject({ succeeded: true, reply: { listVersion: 4, versionNumber: 4 } });
  });

  it('reserves with the 2.0.1 ReserveNow', async () => {
    cp.handle('ReserveNow', () => ({ status: 'Accepted' }));
    const res = await call(`/stations/${uid}/commands/reserve-now`, {
      ...admin,
      json: { connectorId: 1, expiryDate: '2026-12-01T10:00:00Z', idTag: 'CARD-API-1', reservationId: 5150 },
    });
    expect(await res.json()).toMatchObject({ action: 'ReserveNow', status: 'Accepted', succeeded: true });
    expect(lastCall('ReserveNow')).toEqual({
      id: 5150,
      expiryDateTime: '2026-12-01T10:00:00Z',
      idToken: { idToken: 'CARD-API-1', type: 'ISO14443' },
      evseId: 1,
    });
  });

  it('upgrades firmware with the 2.0.1 UpdateFirmware and shows its FirmwareStatusNotification', async () => {
    const up = await call(`/stations/${uid}/firmware/fw-201.bin`, {
      ...admin,
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      raw: 'firmware-bytes',
    });
    expect(up.status).toBe(201);
    cp.handle('UpdateFirmware', () => ({ status: 'Accepted' }));
    const res = await call(`/stations/${uid}/upgrade/fw-201.bin`, { ...admin, json: {} });
    expect(await res.json()).toMatchObject({ action: 'UpdateFirmware', status: 'Accepted', succeeded: true });
    const sent = lastCall('UpdateFirmware') as {
      requestId: number;
      firmware: { location: string; retrieveDateTime: string };
    };
    expect(sent).toEqual({
      requestId: expect.any(Number),
      firmware: { location: expect.stringContaining('fw-201.bin'), retrieveDateTime: expect.any(String) },
    });
    const download = await call(new URL(sent.firmware.location).pathname.replace(/^\/api/, ''));
    expect(await download.text()).toBe('firmware-bytes');
    await cp.call('FirmwareStatusNotification', { status: 'Downloaded', requestId: sent.requestId });
    expect(await (await call(`/stations/${uid}/get-firmware-upgrade-status`, admin)).json()).toMatchObject({
      status: 'Downloaded',
    });
  });

  it('passes DataTransfer as it is', async () => {
    cp.handle('DataTransfer', () => ({ status: 'Rejected' }));
    const res = await call(`/stations/${uid}/commands/data-transfer`, {
      ...admin,
      json: { vendorId: 'com.acme', messageId: 'Ping', data: 'x' },
    });
    expect(await res.json()).toMatchObject({ action: 'DataTransfer', status: 'Rejected', succeeded: false });
    expect(lastCall('DataTransfer')).toEqual({ vendorId: 'com.acme', messageId: 'Ping', data: 'x' });
  });
});
