/** A charge point built on ocpp-rpc in strict mode (replies that break the OCA 1.6 schemas fail) boots. */
import { RPCClient } from 'ocpp-rpc';
import { afterEach, describe, expect, inject, it } from 'vitest';

const baseURL = inject('baseURL');
const endpoint = `${baseURL.replace(/^http/, 'ws')}/ocpp`;
const clients: RPCClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close({ force: true })));
});

describe('BootNotification over the live endpoint', () => {
  it('is answered with a schema-valid reply carrying the heartbeat interval', async () => {
    // ocpp-rpc's typings list every option as required; the library fills the rest with defaults.
    const options = { endpoint, identity: 'LIVE-BOOT-1', protocols: ['ocpp1.6'], strictMode: true, reconnect: false };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    await client.connect();
    expect(client.protocol).toBe('ocpp1.6');
    const reply = await client.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    expect(reply).toMatchObject({ status: 'Accepted', interval: 300 });
  });
});
