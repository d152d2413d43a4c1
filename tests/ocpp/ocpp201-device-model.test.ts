/**
 * Block B on a strict OCPP 2.0.1 station (ADR 058 addendum): GetBaseReport → NotifyReport in parts
 * stored as the station's device model (D1), GetConfiguration/ChangeConfiguration as
 * GetVariables/SetVariables, the reports in the station log.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stationDeviceVariables } from '../../drizzle/schema';
import { aStation, db, stub } from './helpers';
import { connect201, type Station201 } from './helpers-201';

const heartbeat = {
  component: { name: 'OCPPCommCtrlr' },
  variable: { name: 'HeartbeatInterval' },
  variableAttribute: [{ type: 'Actual', value: '300', mutability: 'ReadWrite' }],
  variableCharacteristics: { unit: 's', dataType: 'integer', minLimit: 1, supportsMonitoring: false },
};
const power = {
  component: { name: 'EVSE', evse: { id: 1 } },
  variable: { name: 'Power' },
  variableAttribute: [
    { type: 'Actual', value: '0', mutability: 'ReadOnly' },
    { type: 'MaxSet', value: '22000', mutability: 'ReadOnly' },
  ],
  variableCharacteristics: { unit: 'W', dataType: 'decimal', supportsMonitoring: true },
};
const connectorType = {
  component: { name: 'Connector', evse: { id: 1, connectorId: 1 } },
  variable: { name: 'ConnectorType' },
  variableAttribute: [{ value: 'cType2', mutability: 'ReadOnly' }],
};

async function reportBase(cs: Station201, uid: string, requestId: number) {
  const asked = stub(uid).sendCommand('GetBaseReport', { requestId, reportBase: 'FullInventory' });
  const call = await cs.command();
  expect([call.action, call.payload]).toEqual(['GetBaseReport', { requestId, reportBase: 'FullInventory' }]);
  cs.answer(call, { status: 'Accepted' });
  expect(await asked).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
  const generatedAt = new Date().toISOString();
  await cs.ok('NotifyReport', { requestId, generatedAt, seqNo: 0, tbc: true, reportData: [heartbeat, power] });
  await cs.ok('NotifyReport', { requestId, generatedAt, seqNo: 1, reportData: [connectorType] });
}

const rows = (stationId: number) =>
  db.select().from(stationDeviceVariables).where(eq(stationDeviceVariables.stationId, stationId));

describe('the device model of a 2.0.1 station', () => {
  it('keeps every attribute of a NotifyReport in parts, counted per request, and files it in the station log', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    await reportBase(cs, w.uid, 41);
    const stored = await rows(w.stationId);
    expect(stored.map((r) => [r.key, r.attributeType, r.value, r.mutability]).sort()).toEqual([
      ['Connector@1.1/ConnectorType', 'Actual', 'cType2', 'ReadOnly'],
      ['EVSE@1/Power', 'Actual', '0', 'ReadOnly'],
      ['EVSE@1/Power', 'MaxSet', '22000', 'ReadOnly'],
      ['OCPPCommCtrlr/HeartbeatInterval', 'Actual', '300', 'ReadWrite'],
    ]);
    const hb = stored.find((r) => r.variable === 'HeartbeatInterval');
    expect(hb).toMatchObject({
      component: 'OCPPCommCtrlr',
      unit: 's',
      dataType: 'integer',
      minLimit: 1,
      requestId: 41,
    });
    expect(stored.find((r) => r.variable === 'ConnectorType')).toMatchObject({ evseId: 1, connectorId: 1 });
    const state = await stub(w.uid).state();
    expect(state.reports201?.baseReports['41']).toMatchObject({ requestId: 41, complete: true, variables: 4 });
    // A later report of the same variable replaces its value rather than adding a row.
    const changed = { ...heartbeat, variableAttribute: [{ type: 'Actual', value: '120', mutability: 'ReadWrite' }] };
    await cs.ok('NotifyReport', {
      requestId: 42,
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      reportData: [changed],
    });
    const after = await rows(w.stationId);
    expect(after).toHaveLength(4);
    expect(after.find((r) => r.variable === 'HeartbeatInterval')).toMatchObject({ value: '120', requestId: 42 });
    const log = await stub(w.uid).frameLog({ eventType: 'Notification', limit: 50 });
    expect(log.filter((e) => e.action === 'NotifyReport' && e.direction === 'in')).toHaveLength(3);
    cs.close();
  });

  it('answers GetConfiguration from the reported model, and with keys through GetVariables', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    expect(await stub(w.uid).sendCommand('GetConfiguration', {})).toMatchObject({
      status: 'rejected',
      code: 'NotSupported',
      description: expect.stringContaining('GetBaseReport'),
    });
    await reportBase(cs, w.uid, 7);
    expect(await stub(w.uid).sendCommand('GetConfiguration', {})).toEqual({
      status: 'accepted',
      reply: {
        configurationKey: [
          { key: 'Connector@1.1/ConnectorType', value: 'cType2', readonly: true },
          { key: 'EVSE@1/Power', value: '0', readonly: true },
          { key: 'OCPPCommCtrlr/HeartbeatInterval', value: '300', readonly: false },
        ],
        unknownKey: [],
      },
    });
    const asked = stub(w.uid).sendCommand('GetConfiguration', {
      key: ['HeartbeatInterval', 'EVSE@1/Power', 'Vendor/Nothing', 'NoSuchKey'],
    });
    const call = await cs.command();
    expect(call.action).toBe('GetVariables');
    expect(call.payload).toEqual({
      getVariableData: [
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, attributeType: 'Actual' },
        { component: { name: 'EVSE', evse: { id: 1 } }, variable: { name: 'Power' }, attributeType: 'Actual' },
        { component: { name: 'Vendor' }, variable: { name: 'Nothing' }, attributeType: 'Actual' },
      ],
    });
    cs.answer(call, {
      getVariableResult: [
        { attributeStatus: 'Accepted', attributeValue: '7400', component: power.component, variable: power.variable },
        { attributeStatus: 'UnknownComponent', component: { name: 'Vendor' }, variable: { name: 'Nothing' } },
        {
          attributeStatus: 'Accepted',
          attributeValue: '60',
          component: heartbeat.component,
          variable: heartbeat.variable,
        },
      ],
    });
    expect(await asked).toEqual({
      status: 'accepted',
      reply: {
        configurationKey: [
          { key: 'HeartbeatInterval', value: '60', readonly: false },
          { key: 'EVSE@1/Power', value: '7400', readonly: true },
        ],
        unknownKey: ['NoSuchKey', 'Vendor/Nothing'],
      },
    });
    cs.close();
  });

  it('sends ChangeConfiguration as SetVariables and keeps the accepted value in the model', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    await reportBase(cs, w.uid, 9);
    const cases: [string, string, string][] = [
      ['Accepted', 'Accepted', '90'],
      ['UnknownVariable', 'NotSupported', '90'],
      ['RebootRequired', 'RebootRequired', '45'],
    ];
    for (const [answer, status, stored] of cases) {
      const value = answer === 'UnknownVariable' ? '10' : stored;
      const changing = stub(w.uid).sendCommand('ChangeConfiguration', {
        key: 'OCPPCommCtrlr/HeartbeatInterval',
        value,
      });
      const call = await cs.command();
      expect([call.action, call.payload]).toEqual([
        'SetVariables',
        {
          setVariableData: [
            {
              component: heartbeat.component,
              variable: heartbeat.variable,
              attributeType: 'Actual',
              attributeValue: value,
            },
          ],
        },
      ]);
      cs.answer(call, {
        setVariableResult: [
          {
            attributeType: 'Actual',
            attributeStatus: answer,
            component: heartbeat.component,
            variable: heartbeat.variable,
          },
        ],
      });
      expect(await changing).toEqual({ status: 'accepted', reply: { status } });
      const [row] = await db
        .select()
        .from(stationDeviceVariables)
        .where(
          and(
            eq(stationDeviceVariables.stationId, w.stationId),
            eq(stationDeviceVariables.key, 'OCPPCommCtrlr/HeartbeatInterval'),
          ),
        );
      expect(row?.value).toBe(stored);
    }
    cs.close();
  });
});
