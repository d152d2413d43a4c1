import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

// The web worker binds ChargePoint by script_name; here the ocpp worker runs as an auxiliary worker.
describe('ChargePoint over Durable Object RPC from the web worker', () => {
  it('reaches the object in the ocpp worker and reads its state', async () => {
    const stub = env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName('RPC-TEST-1'));
    const state = await stub.state();
    expect(state).toEqual({
      identity: null,
      stationId: null,
      ocppVersion: null,
      boot: null,
      lastHeartbeat: null,
      lastSeen: null,
      connected: false,
      online: false,
      connectors: [],
      openTransactions: [],
      pendingCalls: [],
      transactions201: {},
      reports201: null,
      reservations: [],
      operatorTxProfiles: [],
    });
  });
});
