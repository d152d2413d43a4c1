/**
 * An OCPP 2.0.1 station's device model and reports in the API (issue 23 blocks B, K, N, O; ADR 058
 * addendum): GetBaseReport asked, the NotifyReport parts browsable by page and component, the
 * maintenance screen's configuration on GetVariables/SetVariables, 2.0.1-only requests sent as they
 * are, and what a 1.6 station is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { call, login, type Session, type World, world } from './helpers';

let w: World;
let admin: Session;
let uid: string;
let cp: FakeChargePoint;
let uid16: string;
let cp16: FakeChargePoint;

const attr = (value: string, mutability = 'ReadOnly') => [{ type: 'Actual', value, mutability }];
const report = [
  {
    component: { name: 'OCPPCommCtrlr' },
    variable: { name: 'HeartbeatInterval' },
    variableAttribute: attr('300', 'ReadWrite'),
  },
  { component: { name: 'EVSE', evse: { id: 1 } }, variable: { name: 'Power' }, variableAttribute: attr('0') },
  {
    component: { name: 'EVSE', evse: { id: 1 } },
    variable: { name: 'AvailabilityState' },
    variableAttribute: attr('Available'),
  },
  { component: { name: 'SecurityCtrlr' }, variable: { name: 'SecurityProfile' }, variableAttribute: attr('1') },
];

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  admin = await login(w.email, w.password);
  ({ uid, cp } = await connectedStation(w.company.id, { prefix: 'DM201', status: 'available', protocol: 'ocpp2.0.1' }));
  ({ uid: uid16, cp: cp16 } = await connectedStation(w.company.id, { prefix: 'DM16', status: 'available' }));
});

afterAll(() => {
  cp?.close();
  cp16?.close();
});

describe('the device model of a 2.0.1 station in the API', () => {
  it('asks for the base report and pages through what the station reported, by component', async () => {
    cp.handle('GetBaseReport', () => ({ status: 'Accepted' }));
    const asked = await call(`/stations/${uid}/device-model/report`, { ...admin, json: {} });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ action: 'GetBaseReport', status: 'Accepted', succeeded: true });
    const sent = cp.received.find((r) => r.action === 'GetBaseReport');
    expect(sent?.payload).toMatchObject({ requestId: expect.any(Number), reportBase: 'FullInventory' });
    const requestId = sent?.payload.requestId;
    const generatedAt = new Date().toISOString();
    await cp.call('NotifyReport', { requestId, generatedAt, seqNo: 0, tbc: true, reportData: report.slice(0, 2) });
    await cp.call('NotifyReport', { requestId, generatedAt, seqNo: 1, reportData: report.slice(2) });

    const all = await call(`/stations/${uid}/device-model`, admin);
    expect(all.status).toBe(200);
    const body = (await all.json()) as { data: { key: string }[]; total: number; components: string[] };
    expect(body).toMatchObject({ total: 4, page: 0, items_per_page: 50, ocpp_version: 'ocpp2.0.1' });
    expect(body.components).toEqual(['EVSE', 'OCPPCommCtrlr', 'SecurityCtrlr']);
    expect(body.data.map((v) => v.key)).toEqual([
      'EVSE@1/AvailabilityState',
      'EVSE@1/Power',
      'OCPPCommCtrlr/HeartbeatInterval',
      'SecurityCtrlr/SecurityProfile',
    ]);
    const evse = await call(`/stations/${uid}/device-model?component=EVSE&items_per_page=1&page=1`, admin);
    expect(await evse.json()).toMatchObject({
      total: 2,
      page: 1,
      items_per_page: 1,
      data: [{ key: 'EVSE@1/Power', evse_id: 1, value: '0', mutability: 'ReadOnly', attribute_type: 'Actual' }],
    });
    const reports = await call(`/stations/${uid}/ocpp-reports`, admin);
    expect(await reports.json()).toMatchObject({
      base_reports: [{ request_id: requestId, complete: true, variables: 4 }],
    });
    const bad = await call(`/stations/${uid}/device-model?items_per_page=500`, admin);
    expect(bad.status).toBe(400);
    expect((await call('/stations/NO-SUCH-STATION/device-model', admin)).status).toBe(404);
  });

  it('runs the configuration screen on GetVariables and SetVariables', async () => {
    const listed = await call(`/stations/${uid}/get-configuration`, { ...admin, json: {} });
    expect(listed.status).toBe(200);
    const { reply } = (await listed.json()) as { reply: { configurationKey: { key: string; readonly: boolean }[] } };
    expect(reply.configurationKey).toContainEqual({
      key: 'OCPPCommCtrlr/HeartbeatInterval',
      value: '300',
      readonly: false,
    });
    cp.handle('SetVariables', (p) => {
      const [data] = p.setVariableData as { component: object; variable: object }[];
      return {
        setVariableResult: [{ attributeStatus: 'Accepted', component: data?.component, variable: data?.variable }],
      };
    });
    const changed = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'OCPPCommCtrlr/HeartbeatInterval', value: '120' },
    });
    expect(await changed.json()).toMatchObject({ status: 'Accepted', succeeded: true });
    expect(cp.received.filter((r) => r.action === 'SetVariables').at(-1)?.payload).toEqual({
      setVariableData: [
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
          attributeType: 'Actual',
          attributeValue: '120',
        },
      ],
    });
    const model = await call(`/stations/${uid}/device-model?component=OCPPCommCtrlr`, admin);
    expect(await model.json()).toMatchObject({ data: [{ key: 'OCPPCommCtrlr/HeartbeatInterval', value: '120' }] });
  });

  it('sends 2.0.1-only requests as they are, checked against the 2.0.1 schema, and shows their reports', async () => {
    cp.handle('SetDisplayMessage', () => ({ status: 'Accepted' }));
    const message = { message: { id: 1, priority: 'InFront', message: { format: 'UTF8', content: 'Welcome' } } };
    const sent = await call(`/stations/${uid}/commands/SetDisplayMessage`, { ...admin, json: message });
    expect(sent.status).toBe(200);
    expect(cp.received.at(-1)).toEqual({ action: 'SetDisplayMessage', payload: message });
    const invalid = await call(`/stations/${uid}/commands/SetDisplayMessage`, {
      ...admin,
      json: { message: { id: 1, priority: 'Loud', message: { format: 'UTF8', content: 'x' } } },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'OCPP_SCHEMA', field: expect.stringMatching(/^\/message/) });
    cp.handle('GetChargingProfiles', () => ({ status: 'Accepted' }));
    const profiles = await call(`/stations/${uid}/commands/GetChargingProfiles`, {
      ...admin,
      json: { requestId: 77, chargingProfile: { chargingProfilePurpose: 'TxDefaultProfile' } },
    });
    expect(profiles.status).toBe(200);
    const profile = {
      id: 1,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: [{ id: 1, chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] }],
    };
    await cp.call('ReportChargingProfiles', {
      requestId: 77,
      chargingLimitSource: 'CSO',
      evseId: 0,
      chargingProfile: [profile],
    });
    const reports = await call(`/stations/${uid}/ocpp-reports`, admin);
    expect(await reports.json()).toMatchObject({
      charging_profiles: [
        { request_id: 77, complete: true, items: [{ evseId: 0, chargingLimitSource: 'CSO', ...profile }] },
      ],
    });
  });

  it('tells a 1.6 station apart: no base report, no 2.0.1-only request, nothing sent', async () => {
    const asked = await call(`/stations/${uid16}/device-model/report`, { ...admin, json: {} });
    expect(asked.status).toBe(409);
    expect(await asked.json()).toMatchObject({ code: 'NOT_OCPP_201' });
    const variables = await call(`/stations/${uid16}/commands/GetVariables`, {
      ...admin,
      json: { getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }] },
    });
    expect(variables.status).toBe(409);
    expect(cp16.received).toEqual([]);
  });
});
