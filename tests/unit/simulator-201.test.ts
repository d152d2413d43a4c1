/**
 * The simulated OCPP 2.0.1 station against a bare ocpp-rpc server in `ocpp2.0.1` strict mode on
 * loopback: every request the station sends and every answer it gives is checked against the OCA
 * 2.0.1 schemas by the library, so each expectation also proves the messages are schema-valid.
 */
import type { AddressInfo } from 'node:net';
import { type IHandlersOption, RPCServer } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATIONS } from '../../scripts/simulator/demo-stations';
import { SimStation201 } from '../../scripts/simulator/station-201';
import { newStats } from '../../scripts/simulator/stats';
import { defaultDeviceModel, getVariables, setVariables } from '../../scripts/simulator/variables-201';

type ServerClient = Parameters<Parameters<RPCServer['on']>[1]>[0];
type Params = Record<string, unknown> & {
  eventType?: string;
  seqNo?: number;
  triggerReason?: string;
  transactionInfo?: Record<string, unknown>;
  meterValue?: { sampledValue: { measurand?: string; value: number; unitOfMeasure?: { unit: string } }[] }[];
};
const received: { method: string; params: Params }[] = [];
const server = new RPCServer({ protocols: ['ocpp2.0.1'], strictMode: true });
let cs: ServerClient;
let station: SimStation201;
const stats = newStats();
const passwords: (string | undefined)[] = [];
let authorizeStatus = 'Accepted';
const call = (method: string, params: object) => cs.call(method, params) as Promise<Record<string, unknown>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (method: string, match: (p: Params) => boolean = () => true) => {
  for (let i = 0; i < 100; i++) {
    const hit = received.find((r) => r.method === method && match(r.params));
    if (hit) return hit.params;
    await sleep(50);
  }
  throw new Error(`no ${method} received`);
};
const events = (transactionId: unknown) =>
  received
    .filter((r) => r.method === 'TransactionEvent' && r.params.transactionInfo?.transactionId === transactionId)
    .map((r) => r.params);

beforeAll(async () => {
  const now = () => new Date().toISOString();
  server.auth((accept, _reject, handshake) => {
    passwords.push(handshake.password?.toString());
    accept();
  });
  const connected = new Promise<void>((resolve) =>
    server.on('client', (client: ServerClient) => {
      cs = client;
      client.handle(({ method, params }: IHandlersOption) => {
        received.push({ method: method as string, params: params as Params });
        const replies: Record<string, object> = {
          BootNotification: { status: 'Accepted', currentTime: now(), interval: 300 },
          Heartbeat: { currentTime: now() },
          Authorize: { idTokenInfo: { status: authorizeStatus } },
          TransactionEvent: (params as Params).eventType === 'Started' ? { idTokenInfo: { status: 'Accepted' } } : {},
        };
        return Promise.resolve(replies[method as string] ?? {});
      });
      resolve();
    }),
  );
  const http = await server.listen(0, '127.0.0.1');
  const spec = DEMO_STATIONS[2] ?? DEMO_STATIONS[0];
  if (!spec) throw new Error('no demo station');
  station = new SimStation201(
    spec,
    {
      url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
      idTags: ['TAG'],
      password: 'first-password-0001',
      meterIntervalSeconds: 60,
      sessionSeconds: [600, 600],
    },
    stats,
  );
  await station.connect();
  await connected;
  await waitFor('StatusNotification', (p) => p.evseId === 2);
});

afterAll(async () => {
  await station.shutdown();
  await server.close({ force: true });
});

describe('simulated OCPP 2.0.1 station', () => {
  it('boots with its identity and reports each EVSE', () => {
    expect(received[0]).toMatchObject({
      method: 'BootNotification',
      params: { reason: 'PowerUp', chargingStation: { vendorName: 'Alpitronic', model: 'HYC150' } },
    });
    const statuses = received.filter((r) => r.method === 'StatusNotification').map((r) => r.params);
    expect(statuses.map((p) => [p.evseId, p.connectorId, p.connectorStatus])).toEqual([
      [1, 1, 'Available'],
      [2, 1, 'Available'],
    ]);
  });

  it('remote start: Started with the remoteStartId, Updated with sampled values, remote stop: Ended', async () => {
    const idToken = { idToken: 'TAG', type: 'Central' };
    expect(await call('RequestStartTransaction', { idToken, remoteStartId: 42, evseId: 1 })).toEqual({
      status: 'Accepted',
    });
    const started = await waitFor('TransactionEvent', (p) => p.eventType === 'Started');
    expect(started).toMatchObject({
      triggerReason: 'RemoteStart',
      seqNo: 0,
      evse: { id: 1, connectorId: 1 },
      idToken,
      transactionInfo: { remoteStartId: 42, chargingState: 'Charging' },
    });
    expect(received.some((r) => r.method === 'Authorize')).toBe(false);
    expect(await waitFor('StatusNotification', (p) => p.connectorStatus === 'Occupied')).toMatchObject({ evseId: 1 });
    const id = started.transactionInfo?.transactionId;
    for (let i = 0; i < 100 && !station.evse(1)?.tx; i++) await sleep(50);

    // A triggered TransactionEvent is an Updated with the current reading, the next seqNo.
    expect(await call('TriggerMessage', { requestedMessage: 'TransactionEvent', evse: { id: 1 } })).toEqual({
      status: 'Accepted',
    });
    const updated = await waitFor('TransactionEvent', (p) => p.eventType === 'Updated');
    expect(updated).toMatchObject({ triggerReason: 'Trigger', seqNo: 1, transactionInfo: { transactionId: id } });
    const register = updated.meterValue?.[0]?.sampledValue.find((s) => s.measurand === 'Energy.Active.Import.Register');
    expect(register?.unitOfMeasure).toEqual({ unit: 'Wh' });
    expect(typeof register?.value).toBe('number');

    // Busy: no second start there, no unlock, and an OnIdle reset waits.
    expect(await call('RequestStartTransaction', { idToken, remoteStartId: 43, evseId: 1 })).toEqual({
      status: 'Rejected',
    });
    expect(await call('UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({
      status: 'OngoingAuthorizedTransaction',
    });
    expect(await call('ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 1 } })).toEqual({
      status: 'Scheduled',
    });

    expect(await call('RequestStopTransaction', { transactionId: 'not-ours' })).toEqual({ status: 'Rejected' });
    expect(await call('RequestStopTransaction', { transactionId: id })).toEqual({ status: 'Accepted' });
    const ended = await waitFor('TransactionEvent', (p) => p.eventType === 'Ended');
    expect(ended).toMatchObject({
      triggerReason: 'RemoteStop',
      seqNo: 2,
      transactionInfo: { transactionId: id, stoppedReason: 'Remote' },
    });
    expect(events(id).map((e) => e.seqNo)).toEqual([0, 1, 2]);
    // The scheduled Inoperative applies once the transaction has ended.
    expect(
      await waitFor('StatusNotification', (p) => p.evseId === 1 && p.connectorStatus === 'Unavailable'),
    ).toBeDefined();
    expect(await call('ChangeAvailability', { operationalStatus: 'Operative' })).toEqual({ status: 'Accepted' });
    expect(await call('UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect(await call('UnlockConnector', { evseId: 9, connectorId: 1 })).toEqual({ status: 'UnknownConnector' });
  });

  it('a local start is authorized first; a refused idToken starts nothing', async () => {
    authorizeStatus = 'Invalid';
    const e = station.evse(2);
    if (!e) throw new Error('no EVSE 2');
    await station.startSession(e, { idToken: 'BAD', type: 'ISO14443' }, {});
    expect(e.tx).toBeUndefined();
    expect(stats.authRejected).toBe(1);
    authorizeStatus = 'Accepted';
  });

  it('GetVariables and SetVariables from its device model', async () => {
    const component = { name: 'OCPPCommCtrlr' };
    const variable = { name: 'HeartbeatInterval' };
    expect(
      await call('SetVariables', {
        setVariableData: [
          { component, variable, attributeValue: '120' },
          { component: { name: 'SecurityCtrlr' }, variable: { name: 'Identity' }, attributeValue: 'X' },
        ],
      }),
    ).toEqual({
      setVariableResult: [
        { attributeStatus: 'Accepted', component, variable },
        { attributeStatus: 'Rejected', component: { name: 'SecurityCtrlr' }, variable: { name: 'Identity' } },
      ],
    });
    const got = await call('GetVariables', {
      getVariableData: [
        { component, variable },
        { component: { name: 'Nope' }, variable },
      ],
    });
    expect(got.getVariableResult).toEqual([
      { attributeStatus: 'Accepted', component, variable, attributeValue: '120' },
      { attributeStatus: 'UnknownComponent', component: { name: 'Nope' }, variable },
    ]);
  });

  it('answers actions it does not simulate NotImplemented', async () => {
    await expect(call('GetBaseReport', { requestId: 1, reportBase: 'FullInventory' })).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
  });

  it('a new BasicAuthPassword: reconnects with it and boots again', async () => {
    const boots = received.filter((r) => r.method === 'BootNotification').length;
    const password = 'second-password-0002';
    const reply = await call('SetVariables', {
      setVariableData: [
        { component: { name: 'SecurityCtrlr' }, variable: { name: 'BasicAuthPassword' }, attributeValue: password },
      ],
    });
    expect(reply.setVariableResult).toMatchObject([{ attributeStatus: 'Accepted' }]);
    for (let i = 0; i < 100 && received.filter((r) => r.method === 'BootNotification').length === boots; i++) {
      await sleep(50);
    }
    expect(passwords.at(-1)).toBe(password);
    expect(stats.errors).toBe(0);
  });
});

describe('device model rules', () => {
  const m = () => defaultDeviceModel({ identity: 'CS-1', meterIntervalSeconds: 10 });
  it.each([
    { component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', value: 'soon', status: 'Rejected' },
    { component: 'ocppcommctrlr', variable: 'heartbeatinterval', value: '60', status: 'Accepted' },
    { component: 'AuthCtrlr', variable: 'AuthorizeRemoteStart', value: 'maybe', status: 'Rejected' },
    { component: 'AuthCtrlr', variable: 'Nope', value: '1', status: 'UnknownVariable' },
    { component: 'SecurityCtrlr', variable: 'BasicAuthPassword', value: 'short', status: 'Rejected' },
  ])('SetVariables $component.$variable=$value → $status', ({ component, variable, value, status }) => {
    const { results } = setVariables(m(), [
      { component: { name: component }, variable: { name: variable }, attributeValue: value },
    ]);
    expect(results[0]?.attributeStatus).toBe(status);
  });

  it('never reads a write-only variable back, and only the Actual attribute', () => {
    const [password, target] = getVariables(m(), [
      { component: { name: 'SecurityCtrlr' }, variable: { name: 'BasicAuthPassword' } },
      { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, attributeType: 'Target' },
    ]);
    expect(password).toEqual({
      attributeStatus: 'Rejected',
      component: { name: 'SecurityCtrlr' },
      variable: { name: 'BasicAuthPassword' },
    });
    expect(target?.attributeStatus).toBe('NotSupportedAttributeType');
  });
});
