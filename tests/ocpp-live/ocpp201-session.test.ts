/**
 * An OCPP 2.0.1 station over the live endpoint, driven by ocpp-rpc in `ocpp2.0.1` strict mode (every
 * request and answer checked against the OCA 2.0.1 schemas by an independent library): boot, status,
 * Authorize, a transaction Started → Updated → Ended that the API then shows closed and priced, and a
 * remote stop from the maintenance API answered by the station as RequestStopTransaction.
 */
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';
import { api, apiLogin, connectorIdOf, endpoint } from './helpers';

// A public Voltaria station no other live test uses; admin@voltaria.test's card.
const STATION = 'VLT-PAR-003';
const idToken = { idToken: 'DEMO-RFID-0003', type: 'ISO14443' };
const received: { action: string; params: Record<string, unknown> }[] = [];
let cookie = '';
let client: RPCClient;
let seqNo = 0;

const T0 = Date.now() - 60 * 60_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const register = (wh: number, context: string) => ({
  timestamp: new Date().toISOString(),
  sampledValue: [
    { value: wh, context, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
    { value: 22_000, context, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } },
  ],
});
const event = (eventType: string, minutes: number, extra: object) =>
  client.call('TransactionEvent', {
    eventType,
    timestamp: at(minutes),
    seqNo: seqNo++,
    evse: { id: 1, connectorId: 1 },
    ...extra,
  }) as Promise<{ idTokenInfo?: { status: string } }>;

async function recentSessions(connectorId: number) {
  const res = await api(`/connectors/${connectorId}/recent-sessions`, { cookie });
  return ((await res.json()) as { data: { id: number; status: string; energyWh: number | null; authId: string }[] })
    .data;
}

beforeAll(async () => {
  cookie = await apiLogin('admin@voltaria.test');
  const options = {
    endpoint,
    identity: STATION,
    password: DEMO_OCPP_PASSWORD,
    protocols: ['ocpp2.0.1'],
    strictMode: true,
    reconnect: false,
  };
  client = new RPCClient(options as unknown as ConstructorParameters<typeof RPCClient>[0]);
  client.handle('RequestStopTransaction', async ({ params }) => {
    received.push({ action: 'RequestStopTransaction', params: params ?? {} });
    return { status: 'Accepted' };
  });
  await client.connect();
});
afterAll(async () => {
  await client.close({ force: true });
});

describe('an OCPP 2.0.1 station on ocpp-rpc in strict mode', () => {
  it('negotiates ocpp2.0.1, boots and reports its EVSE', async () => {
    expect(client.protocol).toBe('ocpp2.0.1');
    const boot = await client.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { vendorName: 'Alpitronic', model: 'HYC150', firmwareVersion: '2.4.1' },
    });
    expect(boot).toMatchObject({ status: 'Accepted', interval: expect.any(Number) });
    const status = { timestamp: new Date().toISOString(), evseId: 1, connectorId: 1 };
    expect(await client.call('StatusNotification', { ...status, connectorStatus: 'Available' })).toEqual({});
    expect(await client.call('Heartbeat', {})).toEqual({ currentTime: expect.any(String) });
  });

  it('authorizes, runs a transaction Started/Updated/Ended, and the API shows it closed and priced', async () => {
    expect(await client.call('Authorize', { idToken })).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
    const transactionId = `LIVE-201-${Date.now()}`;
    const started = await event('Started', 0, {
      triggerReason: 'Authorized',
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken,
      meterValue: [register(200_000, 'Transaction.Begin')],
    });
    expect(started.idTokenInfo?.status).toBe('Accepted');
    expect(
      await event('Updated', 15, {
        triggerReason: 'MeterValuePeriodic',
        transactionInfo: { transactionId, chargingState: 'Charging' },
        meterValue: [register(205_500, 'Sample.Periodic')],
      }),
    ).toEqual({});
    expect(
      await event('Ended', 30, {
        triggerReason: 'EVDeparted',
        transactionInfo: { transactionId, chargingState: 'Idle', stoppedReason: 'EVDisconnected' },
        meterValue: [register(211_000, 'Transaction.End')],
      }),
    ).toEqual({});

    const connectorId = await connectorIdOf(cookie, `${STATION}-1`);
    const session = (await recentSessions(connectorId))[0];
    expect(session).toMatchObject({ status: 'closed', energyWh: 11_000, authId: idToken.idToken });
    const detail = async () =>
      (await (await api(`/sessions/${session?.id}`, { cookie })).json()) as {
        session: Record<string, string | number | null>;
      };
    // Priced right after the close, as a 1.6 session is.
    await expect.poll(async () => (await detail()).session.pricing_status).toBe('priced');
    const { session: priced } = await detail();
    expect(priced.cdr_consumed_energy).toBe(11_000);
    expect(Number(priced.emp_price_total)).toBeGreaterThan(0);
  });

  it('is stopped from the maintenance API with RequestStopTransaction and its own transactionId', async () => {
    const transactionId = `LIVE-201-STOP-${Date.now()}`;
    seqNo = 0;
    await event('Started', 31, {
      triggerReason: 'Authorized',
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken,
      meterValue: [register(211_000, 'Transaction.Begin')],
    });
    const me = (await (await api('/me', { cookie })).json()) as { user: { id: number } };
    const connectorId = await connectorIdOf(cookie, `${STATION}-1`);
    const res = await api(`/maintenance/${connectorId}/${me.user.id}/stop`, { cookie, method: 'POST' });
    expect(await res.json()).toMatchObject({ action: 'RemoteStopTransaction', status: 'Accepted' });
    expect(received.at(-1)).toEqual({ action: 'RequestStopTransaction', params: { transactionId } });
    // The station ends it as it would after a remote stop; the session closes.
    await event('Ended', 32, {
      triggerReason: 'RemoteStop',
      transactionInfo: { transactionId, chargingState: 'Idle', stoppedReason: 'Remote' },
      meterValue: [register(212_000, 'Transaction.End')],
    });
    expect((await recentSessions(connectorId))[0]).toMatchObject({ status: 'closed', energyWh: 1_000 });
  });
});
