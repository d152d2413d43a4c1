/** sendCommand (the RPC the command API uses) and reconnection: commands always use the newest socket. */
import { describe, expect, it } from 'vitest';
import { aStation, connect, stub } from './helpers';

describe('sendCommand', () => {
  it('is offline at once when no charge point is connected', async () => {
    const w = await aStation();
    const started = Date.now();
    expect(await stub(w.uid).sendCommand('Reset', { type: 'Soft' })).toEqual({ status: 'offline' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("resolves with the charge point's CALLRESULT", async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('UnlockConnector', { connectorId: 1 });
    const call = await cp.next((f) => f[0] === 2);
    expect(call.slice(2)).toEqual(['UnlockConnector', { connectorId: 1 }]);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Unlocked' }]));
    expect(await pending).toEqual({ status: 'accepted', reply: { status: 'Unlocked' } });
    expect((await stub(w.uid).state()).pendingCalls).toEqual([]);
    cp.close();
  });

  it("resolves with the charge point's CALLERROR as rejected", async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('GetConfiguration', { key: ['HeartbeatInterval'] });
    const call = await cp.next((f) => f[0] === 2);
    cp.sendRaw(JSON.stringify([4, call[1], 'NotSupported', 'Not here', {}]));
    expect(await pending).toEqual({ status: 'rejected', code: 'NotSupported', description: 'Not here' });
    cp.close();
  });

  it('times out when the charge point never answers, and a late answer is ignored', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('ClearCache', {}, 1000);
    const call = await cp.next((f) => f[0] === 2);
    const state = await stub(w.uid).state();
    expect(state.pendingCalls.map((c) => [c.messageId, c.action])).toEqual([[call[1], 'ClearCache']]);
    expect(await pending).toEqual({ status: 'timeout' });
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    expect(await cp.nothingWithin(200)).toBe(true);
    expect((await stub(w.uid).state()).pendingCalls).toEqual([]);
    cp.close();
  });

  it('sends DataTransfer, the one action both sides may send, as a command', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('DataTransfer', { vendorId: 'ACME', data: 'ping' });
    const call = await cp.next((f) => f[0] === 2);
    expect(call.slice(2)).toEqual(['DataTransfer', { vendorId: 'ACME', data: 'ping' }]);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted', data: 'pong' }]));
    expect(await pending).toEqual({ status: 'accepted', reply: { status: 'Accepted', data: 'pong' } });
    cp.close();
  });

  it('refuses a payload that breaks the schema without sending anything', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const res = await stub(w.uid).sendCommand('Reset', { type: 'Gentle' });
    expect(res).toMatchObject({ status: 'rejected', code: 'FormationViolation' });
    expect(await stub(w.uid).sendCommand('Reset', {})).toMatchObject({ code: 'OccurenceConstraintViolation' });
    expect(await stub(w.uid).sendCommand('BootNotification', {})).toMatchObject({ code: 'NotSupported' });
    expect(await cp.nothingWithin(200)).toBe(true);
    cp.close();
  });

  it('rejects a CALLRESULT that breaks the schema', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('Reset', { type: 'Hard' });
    const call = await cp.next((f) => f[0] === 2);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Maybe' }]));
    expect(await pending).toMatchObject({ status: 'rejected', code: 'FormationViolation' });
    cp.close();
  });
});

describe('sendCommand queueing', () => {
  it('sends one CALL at a time: the next goes out when the first is answered', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const first = stub(w.uid).sendCommand('ClearCache', {});
    const second = stub(w.uid).sendCommand('GetLocalListVersion', {});
    const call1 = await cp.next((f) => f[0] === 2);
    expect(call1[2]).toBe('ClearCache');
    expect(await cp.nothingWithin(200)).toBe(true);
    cp.sendRaw(JSON.stringify([3, call1[1], { status: 'Accepted' }]));
    const call2 = await cp.next((f) => f[0] === 2);
    expect(call2[2]).toBe('GetLocalListVersion');
    cp.sendRaw(JSON.stringify([3, call2[1], { listVersion: 7 }]));
    expect(await first).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    expect(await second).toEqual({ status: 'accepted', reply: { listVersion: 7 } });
    cp.close();
  });
});

describe('reconnection', () => {
  it('closes the old socket with 1012 and sends commands on the newest one', async () => {
    const w = await aStation();
    const first = await connect(w.uid);
    const second = await connect(w.uid);
    await first.nothingWithin(200);
    expect(first.closed?.code).toBe(1012);
    const pending = stub(w.uid).sendCommand('TriggerMessage', { requestedMessage: 'Heartbeat' });
    const call = await second.next((f) => f[0] === 2);
    second.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    expect(await pending).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    expect((await second.call('Heartbeat', {}))[0]).toBe(3);
    expect((await stub(w.uid).state()).connected).toBe(true);
    second.close();
  });

  it('answers a command awaiting a socket that closes as offline', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('ChangeAvailability', { connectorId: 0, type: 'Inoperative' });
    await cp.next((f) => f[0] === 2);
    cp.close();
    expect(await pending).toEqual({ status: 'offline' });
  });
});
