/**
 * Commands from the back office reach a real charge point: the API call goes through the ChargePoint
 * object to an ocpp-rpc charge point in strict mode, answers with its reply, and is logged.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoCharger } from './helpers';

const baseURL = inject('baseURL');
const api = (path: string, init: RequestInit & { cookie: string }) =>
  fetch(`${baseURL}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', cookie: init.cookie, ...(init.headers ?? {}) },
  });

let cookie = '';
const charger = demoCharger('VLT-LYO-002');

async function loginAsAdmin(): Promise<string> {
  const email = 'maint-advanced@voltaria.test';
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-2026!' }),
  });
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error('no session cookie');
  const c = `sid=${sid}`;
  await api('/2fa/send-code', { cookie: c });
  const mail = (await (await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`)).json()) as {
    messages: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(mail.messages[0]?.text ?? '')?.[1];
  expect((await api('/2fa', { cookie: c, method: 'POST', body: JSON.stringify({ _2fa: code }) })).status).toBe(200);
  return c;
}

async function connectorId(keyword: string): Promise<number> {
  const res = await api('/connectors', { cookie, method: 'POST', body: JSON.stringify({ keyword }) });
  const body = (await res.json()) as { data: { id: number; uid: string }[] };
  const row = body.data.find((r) => r.uid === keyword);
  if (!row) throw new Error(`no connector ${keyword}`);
  return row.id;
}

beforeAll(async () => {
  cookie = await loginAsAdmin();
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
