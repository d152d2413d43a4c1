/**
 * Commands from the back office reach a real charge point: the API call goes through the ChargePoint
 * object to an ocpp-rpc charge point in strict mode, answers with its reply, and is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, connectorIdOf, demoCharger } from './helpers';

let cookie = '';
const charger = demoCharger('VLT-LYO-002');
const connectorId = (uid: string) => connectorIdOf(cookie, uid);

beforeAll(async () => {
  cookie = await apiLogin('maint-advanced@voltaria.test');
  charger.handle('UnlockConnector', async () => ({ status: 'Unlocked' }));
  charger.handle('ChangeAvailability', async () => ({ status: 'Scheduled' }));
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Cmd' });
});
afterAll(async () => {
  await charger.close({ force: true });
});

describe('maintenance commands', () => {
  it("unlocks a connector and answers with the charge point's reply, logged for customer service", async () => {
    const id = await connectorId('VLT-LYO-002-1');
    const res = await api(`/maintenance/${id}/unlock`, { cookie, method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      action: 'UnlockConnector',
      status: 'Unlocked',
      succeeded: true,
      reply: { status: 'Unlocked' },
    });
    const logs = (await (await api('/customer-services/logs', { cookie })).json()) as {
      data: { action: string; result: string; station_uid: string; user_email: string }[];
    };
    expect(logs.data[0]).toMatchObject({
      action: 'UnlockConnector',
      result: 'success',
      station_uid: 'VLT-LYO-002',
      user_email: 'maint-advanced@voltaria.test',
    });
  });

  it('passes the charge point answer through truthfully (Scheduled)', async () => {
    const res = await api('/connectors/VLT-LYO-002-2/set-connector-inoperative', { cookie, method: 'POST' });
    expect(await res.json()).toMatchObject({ action: 'ChangeAvailability', status: 'Scheduled', succeeded: true });
  });

  it('answers 409 at once when the station is not connected, and logs the failure', async () => {
    const id = await connectorId('VLT-BOR-003-1');
    const res = await api(`/maintenance/${id}/reset?type=Hard`, { cookie, method: 'POST' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'STATION_OFFLINE' });
    const logs = (await (await api('/customer-services/logs', { cookie })).json()) as {
      data: { action: string; result: string; error_message: string }[];
    };
    expect(logs.data[0]).toMatchObject({ action: 'Reset', result: 'failed', error_message: 'offline' });
  });
});
