/** The demo stations connect with basic auth and boot against the real workers. */
import type { RPCClient } from 'ocpp-rpc';
import { afterEach, describe, expect, it } from 'vitest';
import { demoCharger } from './helpers';

const clients: RPCClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close({ force: true })));
});

describe('BootNotification over the live endpoint', () => {
  it('is answered with a schema-valid reply carrying the heartbeat interval', async () => {
    const client = demoCharger('VLT-PAR-001');
    clients.push(client);
    await client.connect();
    expect(client.protocol).toBe('ocpp1.6');
    const reply = await client.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    expect(reply).toMatchObject({ status: 'Accepted', interval: 300 });
  });

  it('refuses a wrong password before the upgrade', async () => {
    const client = demoCharger('VLT-PAR-002', 'not-the-password');
    clients.push(client);
    await expect(client.connect()).rejects.toThrow(/Unauthorized|401/);
  });
});
