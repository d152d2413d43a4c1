/**
 * Heartbeat timeout: two heartbeat intervals without a frame mark the station offline (alarm), the
 * next frame brings it back. Time passing is simulated by moving the last-seen time back; the
 * alarm itself is run with the pool's runDurableObjectAlarm.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StationLogEntry } from '../../domain/ocpp/station-log';
import { stations } from '../../drizzle/schema';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, stub } from './helpers';

/** A station connected and booted; `interval` is the heartbeat interval its BootNotification got (s). */
async function booted() {
  const w = await aStation();
  const cp = await connect(w.uid);
  const { interval } = await cp.ok<{ interval: number }>('BootNotification', {
    chargePointVendor: 'ACME',
    chargePointModel: 'X1',
  });
  return { w, cp, interval };
}

/** Sets the object's alarm behind its back (as an earlier object life left it). */
const setAlarm = (uid: string, at: number) =>
  runInDurableObject(stub(uid), (_i: ChargePoint, state) => state.storage.setAlarm(at));
const getAlarm = (uid: string) => runInDurableObject(stub(uid), (_i: ChargePoint, state) => state.storage.getAlarm());

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

/** The station's connection state as the network screens read it from D1. */
const d1Connected = async (uid: string) =>
  (await db.select({ connected: stations.connected }).from(stations).where(eq(stations.uid, uid)).get())?.connected;

const connectionEvents = async (uid: string) =>
  ((await stub(uid).frameLog({ limit: 200, eventType: 'Connection' })) as StationLogEntry[]).map((e) => e.action);

describe('heartbeat timeout', () => {
  it('arms an alarm two heartbeat intervals after the last frame', async () => {
    const { w, cp, interval } = await booted();
    const alarm = await lastFrameAgo(w.uid, 0);
    expect(alarm).not.toBeNull();
    expect(alarm as number).toBeGreaterThan(Date.now() + interval * 1000);
    expect(alarm as number).toBeLessThanOrEqual(Date.now() + 2 * interval * 1000);
    cp.close();
  });

  it('keeps the station online while frames keep coming, and sets the alarm again', async () => {
    const { w, cp, interval } = await booted();
    await lastFrameAgo(w.uid, interval * 1000); // one interval: not yet late
    expect(await runDurableObjectAlarm(stub(w.uid))).toBe(true);
    const state = await stub(w.uid).state();
    expect(state.online).toBe(true);
    expect(await lastFrameAgo(w.uid, interval * 1000)).not.toBeNull();
    expect(await connectionEvents(w.uid)).toEqual(['Connected']);
    cp.close();
  });

  it('marks the station offline after two missed intervals and back online at the next frame', async () => {
    const { w, cp, interval } = await booted();
    await lastFrameAgo(w.uid, 2 * interval * 1000 + 1);
    expect(await runDurableObjectAlarm(stub(w.uid))).toBe(true);
    const off = await stub(w.uid).state();
    expect(off.online).toBe(false);
    expect(off.connected).toBe(true); // the socket may still be open; the station is silent
    const disconnectedAt = await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) =>
      state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'disconnectedAt'").one(),
    );
    expect(JSON.parse(disconnectedAt.value)).toMatch(/Z$/);
    expect(await connectionEvents(w.uid)).toEqual(['Connected', 'HeartbeatTimeout']);
    await expect.poll(() => d1Connected(w.uid)).toBe(false);
    // Once offline, no further alarm is pending until the station speaks again.
    expect(await lastFrameAgo(w.uid, 3 * interval * 1000)).toBeNull();

    await cp.ok('Heartbeat', {});
    const on = await stub(w.uid).state();
    expect(on.online).toBe(true);
    expect(await connectionEvents(w.uid)).toEqual(['Connected', 'HeartbeatTimeout', 'BackOnline']);
    await expect.poll(() => d1Connected(w.uid)).toBe(true);
    expect(await lastFrameAgo(w.uid, 0)).not.toBeNull();
    cp.close();
  });

  it('does nothing for a station whose socket is closed (the close already marked it offline)', async () => {
    const w = await aStation();
    expect(await d1Connected(w.uid)).toBe(false);
    const cp = await connect(w.uid);
    await expect.poll(() => d1Connected(w.uid)).toBe(true);
    await cp.ok('Heartbeat', {});
    cp.close();
    await expect.poll(async () => (await stub(w.uid).state()).connected).toBe(false);
    await expect.poll(() => d1Connected(w.uid)).toBe(false);
    await lastFrameAgo(w.uid, 3_600_000);
    await runDurableObjectAlarm(stub(w.uid));
    expect(await connectionEvents(w.uid)).toEqual(['Connected', 'Disconnected']);
  });

  it('moves the alarm later at a wake once less than one interval of it is left, so a talking station is never woken by it', async () => {
    const { w, cp, interval } = await booted();
    const I = interval * 1000;
    // An alarm left by an earlier life, due in one second: the first frame after a wake moves it.
    await setAlarm(w.uid, Date.now() + 1000);
    await evictDurableObject(stub(w.uid));
    const before = Date.now();
    await cp.ok('Heartbeat', {});
    const moved = (await getAlarm(w.uid)) as number;
    expect(moved).toBeGreaterThanOrEqual(before + 2 * I);
    expect(moved).toBeLessThanOrEqual(Date.now() + 2 * I);
    // More than one interval left: the wake leaves it (no write per wake).
    const kept = Date.now() + 1.5 * I;
    await setAlarm(w.uid, kept);
    await evictDurableObject(stub(w.uid));
    await cp.ok('Heartbeat', {});
    expect(await getAlarm(w.uid)).toBe(kept);
    // Later than two intervals from the frame: brought forward.
    await setAlarm(w.uid, Date.now() + 3 * I);
    await evictDurableObject(stub(w.uid));
    await cp.ok('Heartbeat', {});
    expect(await getAlarm(w.uid)).toBeLessThanOrEqual(Date.now() + 2 * I);
    expect(await connectionEvents(w.uid)).toEqual(['Connected']);
    cp.close();
  });

  it('never moves the alarm past a scheduled availability change due sooner', async () => {
    const { w, cp, interval } = await booted();
    const I = interval * 1000;
    const dueAt = Date.now() + I / 4;
    const answer = await stub(w.uid).scheduleAvailability({
      stationId: w.stationId,
      connectorId: 1,
      type: 'Inoperative',
      dueAt,
      userId: w.userId,
    });
    expect(answer.ok).toBe(true);
    expect(await getAlarm(w.uid)).toBe(dueAt);
    // A wake with the alarm nearly due: moved, but only as far as the scheduled change.
    await setAlarm(w.uid, Date.now() + 1000);
    await evictDurableObject(stub(w.uid));
    await cp.ok('Heartbeat', {});
    expect(await getAlarm(w.uid)).toBe(dueAt);
    cp.close();
  });
});
