/**
 * Blocks C, K, N and O on a strict OCPP 2.0.1 station (ADR 058 addendum): ClearCache, the 1.6
 * smart-charging and diagnostics commands in their 2.0.1 form, the reports collected over their
 * parts, the EV's charging needs and external limits recorded, monitoring and display messages sent
 * as they are.
 */
import { describe, expect, it } from 'vitest';
import { aStation, stub } from './helpers';
import { connect201, type Station201, txEvent } from './helpers-201';

/** Sends `action` through the object, expects `sent` on the wire, answers `answer`; the command's result. */
async function roundTrip(
  cs: Station201,
  uid: string,
  action: string,
  payload: object,
  sent: [string, object],
  answer: object,
) {
  const pending = stub(uid).sendCommand(action, payload);
  const call = await cs.command();
  expect([call.action, call.payload]).toEqual(sent);
  cs.answer(call, answer);
  return pending;
}

const schedule = {
  chargingRateUnit: 'A',
  chargingSchedulePeriod: [{ startPeriod: 0, limit: 16, numberPhases: 3 }],
};

describe('smart charging on a 2.0.1 station', () => {
  it('sends SetChargingProfile, ClearChargingProfile and GetCompositeSchedule in their 2.0.1 form', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const max = {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 3,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: { ...schedule, duration: 3600 },
      },
    };
    const sentMax = {
      evseId: 0,
      chargingProfile: {
        id: 3,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargingStationMaxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: [{ id: 3, ...schedule, duration: 3600 }],
      },
    };
    expect(
      await roundTrip(cs, w.uid, 'SetChargingProfile', max, ['SetChargingProfile', sentMax], { status: 'Accepted' }),
    ).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    // A TxProfile names the station's own transactionId for our session.
    await cs.ok('TransactionEvent', { ...txEvent(w, 'TX-K-1', 'Started', 0), timestamp: new Date().toISOString() });
    const state = await stub(w.uid).state();
    const session = state.transactions201['TX-K-1']?.sessionId;
    expect(session).toBeTypeOf('number');
    const tx = {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 4,
        transactionId: session,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: schedule,
      },
    };
    const sentTx = {
      evseId: 1,
      chargingProfile: {
        id: 4,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        transactionId: 'TX-K-1',
        chargingSchedule: [{ id: 4, ...schedule }],
      },
    };
    expect(
      await roundTrip(cs, w.uid, 'SetChargingProfile', tx, ['SetChargingProfile', sentTx], { status: 'Rejected' }),
    ).toEqual({
      status: 'accepted',
      reply: { status: 'Rejected' },
    });
    const unknownTx = { ...tx, csChargingProfiles: { ...tx.csChargingProfiles, transactionId: 999_999 } };
    expect(await stub(w.uid).sendCommand('SetChargingProfile', unknownTx)).toMatchObject({
      status: 'rejected',
      code: 'NotSupported',
      description: 'Transaction 999999 is not an OCPP 2.0.1 transaction here',
    });
    const clear = { connectorId: 1, chargingProfilePurpose: 'ChargePointMaxProfile', stackLevel: 0 };
    const sentClear = {
      chargingProfileCriteria: { evseId: 1, chargingProfilePurpose: 'ChargingStationMaxProfile', stackLevel: 0 },
    };
    expect(
      await roundTrip(cs, w.uid, 'ClearChargingProfile', clear, ['ClearChargingProfile', sentClear], {
        status: 'Unknown',
      }),
    ).toEqual({ status: 'accepted', reply: { status: 'Unknown' } });
    expect(
      await roundTrip(
        cs,
        w.uid,
        'ClearChargingProfile',
        { id: 4 },
        ['ClearChargingProfile', { chargingProfileId: 4 }],
        {
          status: 'Accepted',
        },
      ),
    ).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    const composite = {
      status: 'Accepted',
      schedule: {
        evseId: 1,
        duration: 600,
        scheduleStart: '2026-11-27T10:00:00.000Z',
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }],
      },
    };
    const asked = { connectorId: 1, duration: 600, chargingRateUnit: 'A' };
    expect(
      await roundTrip(
        cs,
        w.uid,
        'GetCompositeSchedule',
        asked,
        ['GetCompositeSchedule', { evseId: 1, duration: 600, chargingRateUnit: 'A' }],
        composite,
      ),
    ).toEqual({
      status: 'accepted',
      reply: {
        status: 'Accepted',
        connectorId: 1,
        scheduleStart: '2026-11-27T10:00:00.000Z',
        chargingSchedule: {
          duration: 600,
          startSchedule: '2026-11-27T10:00:00.000Z',
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }],
        },
      },
    });
    cs.close();
  });

  it('collects ReportChargingProfiles over its parts, records charging needs and external limits', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const request = { requestId: 12, chargingProfile: { chargingProfilePurpose: 'TxDefaultProfile' } };
    expect(
      await roundTrip(cs, w.uid, 'GetChargingProfiles', request, ['GetChargingProfiles', request], {
        status: 'Accepted',
      }),
    ).toEqual({
      status: 'accepted',
      reply: { status: 'Accepted' },
    });
    const profile = (id: number) => ({
      id,
      stackLevel: 0,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: [{ id, ...schedule }],
    });
    await cs.ok('ReportChargingProfiles', {
      requestId: 12,
      chargingLimitSource: 'CSO',
      evseId: 1,
      tbc: true,
      chargingProfile: [profile(1)],
    });
    let reports = (await stub(w.uid).state()).reports201;
    expect(reports?.chargingProfiles['12']?.complete).toBe(false);
    await cs.ok('ReportChargingProfiles', {
      requestId: 12,
      chargingLimitSource: 'EMS',
      evseId: 2,
      chargingProfile: [profile(2)],
    });
    reports = (await stub(w.uid).state()).reports201;
    expect(reports?.chargingProfiles['12']?.complete).toBe(true);
    expect(JSON.parse(reports?.chargingProfiles['12']?.items ?? '[]')).toEqual([
      { evseId: 1, chargingLimitSource: 'CSO', ...profile(1) },
      { evseId: 2, chargingLimitSource: 'EMS', ...profile(2) },
    ]);

    const needs = {
      requestedEnergyTransfer: 'AC_three_phase',
      acChargingParameters: { energyAmount: 20000, evMinCurrent: 6, evMaxCurrent: 32, evMaxVoltage: 400 },
    };
    expect(await cs.ok('NotifyEVChargingNeeds', { evseId: 1, chargingNeeds: needs })).toEqual({ status: 'Rejected' });
    await cs.ok('NotifyChargingLimit', {
      evseId: 1,
      chargingLimit: { chargingLimitSource: 'EMS', isGridCritical: true },
    });
    await cs.ok('NotifyChargingLimit', { chargingLimit: { chargingLimitSource: 'SO' } });
    await cs.ok('ClearedChargingLimit', { chargingLimitSource: 'EMS', evseId: 1 });
    reports = (await stub(w.uid).state()).reports201;
    expect(JSON.parse(reports?.evChargingNeeds['1']?.chargingNeeds ?? 'null')).toEqual(needs);
    expect(Object.keys(reports?.chargingLimits ?? {})).toEqual(['SO@0']);
    expect(reports?.chargingLimits['SO@0']).toMatchObject({ source: 'SO', evseId: null, isGridCritical: null });
    cs.close();
  });
});

describe('authorization cache, diagnostics, monitoring and display messages on a 2.0.1 station', () => {
  it('sends ClearCache, GetDiagnostics as GetLog, and monitoring requests as they are', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    expect(await roundTrip(cs, w.uid, 'ClearCache', {}, ['ClearCache', {}], { status: 'Accepted' })).toEqual({
      status: 'accepted',
      reply: { status: 'Accepted' },
    });
    const diagnostics = stub(w.uid).sendCommand('GetDiagnostics', {
      location: 'https://upload.example.test/d/1',
      retries: 2,
      startTime: '2026-11-20T00:00:00Z',
    });
    const call = await cs.command();
    expect(call.action).toBe('GetLog');
    expect(call.payload).toEqual({
      logType: 'DiagnosticsLog',
      requestId: expect.any(Number),
      retries: 2,
      log: { remoteLocation: 'https://upload.example.test/d/1', oldestTimestamp: '2026-11-20T00:00:00Z' },
    });
    cs.answer(call, { status: 'Accepted', filename: 'diag-1.zip' });
    expect(await diagnostics).toEqual({ status: 'accepted', reply: { status: 'Accepted', fileName: 'diag-1.zip' } });
    await cs.ok('LogStatusNotification', { status: 'Uploading', requestId: call.payload.requestId });
    const progress = await stub(w.uid).commandProgress();
    expect(progress.log).toMatchObject({ status: 'Uploading' });

    const base = { monitoringBase: 'FactoryDefault' };
    expect(
      await roundTrip(cs, w.uid, 'SetMonitoringBase', base, ['SetMonitoringBase', base], { status: 'Accepted' }),
    ).toEqual({
      status: 'accepted',
      reply: { status: 'Accepted' },
    });
    const monitor = {
      setMonitoringData: [
        {
          value: 50,
          type: 'UpperThreshold',
          severity: 4,
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
        },
      ],
    };
    const monitorAnswer = {
      setMonitoringResult: [
        {
          id: 5,
          status: 'Accepted',
          type: 'UpperThreshold',
          severity: 4,
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
        },
      ],
    };
    expect(
      await roundTrip(cs, w.uid, 'SetVariableMonitoring', monitor, ['SetVariableMonitoring', monitor], monitorAnswer),
    ).toEqual({
      status: 'accepted',
      reply: monitorAnswer,
    });
    await cs.ok('NotifyEvent', {
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      eventData: [
        {
          eventId: 1,
          timestamp: new Date().toISOString(),
          trigger: 'Alerting',
          actualValue: '61',
          eventNotificationType: 'CustomMonitor',
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
        },
      ],
    });
    await cs.ok('NotifyMonitoringReport', {
      requestId: 3,
      seqNo: 0,
      generatedAt: new Date().toISOString(),
      monitor: [
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
          variableMonitoring: [{ id: 5, transaction: false, value: 50, type: 'UpperThreshold', severity: 4 }],
        },
      ],
    });
    const log = await stub(w.uid).frameLog({ eventType: 'Notification', limit: 50 });
    const inbound = log.filter((e) => e.direction === 'in' && e.messageType === 2).map((e) => e.action);
    expect(inbound).toEqual(expect.arrayContaining(['NotifyEvent', 'NotifyMonitoringReport', 'LogStatusNotification']));
    expect((await stub(w.uid).state()).reports201?.monitoring['3']).toMatchObject({ complete: true });
    cs.close();
  });

  it('sends display message requests as they are and collects NotifyDisplayMessages', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const message = {
      message: { id: 8, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Free charging until 18:00' } },
    };
    expect(
      await roundTrip(cs, w.uid, 'SetDisplayMessage', message, ['SetDisplayMessage', message], { status: 'Accepted' }),
    ).toEqual({
      status: 'accepted',
      reply: { status: 'Accepted' },
    });
    expect(
      await roundTrip(cs, w.uid, 'GetDisplayMessages', { requestId: 4 }, ['GetDisplayMessages', { requestId: 4 }], {
        status: 'Accepted',
      }),
    ).toEqual({
      status: 'accepted',
      reply: { status: 'Accepted' },
    });
    await cs.ok('NotifyDisplayMessages', { requestId: 4, messageInfo: [message.message] });
    const kept = (await stub(w.uid).state()).reports201?.displayMessages['4'];
    expect(kept?.complete).toBe(true);
    expect(JSON.parse(kept?.items ?? '[]')).toEqual([message.message]);
    expect(
      await roundTrip(cs, w.uid, 'ClearDisplayMessage', { id: 8 }, ['ClearDisplayMessage', { id: 8 }], {
        status: 'Accepted',
      }),
    ).toEqual({
      status: 'accepted',
      reply: { status: 'Accepted' },
    });
    cs.close();
  });
});
