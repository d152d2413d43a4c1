/**
 * Station commands against ocpp-rpc charge points in strict mode (a reply or request that breaks the
 * OCA 1.6 schemas fails): configuration, the AuthorizationKey hand-over end to end, diagnostics
 * uploaded to the product's single-use link, and ids the system does not know passed on unchanged.
 */
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, demoCharger } from './helpers';

let cookie = '';
const STATION = 'VLT-LIL-001';
let charger: RPCClient;
const received: Record<string, unknown[]> = {};

function withHandlers(client: RPCClient): RPCClient {
  const remember = (action: string, params: unknown) => {
    received[action] = [...(received[action] ?? []), params];
  };
  client.handle('GetConfiguration', async ({ params }) => {
    remember('GetConfiguration', params);
    return {
      configurationKey: [
        { key: 'HeartbeatInterval', readonly: false, value: '300' },
        { key: 'ChargePointModel', readonly: true, value: 'Live' },
      ],
    };
  });
  client.handle('ChangeConfiguration', async ({ params }) => {
    remember('ChangeConfiguration', params);
    return { status: (params as { key: string }).key === 'ChargePointModel' ? 'Rejected' : 'Accepted' };
  });
  client.handle('ReserveNow', async ({ params }) => {
    remember('ReserveNow', params);
    return { status: 'Accepted' };
  });
  client.handle('GetDiagnostics', async ({ params }) => {
    remember('GetDiagnostics', params);
    return { fileName: 'live-diag.txt' };
  });
  return client;
}

beforeAll(async () => {
  cookie = await apiLogin('maint-advanced@voltaria.test');
  charger = withHandlers(demoCharger(STATION));
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Live' });
});
afterAll(async () => {
  await charger.close({ force: true });
});

describe('station commands against a strict OCPP client', () => {
  it('reads the configuration and shows a refused change truthfully', async () => {
    const read = await api(`/stations/${STATION}/get-configuration`, { cookie, method: 'POST', body: '{}' });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { reply: { configurationKey: { key: string }[] } };
    expect(body.reply.configurationKey.map((k) => k.key)).toEqual(['HeartbeatInterval', 'ChargePointModel']);
    const refused = await api(`/stations/${STATION}/set-configuration`, {
      cookie,
      method: 'POST',
      body: JSON.stringify({ key: 'ChargePointModel', value: 'x' }),
    });
    expect(await refused.json()).toMatchObject({ status: 'Rejected', succeeded: false });
  });

  it('passes a reservation id the system does not know to the charge point unchanged', async () => {
    const res = await api(`/stations/${STATION}/commands/reserve-now`, {
      cookie,
      method: 'POST',
      body: JSON.stringify({
        connectorId: 1,
        expiryDate: '2027-01-01T00:00:00Z',
        idTag: 'NOT-A-CARD',
        reservationId: 31337,
      }),
    });
    expect(await res.json()).toMatchObject({ action: 'ReserveNow', status: 'Accepted' });
    expect(received.ReserveNow?.at(-1)).toMatchObject({ reservationId: 31337, idTag: 'NOT-A-CARD' });
  });

  it('receives diagnostics on the single-use link and serves them back', async () => {
    const res = await api(`/stations/${STATION}/get-diagnostics`, { cookie, method: 'POST', body: '{}' });
    expect(await res.json()).toMatchObject({ action: 'GetDiagnostics', reply: { fileName: 'live-diag.txt' } });
    const { location } = (received.GetDiagnostics ?? []).at(-1) as { location: string };
    const put = await fetch(`${location}live-diag.txt`, { method: 'PUT', body: 'diagnostics from the charger\n' });
    expect(put.status).toBe(201);
    expect((await fetch(`${location}again.txt`, { method: 'PUT', body: 'x' })).status).toBe(404);
    await charger.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    const status = await api(`/stations/${STATION}/get-diagnostics-status`, { cookie });
    expect(await status.json()).toMatchObject({ status: 'Uploaded', connected: true });
    const file = await api(`/stations/${STATION}/get-diagnostics-file/live-diag.txt`, { cookie });
    expect(await file.text()).toBe('diagnostics from the charger\n');
  });

  it('stores a new AuthorizationKey before answering: the charger reconnects with it, the old one is refused', async () => {
    const newKey = 'live-key-0123456789abcdef';
    const res = await api(`/stations/${STATION}/set-configuration`, {
      cookie,
      method: 'POST',
      body: JSON.stringify({ key: 'AuthorizationKey', value: newKey }),
    });
    expect(await res.json()).toMatchObject({ action: 'ChangeConfiguration', status: 'Accepted', succeeded: true });
    await charger.close({ force: true });

    charger = withHandlers(demoCharger(STATION, newKey));
    await charger.connect();
    expect(await charger.call('Heartbeat', {})).toHaveProperty('currentTime');

    const old = demoCharger(STATION);
    await expect(old.connect()).rejects.toThrow();
    await old.close({ force: true }).catch(() => undefined);

    const logs = await api('/customer-services/logs', { cookie });
    expect(JSON.stringify(await logs.json())).not.toContain(newKey);
  });
});
