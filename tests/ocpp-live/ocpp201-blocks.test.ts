/**
 * OCPP 2.0.1 functional blocks over the live endpoint (issue 23 parts 2 and 7), driven by ocpp-rpc in
 * `ocpp2.0.1` strict mode: the library checks every request and answer, both ways, against the OCA 2.0.1
 * schemas. The station sends the charge point → CSMS messages the product handles, answers every command
 * the operator's API sends it, and each outcome is read back through the API (device model, reports,
 * station log, firmware status, sessions). Then the transaction edge cases (Ended before Updated, a
 * duplicated seqNo, an offline replay, a socket lost mid-transaction and a new connection) and a 1.6 and
 * a 2.0.1 station on one site under load management, whose limits never sum above the site's.
 *
 * The live server (`wrangler dev`) cannot evict a Durable Object on demand: "eviction" here is the socket
 * closed mid-transaction and a new connection, which is what a station sees of an evicted object too.
 */
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';
import { api, apiLogin, connectorIdOf, demoCharger, endpoint } from './helpers';

// Voltaria Sud's public Marseille stations, which no other live test uses (admin@voltaria.test sees them).
const STATION = 'VLT-MAR-001';
const STATION_16 = 'VLT-MAR-003';
const idToken = { idToken: 'DEMO-RFID-0003', type: 'ISO14443' };
type Params = Record<string, unknown>;

let cookie = '';
let cs: RPCClient;
/** Every CALL the 2.0.1 station received: action and params, in order. */
const received: { action: string; params: Params }[] = [];
/** The answer the station gives to each action (default: `{ status: 'Accepted' }`). */
const answers: Record<string, Params> = {};
/** Told of each CALL as it arrives (the load test folds the limits of both stations in arrival order). */
let onCall: ((action: string, params: Params) => void) | null = null;

const now = () => new Date().toISOString();
const energy = (wh: number, context: string) => ({
  timestamp: now(),
  sampledValue: [{ value: wh, context, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } }],
});

/** A 2.0.1 RPCClient in strict mode, answering every CSMS → CP action from `answers`. */
function station201(): RPCClient {
  const options = {
    endpoint,
    identity: STATION,
    password: DEMO_OCPP_PASSWORD,
    protocols: ['ocpp2.0.1'],
    strictMode: true,
    reconnect: false,
  };
  const client = new RPCClient(options as unknown as ConstructorParameters<typeof RPCClient>[0]);
  client.handle(async ({ method, params }) => {
    const action = String(method);
    received.push({ action, params: params ?? {} });
    onCall?.(action, params ?? {});
    return answers[action] ?? { status: 'Accepted' };
  });
  return client;
}

/** The operator's API command (`POST /stations/{uid}/commands/{action}`), its answer body. */
async function command(action: string, body: object, uid = STATION) {
  const res = await api(`/stations/${uid}/commands/${action}`, { cookie, method: 'POST', body: JSON.stringify(body) });
  return {
    status: res.status,
    body: (await res.json()) as { action: string; status: string; succeeded: boolean; reply: Params },
  };
}

const lastReceived = (action: string) => received.filter((r) => r.action === action).at(-1)?.params;

async function stationLog(action: string) {
  const res = await api(`/stations/${STATION}/ocpp-log?limit=200`, { cookie });
  return (
    (await res.json()) as { data: { action: string | null; direction: string; payload: string | null }[] }
  ).data.filter((e) => e.action === action);
}

/** The sessions of the connector that were not in `before` (the list answers the latest ones). */
async function newSessions(before: readonly { id: number }[]) {
  const known = new Set(before.map((x) => x.id));
  return (await recentSessions(connectorId)).filter((x) => !known.has(x.id));
}

async function recentSessions(connectorId: number) {
  const res = await api(`/connectors/${connectorId}/recent-sessions`, { cookie });
  return ((await res.json()) as { data: { id: number; status: string; energyWh: number | null; authId: string }[] })
    .data;
}

async function sessionDetail(id: number) {
  const res = await api(`/sessions/${id}`, { cookie });
  return ((await res.json()) as { session: Record<string, string | number | null> }).session;
}

async function stationIdOf(uid: string): Promise<number> {
  const res = await api('/stations', { cookie, method: 'POST', body: JSON.stringify({ keyword: uid }) });
  const row = ((await res.json()) as { data: { id: number; uid: string }[] }).data.find((r) => r.uid === uid);
  if (!row) throw new Error(`no station ${uid}`);
  return row.id;
}

/** A TransactionEvent of `client` for EVSE 1, numbered from `seqNo`. */
let seqNo = 0;
const event = (client: RPCClient, eventType: string, transactionId: string, extra: object) =>
  client.call('TransactionEvent', {
    eventType,
    timestamp: now(),
    seqNo: seqNo++,
    evse: { id: 1, connectorId: 1 },
    transactionInfo: { transactionId },
    triggerReason: 'MeterValuePeriodic',
    ...extra,
  });

let connectorId = 0;

beforeAll(async () => {
  cookie = await apiLogin('admin@voltaria.test');
  connectorId = await connectorIdOf(cookie, `${STATION}-1`);
  cs = station201();
  await cs.connect();
});
afterAll(async () => {
  await cs.close({ force: true });
});

describe('every charge point → CSMS message of the product, in strict 2.0.1', () => {
  it('boots, reports status, heartbeats, authorizes, and the API shows the station online on 2.0.1', async () => {
    expect(cs.protocol).toBe('ocpp2.0.1');
    const boot = await cs.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { vendorName: 'Wallbox', model: 'Commander 2', firmwareVersion: '7.0.0' },
    });
    expect(boot).toMatchObject({ status: 'Accepted', interval: expect.any(Number) });
    await cs.call('StatusNotification', { timestamp: now(), connectorStatus: 'Available', evseId: 1, connectorId: 1 });
    expect(await cs.call('Heartbeat', {})).toEqual({ currentTime: expect.any(String) });
    expect(await cs.call('Authorize', { idToken })).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
    expect(await cs.call('Authorize', { idToken: { idToken: 'NO-SUCH-CARD', type: 'ISO14443' } })).toMatchObject({
      idTokenInfo: { status: expect.not.stringMatching(/^Accepted$/) },
    });
    const detail = (await (await api(`/stations/${await stationIdOf(STATION)}/detail`, { cookie })).json()) as Params;
    expect(JSON.stringify(detail)).toContain('2.0.1');
  });

  it('keeps the notices: security event, NotifyEvent, EV charging needs, charging limits, DataTransfer', async () => {
    expect(await cs.call('SecurityEventNotification', { type: 'SettingSystemTime', timestamp: now() })).toEqual({});
    const notice = {
      generatedAt: now(),
      seqNo: 0,
      eventData: [
        {
          eventId: 41,
          timestamp: now(),
          trigger: 'Alerting',
          actualValue: 'true',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Problem' },
        },
      ],
    };
    expect(await cs.call('NotifyEvent', notice)).toEqual({});
    const needs = await cs.call('NotifyEVChargingNeeds', {
      evseId: 1,
      chargingNeeds: {
        requestedEnergyTransfer: 'AC_three_phase',
        acChargingParameters: { energyAmount: 20_000, evMinCurrent: 6, evMaxCurrent: 32, evMaxVoltage: 400 },
      },
    });
    expect(needs).toMatchObject({ status: expect.stringMatching(/^(Accepted|Rejected|Processing)$/) });
    expect(
      await cs.call('NotifyChargingLimit', {
        chargingLimit: { chargingLimitSource: 'EMS', isGridCritical: true },
        evseId: 1,
      }),
    ).toEqual({});
    expect(await cs.call('DataTransfer', { vendorId: 'com.acme', messageId: 'Hello' })).toEqual({
      status: 'UnknownVendorId',
    });
    // Shown in the station log, as the API reads it.
    expect((await stationLog('SecurityEventNotification')).length).toBeGreaterThan(0);
    const notified = await stationLog('NotifyEvent');
    expect(notified.some((e) => e.direction === 'in' && (e.payload ?? '').includes('Problem'))).toBe(true);
    const reports = (await (await api(`/stations/${STATION}/ocpp-reports`, { cookie })).json()) as {
      ev_charging_needs: unknown[];
      charging_limits: unknown[];
    };
    expect(reports.ev_charging_needs.length).toBeGreaterThan(0);
    expect(reports.charging_limits.length).toBeGreaterThan(0);
    expect(await cs.call('ClearedChargingLimit', { chargingLimitSource: 'EMS', evseId: 1 })).toEqual({});
    // Meter values outside a transaction: kept, and in the log.
    const meter = { timestamp: now(), sampledValue: [{ value: 231.5, measurand: 'Voltage', phase: 'L1-N' }] };
    expect(await cs.call('MeterValues', { evseId: 1, meterValue: [meter] })).toEqual({});
    expect((await stationLog('MeterValues')).some((e) => (e.payload ?? '').includes('231.5'))).toBe(true);
  });

  it('answers SignCertificate (a CSR that is not one is refused, nothing issued)', async () => {
    const signed = (await cs.call('SignCertificate', { csr: 'not a certificate request' })) as { status: string };
    expect(signed.status).toBe('Rejected');
  });
});

// Before any transaction of the 2.0.1 station: its object looks its site up at its first session event
// and keeps the answer for 5 minutes (ADR 059), so the site must exist by then.
describe('a 1.6 and a 2.0.1 station on one site under load management', () => {
  it('never receives limits that sum above the site limit', async () => {
    const ids = [await stationIdOf(STATION), await stationIdOf(STATION_16)];
    const created = await api('/location', {
      cookie,
      method: 'PUT',
      body: JSON.stringify({
        name: `Load ${Date.now()}`,
        address: 'Quai du Port',
        postal_code: '13002',
        city: 'Marseille',
        country: 'FR',
        latitude: 43.296,
        longitude: 5.37,
        time_zone: 'Europe/Paris',
        station_ids: ids,
      }),
    });
    expect(created.status).toBe(201);
    const location = ((await created.json()) as { uid: string }).uid;
    const put = await api(`/location/${location}/load`, {
      cookie,
      method: 'PUT',
      body: JSON.stringify({ unit: 'A', limit: 40 }),
    });
    expect(put.status).toBe(200);

    // What each station holds: the latest limit it was sent; the sum checked at every frame.
    const held: Record<string, number> = {};
    let highest = 0;
    const hold = (who: string, limit: number) => {
      held[who] = limit;
      highest = Math.max(
        highest,
        Object.values(held).reduce((a, b) => a + b, 0),
      );
    };
    answers.SetChargingProfile = { status: 'Accepted' };
    const seen201 = received.length;
    onCall = (action, params) => {
      const profile = params.chargingProfile as
        | { chargingProfilePurpose: string; chargingSchedule: { chargingSchedulePeriod: { limit: number }[] }[] }
        | undefined;
      if (action !== 'SetChargingProfile' || profile?.chargingProfilePurpose !== 'TxProfile') return;
      hold('2.0.1', profile.chargingSchedule[0]?.chargingSchedulePeriod[0]?.limit as number);
    };
    const cp16 = demoCharger(STATION_16);
    cp16.handle('SetChargingProfile', async ({ params }) => {
      const profile = (
        params as { csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } } }
      ).csChargingProfiles;
      hold('1.6', profile.chargingSchedule.chargingSchedulePeriod[0]?.limit as number);
      return { status: 'Accepted' };
    });
    await cp16.connect();
    await cp16.call('BootNotification', { chargePointVendor: 'Alpitronic', chargePointModel: 'HYC150' });
    const tx16 = (await cp16.call('StartTransaction', {
      connectorId: 1,
      // Another driver's card: one card charges once at a time (ConcurrentTx).
      idTag: 'DEMO-RFID-0001',
      meterStart: 0,
      timestamp: now(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(tx16.idTagInfo.status).toBe('Accepted');
    await expect.poll(() => held['1.6'], { interval: 50, timeout: 10_000 }).toBe(40);

    seqNo = 0;
    const transactionId = `LIVE-LOAD-${Date.now()}`;
    const started = (await event(cs, 'Started', transactionId, {
      triggerReason: 'Authorized',
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken,
      meterValue: [energy(300_000, 'Transaction.Begin')],
    })) as { idTokenInfo?: { status: string } };
    expect(started.idTokenInfo?.status).toBe('Accepted');
    const frames201 = () =>
      received
        .slice(seen201)
        .filter(
          (r) =>
            r.action === 'SetChargingProfile' &&
            (r.params.chargingProfile as Params)?.chargingProfilePurpose === 'TxProfile',
        );
    await expect.poll(() => frames201().length, { interval: 50, timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const site = (await (await api(`/location/${location}/load`, { cookie })).json()) as {
            sessions: { limitA: number | null; targetA: number | null }[];
          };
          return site.sessions.length === 2 && site.sessions.every((s) => s.limitA !== null && s.limitA === s.targetA);
        },
        { interval: 100, timeout: 10_000 },
      )
      .toBe(true);
    onCall = null;
    expect(held).toEqual({ '1.6': 20, '2.0.1': 20 });
    expect(highest).toBeLessThanOrEqual(40);

    await cp16.call('StopTransaction', { transactionId: tx16.transactionId, meterStop: 1000, timestamp: now() });
    await event(cs, 'Ended', transactionId, {
      triggerReason: 'EVDeparted',
      transactionInfo: { transactionId, stoppedReason: 'EVDisconnected' },
      meterValue: [energy(301_000, 'Transaction.End')],
    });
    await cp16.close({ force: true });
    // Managed no more: the site's profiles are cleared on the stations still charging (none here).
    await api(`/location/${location}/load`, {
      cookie,
      method: 'PUT',
      body: JSON.stringify({ unit: 'A', limit: 40, enabled: false }),
    });
  });
});

describe('every command the operator API sends, answered by the strict 2.0.1 station', () => {
  it('reads and writes the device model: GetBaseReport → NotifyReport, GetVariables, SetVariables, ChangeConfiguration', async () => {
    const asked = await api(`/stations/${STATION}/device-model/report`, {
      cookie,
      method: 'POST',
      body: JSON.stringify({ report_base: 'FullInventory' }),
    });
    expect(asked.status).toBe(200);
    const requestId = lastReceived('GetBaseReport')?.requestId as number;
    expect(lastReceived('GetBaseReport')).toEqual({ requestId, reportBase: 'FullInventory' });
    const variable = (component: string, name: string, value: string) => ({
      component: { name: component },
      variable: { name },
      variableAttribute: [{ type: 'Actual', value, mutability: 'ReadWrite' }],
      variableCharacteristics: { dataType: 'integer', supportsMonitoring: false },
    });
    await cs.call('NotifyReport', {
      requestId,
      generatedAt: now(),
      seqNo: 0,
      tbc: false,
      reportData: [
        variable('OCPPCommCtrlr', 'HeartbeatInterval', '300'),
        variable('TxCtrlr', 'EVConnectionTimeOut', '90'),
      ],
    });
    const model = async () =>
      (
        (await (await api(`/stations/${STATION}/device-model?component=OCPPCommCtrlr`, { cookie })).json()) as {
          data: { variable: string; value: string | null }[];
        }
      ).data;
    expect((await model()).find((v) => v.variable === 'HeartbeatInterval')?.value).toBe('300');

    answers.GetVariables = {
      getVariableResult: [
        {
          attributeStatus: 'Accepted',
          attributeValue: '300',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
        },
      ],
    };
    const read = await command('GetVariables', {
      getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
    });
    expect(read.body.reply).toEqual(answers.GetVariables);
    answers.SetVariables = {
      setVariableResult: [
        { attributeStatus: 'Accepted', component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
      ],
    };
    // The operator's ChangeConfiguration is a SetVariables of the Actual value, kept once Accepted.
    const changed = await command('ChangeConfiguration', { key: 'OCPPCommCtrlr/HeartbeatInterval', value: '120' });
    expect(changed.body).toMatchObject({ status: 'Accepted', succeeded: true });
    expect(lastReceived('SetVariables')).toEqual({
      setVariableData: [
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
          attributeType: 'Actual',
          attributeValue: '120',
        },
      ],
    });
    expect((await model()).find((v) => v.variable === 'HeartbeatInterval')?.value).toBe('120');
  });

  it('sends availability, reset, unlock, trigger, cache and display commands in their 2.0.1 form', async () => {
    const cases: [string, object, string, Params, Params?][] = [
      [
        'ChangeAvailability',
        { connectorId: 1, type: 'Inoperative' },
        'ChangeAvailability',
        { operationalStatus: 'Inoperative', evse: { id: 1 } },
      ],
      ['Reset', { type: 'Soft' }, 'Reset', { type: 'OnIdle' }],
      ['UnlockConnector', { connectorId: 1 }, 'UnlockConnector', { evseId: 1, connectorId: 1 }, { status: 'Unlocked' }],
      [
        'TriggerMessage',
        { requestedMessage: 'StatusNotification', connectorId: 1 },
        'TriggerMessage',
        { requestedMessage: 'StatusNotification', evse: { id: 1, connectorId: 1 } },
      ],
      ['ClearCache', {}, 'ClearCache', {}],
      [
        'SetDisplayMessage',
        { message: { id: 7, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Bienvenue' } } },
        'SetDisplayMessage',
        { message: { id: 7, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Bienvenue' } } },
      ],
    ];
    for (const [action, body, sent, params, answer] of cases) {
      if (answer) answers[sent] = answer;
      const out = await command(action, body);
      expect([action, out.status, out.body.succeeded]).toEqual([action, 200, true]);
      expect([sent, lastReceived(sent)]).toEqual([sent, params]);
    }
    // Display messages read back: GetDisplayMessages → NotifyDisplayMessages, kept by request.
    expect((await command('GetDisplayMessages', { requestId: 12 })).body.succeeded).toBe(true);
    const shown = { id: 7, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Bienvenue' } };
    expect(await cs.call('NotifyDisplayMessages', { requestId: 12, messageInfo: [shown] })).toEqual({});
    const reports = (await (await api(`/stations/${STATION}/ocpp-reports`, { cookie })).json()) as {
      display_messages: { request_id: number; items: unknown[] }[];
    };
    expect(reports.display_messages.find((r) => r.request_id === 12)?.items).toHaveLength(1);
    expect((await command('ClearDisplayMessage', { id: 7 })).body.succeeded).toBe(true);
    expect((await command('SetMonitoringBase', { monitoringBase: 'All' })).body.succeeded).toBe(true);
    answers.GetInstalledCertificateIds = { status: 'NotFound' };
    await command('GetInstalledCertificateIds', { certificateType: 'CentralSystemRootCertificate' });
    expect(lastReceived('GetInstalledCertificateIds')).toEqual({ certificateType: ['CSMSRootCertificate'] });
    // The connector taken out of service shows in the station log as the command and its answer.
    expect((await stationLog('ChangeAvailability')).length).toBeGreaterThanOrEqual(2);
  });

  it('sends the local list, reservations, firmware and log requests, and keeps what the station reports', async () => {
    const list = await command('SendLocalList', {
      listVersion: 2,
      updateType: 'Full',
      localAuthorizationList: [{ idTag: idToken.idToken, idTagInfo: { status: 'Accepted' } }],
    });
    expect(list.body.succeeded).toBe(true);
    expect(lastReceived('SendLocalList')).toMatchObject({ versionNumber: 2, updateType: 'Full' });
    answers.GetLocalListVersion = { versionNumber: 2 };
    expect((await command('GetLocalListVersion', {})).body.reply).toMatchObject({ listVersion: 2 });

    const expiry = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await command('ReserveNow', { connectorId: 1, expiryDate: expiry, idTag: idToken.idToken, reservationId: 4401 }))
        .body.succeeded,
    ).toBe(true);
    expect(lastReceived('ReserveNow')).toMatchObject({ id: 4401, evseId: 1, idToken });
    expect((await command('CancelReservation', { reservationId: 4401 })).body.succeeded).toBe(true);
    expect(lastReceived('CancelReservation')).toEqual({ reservationId: 4401 });
    expect(
      await cs.call('ReservationStatusUpdate', { reservationId: 4401, reservationUpdateStatus: 'Removed' }),
    ).toEqual({});

    const firmware = await command('UpdateFirmware', {
      location: 'https://files.example.test/fw.bin',
      retrieveDate: now(),
    });
    expect(firmware.body.succeeded).toBe(true);
    const fw = lastReceived('UpdateFirmware') as { requestId: number; firmware: { location: string } };
    expect(fw.firmware.location).toBe('https://files.example.test/fw.bin');
    expect(await cs.call('FirmwareStatusNotification', { status: 'Downloaded', requestId: fw.requestId })).toEqual({});
    const fwStatus = await api(`/stations/${STATION}/get-firmware-upgrade-status`, { cookie });
    expect(await fwStatus.json()).toMatchObject({ status: 'Downloaded' });

    answers.GetLog = { status: 'Accepted', filename: 'diag.log' };
    const log = await command('GetLog', {
      logType: 'DiagnosticsLog',
      requestId: 77,
      log: { remoteLocation: 'https://files.example.test/up' },
    });
    expect(log.body).toMatchObject({ succeeded: true, reply: { status: 'Accepted', filename: 'diag.log' } });
    expect(lastReceived('GetLog')).toEqual({
      logType: 'DiagnosticsLog',
      requestId: 77,
      log: { remoteLocation: 'https://files.example.test/up' },
    });
    expect(await cs.call('LogStatusNotification', { status: 'Uploaded', requestId: 77 })).toEqual({});
    expect((await stationLog('LogStatusNotification')).some((e) => (e.payload ?? '').includes('Uploaded'))).toBe(true);

    answers.DataTransfer = { status: 'Accepted', data: 'pong' };
    const dt = await command('DataTransfer', { vendorId: 'com.acme', messageId: 'Ping', data: 'ping' });
    expect(dt.body).toMatchObject({ reply: { status: 'Accepted', data: 'pong' } });
  });

  it('sends smart charging: SetChargingProfile, GetChargingProfiles → ReportChargingProfiles, GetCompositeSchedule, ClearChargingProfile', async () => {
    const profile = {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 31,
        stackLevel: 1,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: {
          chargingRateUnit: 'A',
          startSchedule: now(),
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
        },
      },
    };
    expect((await command('SetChargingProfile', profile)).body.succeeded).toBe(true);
    expect(lastReceived('SetChargingProfile')).toMatchObject({
      evseId: 1,
      chargingProfile: { id: 31, chargingProfilePurpose: 'TxDefaultProfile' },
    });

    const asked = await command('GetChargingProfiles', {
      requestId: 88,
      chargingProfile: { chargingProfilePurpose: 'TxDefaultProfile' },
    });
    expect(asked.body.succeeded).toBe(true);
    const reported = lastReceived('SetChargingProfile')?.chargingProfile as Params;
    expect(
      await cs.call('ReportChargingProfiles', {
        requestId: 88,
        chargingLimitSource: 'CSO',
        evseId: 1,
        chargingProfile: [reported],
      }),
    ).toEqual({});
    const reports = (await (await api(`/stations/${STATION}/ocpp-reports`, { cookie })).json()) as {
      charging_profiles: { request_id: number; items: unknown[] }[];
    };
    expect(reports.charging_profiles.find((r) => r.request_id === 88)?.items).toHaveLength(1);

    answers.GetCompositeSchedule = {
      status: 'Accepted',
      schedule: {
        evseId: 1,
        duration: 3600,
        scheduleStart: now(),
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
      },
    };
    const composite = await command('GetCompositeSchedule', { connectorId: 1, duration: 3600, chargingRateUnit: 'A' });
    expect(composite.body.succeeded).toBe(true);
    expect(lastReceived('GetCompositeSchedule')).toEqual({ evseId: 1, duration: 3600, chargingRateUnit: 'A' });
    expect((await command('ClearChargingProfile', { id: 31 })).body.succeeded).toBe(true);
    expect(lastReceived('ClearChargingProfile')).toEqual({ chargingProfileId: 31 });
  });
});

describe('transactions whatever the order, duplication, offline replay or connection', () => {
  it('a remote start, Ended before Updated, a duplicated seqNo and an offline replay make one session priced once', async () => {
    const before = await recentSessions(connectorId);
    await cs.call('StatusNotification', { timestamp: now(), connectorStatus: 'Available', evseId: 1, connectorId: 1 });
    const start = await command('RemoteStartTransaction?force=true', { connectorId: 1, idTag: idToken.idToken });
    expect(start.body.succeeded).toBe(true);
    const request = lastReceived('RequestStartTransaction') as {
      remoteStartId: number;
      idToken: Params;
      evseId: number;
    };
    // A remote start names the driver's card as a Central token.
    expect(request).toMatchObject({ idToken: { idToken: idToken.idToken, type: 'Central' }, evseId: 1 });
    const transactionId = `LIVE-BLOCKS-${Date.now()}`;
    seqNo = 0;
    const started = (await event(cs, 'Started', transactionId, {
      triggerReason: 'RemoteStart',
      transactionInfo: { transactionId, remoteStartId: request.remoteStartId, chargingState: 'Charging' },
      idToken: request.idToken,
      numberOfPhasesUsed: 3,
      meterValue: [energy(100_000, 'Transaction.Begin')],
    })) as { idTokenInfo?: { status: string } };
    expect(started.idTokenInfo?.status).toBe('Accepted');
    // seqNo 2 (Ended) arrives before seqNo 1 (Updated); then seqNo 1 twice, the second as an offline replay.
    seqNo = 2;
    await event(cs, 'Ended', transactionId, {
      triggerReason: 'StopAuthorized',
      transactionInfo: { transactionId, stoppedReason: 'Local' },
      meterValue: [energy(107_000, 'Transaction.End')],
    });
    seqNo = 1;
    await event(cs, 'Updated', transactionId, { meterValue: [energy(104_000, 'Sample.Periodic')] });
    seqNo = 1;
    await event(cs, 'Updated', transactionId, { offline: true, meterValue: [energy(104_000, 'Sample.Periodic')] });

    const after = await newSessions(before);
    expect(after).toHaveLength(1);
    const session = after[0];
    expect(session).toMatchObject({ status: 'closed', energyWh: 7_000, authId: idToken.idToken });
    await expect.poll(async () => (await sessionDetail(session?.id as number)).pricing_status).toBe('priced');
    const priced = await sessionDetail(session?.id as number);
    expect(priced.cdr_consumed_energy).toBe(7_000);
    // Priced once: the replayed events changed neither the energy nor the price.
    await cs.call('TransactionEvent', {
      eventType: 'Ended',
      timestamp: now(),
      seqNo: 2,
      offline: true,
      triggerReason: 'StopAuthorized',
      transactionInfo: { transactionId, stoppedReason: 'Local' },
      meterValue: [energy(107_000, 'Transaction.End')],
    });
    const again = await sessionDetail(session?.id as number);
    expect([again.emp_price_total, again.cdr_consumed_energy]).toEqual([priced.emp_price_total, 7_000]);
    expect(await newSessions(before)).toHaveLength(1);
  });

  it('a socket lost mid-transaction and a new connection carry on the same session (no eviction on the live server)', async () => {
    const before = await recentSessions(connectorId);
    const transactionId = `LIVE-RECONNECT-${Date.now()}`;
    seqNo = 0;
    await event(cs, 'Started', transactionId, {
      triggerReason: 'Authorized',
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken,
      meterValue: [energy(200_000, 'Transaction.Begin')],
    });
    await cs.close({ force: true });
    cs = station201();
    await cs.connect();
    await cs.call('BootNotification', {
      reason: 'Unknown',
      chargingStation: { vendorName: 'Wallbox', model: 'Commander 2' },
    });
    await event(cs, 'Updated', transactionId, { offline: true, meterValue: [energy(202_000, 'Sample.Periodic')] });
    await event(cs, 'Ended', transactionId, {
      triggerReason: 'EVDeparted',
      transactionInfo: { transactionId, stoppedReason: 'EVDisconnected' },
      meterValue: [energy(203_500, 'Transaction.End')],
    });
    const after = await newSessions(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'closed', energyWh: 3_500 });
  });
});
