/**
 * The station's frame log: every frame in and out (CALL, CALLRESULT, CALLERROR, refused frames),
 * connection events, the filters of the station-log API, and retention pruning.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StationLogEntry } from '../../domain/ocpp/station-log';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { FrameLog, PRUNE_EVERY } from '../../workers/ocpp/src/storage/frame-log';
import { aStation, connect, stub } from './helpers';

const shape = (e: StationLogEntry) => [e.direction, e.messageType, e.action, e.eventType, e.connectorId, e.errorCode];

async function log(uid: string, query: Partial<Parameters<ChargePoint['frameLog']>[0]> = {}) {
  return (await stub(uid).frameLog({ limit: 200, ...query })) as StationLogEntry[];
}

describe('frame log', () => {
  it('records a CALL in and its CALLRESULT out with action, connector, error code and UTC time', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const before = Date.now();
    await cp.ok('StatusNotification', { connectorId: 2, errorCode: 'GroundFailure', status: 'Faulted' });
    const entries = (await log(w.uid)).filter((e) => e.action === 'StatusNotification');
    expect(entries.map(shape)).toEqual([
      ['in', 2, 'StatusNotification', 'StatusNotification', 2, 'GroundFailure'],
      ['out', 3, 'StatusNotification', 'StatusNotification', 2, null],
    ]);
    const [call, result] = entries as [StationLogEntry, StationLogEntry];
    expect(call.messageId).toBe(result.messageId);
    expect(call.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(call.at)).toBeGreaterThanOrEqual(before - 1);
    expect(JSON.parse(call.frame ?? '')).toEqual([
      2,
      call.messageId,
      'StatusNotification',
      { connectorId: 2, errorCode: 'GroundFailure', status: 'Faulted' },
    ]);
    expect(JSON.parse(result.frame ?? '')).toEqual([3, call.messageId, {}]);
    cp.close();
  });

  it('records the connection and refused frames with the CALLERROR sent back', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    cp.sendRaw('not json at all');
    await cp.next();
    expect((await cp.call('FlyToTheMoon', {}))[0]).toBe(4);
    const entries = await log(w.uid);
    expect(entries[0]?.action).toBe('Connected');
    expect(entries[0]?.eventType).toBe('Connection');
    expect(entries.slice(1).map(shape)).toEqual([
      ['in', null, null, 'Error', null, 'FormationViolation'],
      ['out', 4, null, 'Error', null, 'FormationViolation'],
      ['in', 2, 'FlyToTheMoon', 'Other', null, null],
      ['out', 4, 'FlyToTheMoon', 'Error', null, 'NotImplemented'],
    ]);
    expect(entries[1]?.frame).toBe('not json at all');
    cp.close();
  });

  it('records a command out and the CALLRESULT / CALLERROR in with the command connector', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const unlock = stub(w.uid).sendCommand('UnlockConnector', { connectorId: 2 });
    const call = await cp.next((f) => f[0] === 2);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Unlocked' }]));
    await unlock;
    const reset = stub(w.uid).sendCommand('Reset', { type: 'Soft' });
    const call2 = await cp.next((f) => f[0] === 2);
    cp.sendRaw(JSON.stringify([4, call2[1], 'NotSupported', 'No', {}]));
    await reset;
    const entries = (await log(w.uid)).filter((e) => e.eventType !== 'Connection');
    expect(entries.map(shape)).toEqual([
      ['out', 2, 'UnlockConnector', 'Command', 2, null],
      ['in', 3, 'UnlockConnector', 'Command', 2, null],
      ['out', 2, 'Reset', 'Command', null, null],
      ['in', 4, 'Reset', 'Error', null, 'NotSupported'],
    ]);
    expect(entries[0]?.messageId).toBe(call[1]);
    cp.close();
  });

  it('never keeps a new AuthorizationKey in clear, neither while pending nor in the log', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const secret = 'new-basic-auth-password-42';
    const change = stub(w.uid).sendCommand('ChangeConfiguration', { key: 'AuthorizationKey', value: secret });
    const call = await cp.next((f) => f[0] === 2);
    expect(call[3]).toEqual({ key: 'AuthorizationKey', value: secret }); // the charge point gets it
    const pending = await runInDurableObject(stub(w.uid), (_cp, state) =>
      state.storage.sql.exec<{ payload: string }>('SELECT payload FROM pending_calls').toArray(),
    );
    expect(pending.map((r) => JSON.parse(r.payload))).toEqual([{ key: 'AuthorizationKey', value: '********' }]);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    await change;
    const entries = (await log(w.uid)).filter((e) => e.action === 'ChangeConfiguration');
    expect(entries.map(shape)).toEqual([
      ['out', 2, 'ChangeConfiguration', 'Command', null, null],
      ['in', 3, 'ChangeConfiguration', 'Command', null, null],
    ]);
    expect(JSON.parse(entries[0]?.frame ?? '')).toEqual([
      2,
      call[1],
      'ChangeConfiguration',
      { key: 'AuthorizationKey', value: '********' },
    ]);
    expect(entries.some((e) => e.frame?.includes(secret))).toBe(false);
    cp.close();
  });

  it('files a StopTransaction under its transaction connector and records the disconnect', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 2,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    await cp.ok('StopTransaction', { transactionId, meterStop: 10, timestamp: new Date().toISOString() });
    cp.close();
    await expect
      .poll(async () => (await log(w.uid, { eventType: 'Connection' })).map((e) => e.action))
      .toEqual(['Connected', 'Disconnected']);
    const stop = await log(w.uid, { eventType: 'StopTransaction' });
    expect(stop.map((e) => [e.direction, e.connectorId])).toEqual([
      ['in', 2],
      ['out', 2],
    ]);
  });

  it('filters by connector (plus station-wide entries), error code, event type and time, oldest first', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('Heartbeat', {});
    await cp.ok('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    const middle = Date.now();
    await cp.ok('StatusNotification', { connectorId: 2, errorCode: 'OverVoltage', status: 'Faulted' });
    const c1 = await log(w.uid, { connectorId: 1 });
    expect(c1.every((e) => e.connectorId === null || e.connectorId === 0 || e.connectorId === 1)).toBe(true);
    expect(c1.some((e) => e.action === 'Heartbeat')).toBe(true);
    expect(c1.some((e) => e.connectorId === 2)).toBe(false);
    expect((await log(w.uid, { errorCode: 'OverVoltage' })).map(shape)).toEqual([
      ['in', 2, 'StatusNotification', 'StatusNotification', 2, 'OverVoltage'],
    ]);
    expect((await log(w.uid, { eventType: 'Heartbeat' })).map((e) => e.direction)).toEqual(['in', 'out']);
    const late = await log(w.uid, { from: middle });
    expect(late.every((e) => Date.parse(e.at) >= middle)).toBe(true);
    expect(late.some((e) => e.connectorId === 2)).toBe(true);
    const early = await log(w.uid, { to: middle - 1 });
    expect(early.some((e) => e.errorCode === 'OverVoltage')).toBe(false);
    const two = await log(w.uid, { from: 0, limit: 2 });
    expect(two.map((e) => e.action)).toEqual(['Connected', 'Heartbeat']);
    // The API's cap holds even when the caller asks for more.
    expect((await log(w.uid, { limit: 5000 })).length).toBeLessThanOrEqual(200);
    cp.close();
  });

  it('prunes beyond the row cap and past the maximum age as it writes', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('Heartbeat', {});
    const outcome = await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) => {
      const frames = new FrameLog(state.storage.sql, { maxAgeMs: 60_000, maxRows: 1000 });
      const t0 = Date.now();
      const row = (at: number) =>
        frames.write({
          at,
          direction: 'in',
          messageType: 2,
          messageId: 'x',
          action: 'Heartbeat',
          connectorId: null,
          errorCode: null,
          eventType: 'Heartbeat',
          frame: '[2,"x","Heartbeat",{}]',
        });
      for (let i = 0; i < 5000; i++) row(t0);
      const afterCap = frames.count();
      // Much later: everything older than a minute goes at the next prune point.
      for (let i = 0; i < PRUNE_EVERY; i++) row(t0 + 3_600_000);
      return { afterCap, afterAge: frames.count(), size: state.storage.sql.databaseSize };
    });
    expect(outcome.afterCap).toBeLessThanOrEqual(1000 + PRUNE_EVERY);
    expect(outcome.afterCap).toBeGreaterThanOrEqual(1000);
    expect(outcome.afterAge).toBeLessThanOrEqual(PRUNE_EVERY);
    cp.close();
  });
});
