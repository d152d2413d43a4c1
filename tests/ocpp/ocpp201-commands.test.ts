/** The back office's commands reach an OCPP 2.0.1 station in their 2.0.1 form, and its answers come back in the 1.6 one (ADR 058). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import { aStation, db, stub } from './helpers';
import { connect201, txEvent as event } from './helpers-201';

async function sessionsOf(stationId: number) {
  return db.select().from(chargingSessions).where(eq(chargingSessions.stationId, stationId));
}

describe('commands to a 2.0.1 station', () => {
  it('sends remote start and stop as RequestStartTransaction and RequestStopTransaction', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const start = stub(w.uid).sendCommand('RemoteStartTransaction', { connectorId: 1, idTag: w.idTag });
    const call = await cs.command();
    expect(call.action).toBe('RequestStartTransaction');
    expect(call.payload).toMatchObject({ evseId: 1, idToken: { idToken: w.idTag, type: 'Central' } });
    cs.answer(call, { status: 'Accepted' });
    expect(await start).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    await cs.ok('TransactionEvent', {
      ...event(w, 'TX-REMOTE-1', 'Started', 0),
      triggerReason: 'RemoteStart',
      idToken: { idToken: w.idTag, type: 'Central' },
      transactionInfo: { transactionId: 'TX-REMOTE-1', remoteStartId: call.payload.remoteStartId },
      timestamp: new Date().toISOString(),
    });
    const [session] = await sessionsOf(w.stationId);
    expect(session?.startMethod).toBe('Remote');
    const stop = stub(w.uid).sendCommand('RemoteStopTransaction', { transactionId: session?.id });
    const stopCall = await cs.command();
    expect([stopCall.action, stopCall.payload]).toEqual(['RequestStopTransaction', { transactionId: 'TX-REMOTE-1' }]);
    cs.answer(stopCall, { status: 'Accepted' });
    expect(await stop).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    cs.close();
  });

  it('sends unlock, reset, change availability and trigger in their 2.0.1 form and answers in the 1.6 one', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const cases: [string, object, string, object, object, object][] = [
      [
        'UnlockConnector',
        { connectorId: 2 },
        'UnlockConnector',
        { evseId: 2, connectorId: 1 },
        { status: 'UnknownConnector' },
        { status: 'NotSupported' },
      ],
      ['Reset', { type: 'Hard' }, 'Reset', { type: 'Immediate' }, { status: 'Scheduled' }, { status: 'Accepted' }],
      [
        'ChangeAvailability',
        { connectorId: 0, type: 'Inoperative' },
        'ChangeAvailability',
        { operationalStatus: 'Inoperative' },
        { status: 'Accepted' },
        { status: 'Accepted' },
      ],
      [
        'ChangeAvailability',
        { connectorId: 1, type: 'Operative' },
        'ChangeAvailability',
        { operationalStatus: 'Operative', evse: { id: 1 } },
        { status: 'Scheduled' },
        { status: 'Scheduled' },
      ],
      [
        'TriggerMessage',
        { requestedMessage: 'StatusNotification', connectorId: 2 },
        'TriggerMessage',
        { requestedMessage: 'StatusNotification', evse: { id: 2, connectorId: 1 } },
        { status: 'Accepted' },
        { status: 'Accepted' },
      ],
      [
        'TriggerMessage',
        { requestedMessage: 'DiagnosticsStatusNotification' },
        'TriggerMessage',
        { requestedMessage: 'LogStatusNotification' },
        { status: 'Rejected' },
        { status: 'Rejected' },
      ],
      [
        'GetVariables',
        { getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }] },
        'GetVariables',
        { getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }] },
        {
          getVariableResult: [
            {
              attributeStatus: 'Accepted',
              attributeValue: '300',
              component: { name: 'OCPPCommCtrlr' },
              variable: { name: 'HeartbeatInterval' },
            },
          ],
        },
        {
          getVariableResult: [
            {
              attributeStatus: 'Accepted',
              attributeValue: '300',
              component: { name: 'OCPPCommCtrlr' },
              variable: { name: 'HeartbeatInterval' },
            },
          ],
        },
      ],
    ];
    for (const [action, payload, sentAction, sentPayload, answer, reply] of cases) {
      const pending = stub(w.uid).sendCommand(action, payload);
      const call = await cs.command();
      expect([call.action, call.payload]).toEqual([sentAction, sentPayload]);
      cs.answer(call, answer);
      expect(await pending).toEqual({ status: 'accepted', reply });
    }
    cs.close();
  });

  it('refuses what has no 2.0.1 form, and an answer breaking the 2.0.1 schema', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    // A 1.6 key without a 2.0.1 variable (its password hand-over differs) names nothing to set.
    expect(
      await stub(w.uid).sendCommand('ChangeConfiguration', { key: 'AuthorizationKey', value: '00' }),
    ).toMatchObject({
      status: 'rejected',
      code: 'NotSupported',
    });
    expect(await stub(w.uid).sendCommand('TransactionEvent', {})).toMatchObject({
      status: 'rejected',
      code: 'NotSupported',
    });
    const pending = stub(w.uid).sendCommand('Reset', { type: 'Soft' });
    const call = await cs.command();
    expect(call.payload).toEqual({ type: 'OnIdle' });
    cs.cp.sendRaw(JSON.stringify([3, call.id, { status: 'Bogus' }]));
    expect(await pending).toMatchObject({ status: 'rejected', code: 'PropertyConstraintViolation' });
    cs.close();
  });
});
