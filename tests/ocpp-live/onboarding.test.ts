/**
 * The outcome that matters for onboarding: a station onboarded through the API can connect with the
 * OCPP id and password shown once, and boots Accepted; a wrong password is refused with 401.
 */
import type { RPCClient } from 'ocpp-rpc';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, demoCharger } from './helpers';

const clients: RPCClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close({ force: true })));
});

interface Created {
  station: { uid: string; connectors: { uid: string }[] };
  credentials: { ocppId: string; password: string; path: string } | null;
}

describe('a station onboarded through the API', () => {
  let cookie: string;
  let created: Created;

  beforeAll(async () => {
    cookie = await apiLogin('admin@voltaria.test');
    const templates = (await (await api('/station-templates', { cookie })).json()) as {
      data: { id: number; name: string }[];
    };
    const template = templates.data.find((t) => t.name.startsWith('ABB Terra 54'));
    if (!template) throw new Error('no ABB Terra 54 template in the demo data');
    const res = await api('/stations/create-from-template', {
      cookie,
      method: 'POST',
      body: JSON.stringify({
        mode: 'online',
        templateId: template.id,
        ocppId: `ONB-LIVE-${Date.now().toString(36).toUpperCase()}`,
        name: 'Toulon Mayol 1',
        address: 'Rue Félix Pyat',
        postalCode: '83000',
        city: 'Toulon',
        country: 'FR',
        latitude: '43.1187',
        longitude: '5.9367',
        timeZone: 'Europe/Paris',
      }),
    });
    expect(res.status).toBe(201);
    created = (await res.json()) as Created;
  });

  it('connects with the shown OCPP id and password and boots Accepted', async () => {
    const { ocppId, password, path } = created.credentials ?? { ocppId: '', password: '', path: '' };
    expect(path).toBe(`/ocpp/${ocppId}`);
    const client = demoCharger(ocppId, password);
    clients.push(client);
    await client.connect();
    const reply = await client.call('BootNotification', { chargePointVendor: 'ABB', chargePointModel: 'Terra 54' });
    expect(reply).toMatchObject({ status: 'Accepted' });
    // The connectors the template created are the ones the charge point reports on.
    const status = await client.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: new Date().toISOString(),
    });
    expect(status).toEqual({});
    expect(created.station.connectors.map((c) => c.uid)).toEqual([1, 2, 3].map((n) => `${ocppId}-${n}`));
  });

  it('refuses the same id with a wrong password (401)', async () => {
    const client = demoCharger(created.station.uid, `${created.credentials?.password ?? ''}x`);
    clients.push(client);
    await expect(client.connect()).rejects.toThrow(/Unauthorized|401/);
  });
});
