/** Remote start and stop from the back office, under the charger's own rules, to a strict-mode charge point. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, connectorIdOf, demoCharger } from './helpers';

// VLT-LYO-001 is a public station; the test reports connector 1 free and connector 2 faulted itself.
const charger = demoCharger('VLT-LYO-001');
const received: { action: string; params: Record<string, unknown> }[] = [];
let cookie = '';
let adminId = 0;

beforeAll(async () => {
  cookie = await apiLogin('admin@voltaria.test');
  adminId = ((await (await api('/me', { cookie })).json()) as { user: { id: number } }).user.id;
  charger.handle('RemoteStartTransaction', async ({ params }) => {
    received.push({ action: 'RemoteStartTransaction', params: params ?? {} });
    return { status: 'Accepted' };
  });
  charger.handle('RemoteStopTransaction', async ({ params }) => {
    received.push({ action: 'RemoteStopTransaction', params: params ?? {} });
    return { status: 'Accepted' };
  });
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Remote' });
  // Whatever earlier tests left: connector 1 free, connector 2 faulted.
  await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
  await charger.call('StatusNotification', { connectorId: 2, errorCode: 'GroundFailure', status: 'Faulted' });
});
afterAll(async () => {
  await charger.close({ force: true });
});

describe('remote start and stop', () => {
  it("starts with the user's own card on a free connector", async () => {
    const id = await connectorIdOf(cookie, 'VLT-LYO-001-1');
    const res = await api(`/maintenance/${id}/${adminId}/start`, { cookie, method: 'POST' });
    expect(await res.json()).toMatchObject({ action: 'RemoteStartTransaction', status: 'Accepted', succeeded: true });
    expect(received.at(-1)).toEqual({
      action: 'RemoteStartTransaction',
      params: { connectorId: 1, idTag: 'DEMO-RFID-0003' },
    });
  });

  it('refuses a busy connector before sending anything', async () => {
    const id = await connectorIdOf(cookie, 'VLT-LYO-001-2');
    const before = received.length;
    const res = await api(`/maintenance/${id}/${adminId}/start`, { cookie, method: 'POST' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'CONNECTOR_BUSY',
      'error-msg': 'The connector is busy: a remote start is refused.',
    });
    expect(received.length).toBe(before);
  });

  it('stops the session in progress with its transaction id, and says so when there is none', async () => {
    const id = await connectorIdOf(cookie, 'VLT-LYO-001-1');
    const none = await api(`/maintenance/${id}/${adminId}/stop`, { cookie, method: 'POST' });
    expect(await none.json()).toMatchObject({ code: 'NO_SESSION' });
    const started = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DEMO-RFID-0003',
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    const res = await api(`/maintenance/${id}/${adminId}/stop`, { cookie, method: 'POST' });
    expect(await res.json()).toMatchObject({ action: 'RemoteStopTransaction', status: 'Accepted' });
    expect(received.at(-1)).toEqual({
      action: 'RemoteStopTransaction',
      params: { transactionId: started.transactionId },
    });
  });
});
