/**
 * A HeartbeatInterval changed later by ChangeConfiguration: once the charge point Accepted it, the
 * heartbeat timeout counts with the new interval; a refused or reboot-bound change leaves it alone.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, stub, type TestCharger } from './helpers';

/** Pretends the last frame arrived `ms` ago; returns the alarm time the object had set. */
async function lastFrameAgo(uid: string, ms: number): Promise<number | null> {
  return runInDurableObject(stub(uid), async (_i: ChargePoint, state) => {
    state.storage.sql.exec(
      'UPDATE kv SET value = ? WHERE key = ?',
      JSON.stringify(new Date(Date.now() - ms).toISOString()),
      'lastSeen',
    );
    // The object reads the last-seen time from its frame log's latest inbound frame as well.
    state.storage.sql.exec("UPDATE frames SET at = ?1 WHERE direction = 'in' AND at > ?1", Date.now() - ms);
    return state.storage.getAlarm();
  });
}

async function changeInterval(uid: string, cp: TestCharger, value: string, status: string) {
  const pending = stub(uid).sendCommand('ChangeConfiguration', { key: 'HeartbeatInterval', value });
  const call = await cp.next((f) => f[0] === 2);
  expect(call.slice(2)).toEqual(['ChangeConfiguration', { key: 'HeartbeatInterval', value }]);
  cp.sendRaw(JSON.stringify([3, call[1], { status }]));
  expect(await pending).toEqual({ status: 'accepted', reply: { status } });
}

async function booted(uid: string) {
  const cp = await connect(uid);
  const { interval } = await cp.ok<{ interval: number }>('BootNotification', {
    chargePointVendor: 'ACME',
    chargePointModel: 'X1',
  });
  return { cp, interval };
}

describe('heartbeat interval changed with ChangeConfiguration', () => {
  it('an accepted shorter interval brings the alarm forward and times out after two new intervals', async () => {
    const { uid } = await aStation();
    const { cp, interval } = await booted(uid);
    expect(interval).toBe(300);
    await changeInterval(uid, cp, '30', 'Accepted');
    // The alarm now fires within two new intervals of the last frame, not two boot intervals.
    const alarm = await lastFrameAgo(uid, 0);
    expect(alarm as number).toBeLessThanOrEqual(Date.now() + 60_000);
    // 61 s of silence: late for the new interval (60 s), though far from the old one (600 s).
    await lastFrameAgo(uid, 61_000);
    expect(await runDurableObjectAlarm(stub(uid))).toBe(true);
    expect((await stub(uid).state()).online).toBe(false);
    const events = await stub(uid).frameLog({ limit: 200, eventType: 'Connection' });
    expect(events.map((e) => e.action)).toEqual(['Connected', 'HeartbeatIntervalChanged', 'HeartbeatTimeout']);
    expect(JSON.parse(events[2]?.frame ?? '{}')).toMatchObject({ afterMs: 60_000 });
    cp.close();
  });

  it('an accepted longer interval keeps a station online that the boot interval would have timed out', async () => {
    const { uid } = await aStation();
    const { cp } = await booted(uid);
    await changeInterval(uid, cp, '900', 'Accepted');
    await lastFrameAgo(uid, 601_000); // late for 300 s, on time for 900 s
    await runDurableObjectAlarm(stub(uid));
    expect((await stub(uid).state()).online).toBe(true);
    // The alarm is set again for two new intervals after the last frame.
    const alarm = await lastFrameAgo(uid, 601_000);
    expect(alarm as number).toBeGreaterThan(Date.now() + 1_000_000);
    await lastFrameAgo(uid, 1_801_000);
    await runDurableObjectAlarm(stub(uid));
    expect((await stub(uid).state()).online).toBe(false);
    cp.close();
  });

  it('keeps the boot interval when the change is Rejected, RebootRequired or not a number', async () => {
    const { uid } = await aStation();
    const { cp } = await booted(uid);
    await changeInterval(uid, cp, '30', 'Rejected');
    await changeInterval(uid, cp, '30', 'RebootRequired');
    await changeInterval(uid, cp, 'soon', 'Accepted');
    await lastFrameAgo(uid, 61_000);
    await runDurableObjectAlarm(stub(uid));
    expect((await stub(uid).state()).online).toBe(true);
    const stored = await runInDurableObject(stub(uid), (_i: ChargePoint, state) =>
      state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'heartbeatInterval'").one(),
    );
    expect(JSON.parse(stored.value)).toBe(300);
    cp.close();
  });

  it('survives an eviction: the new interval is stored, not only cached', async () => {
    const { uid } = await aStation();
    const { cp } = await booted(uid);
    await changeInterval(uid, cp, '20', 'Accepted');
    await evictDurableObject(stub(uid));
    await cp.ok('Heartbeat', {});
    await lastFrameAgo(uid, 41_000);
    await runDurableObjectAlarm(stub(uid));
    expect((await stub(uid).state()).online).toBe(false);
    cp.close();
  });
});
