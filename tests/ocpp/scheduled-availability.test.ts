/**
 * Scheduled availability: a ChangeAvailability stored in the object's SQLite and sent by its alarm
 * when due; its answer goes to the customer-service log. Offline when due: failed and logged, never
 * sent later. Cancellable; survives an eviction; shares the alarm with the heartbeat timeout.
 * Time passing is simulated by moving the due time back, as the heartbeat tests move last-seen.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerServiceLogs } from '../../drizzle/schema';
import type { ChargePoint, ScheduledAvailability } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, stub, type World } from './helpers';

const HOUR = 3_600_000;

async function schedule(w: World, connectorId: number, type: 'Operative' | 'Inoperative', dueAt: number) {
  const answer = await stub(w.uid).scheduleAvailability({
    stationId: w.stationId,
    connectorId,
    type,
    dueAt,
    userId: w.userId,
  });
  if (!answer.ok) throw new Error(answer.description);
  return answer.schedule as ScheduledAvailability;
}

/** Moves the entry's due time into the past; returns the alarm time the object had set. */
async function makeDue(uid: string, id: number): Promise<number | null> {
  return runInDurableObject(stub(uid), async (_i: ChargePoint, state) => {
    const alarm = await state.storage.getAlarm();
    state.storage.sql.exec('UPDATE scheduled_availability SET due_at = ? WHERE id = ?', Date.now() - 1, id);
    return alarm;
  });
}

const alarmOf = (uid: string) => runInDurableObject(stub(uid), (_i: ChargePoint, state) => state.storage.getAlarm());

const entry = async (uid: string, id: number) =>
  ((await stub(uid).scheduledAvailability()) as ScheduledAvailability[]).find((s) => s.id === id);

const logRows = (w: World) =>
  db
    .select()
    .from(customerServiceLogs)
    .where(and(eq(customerServiceLogs.stationId, w.stationId), eq(customerServiceLogs.action, 'ChangeAvailability')));

describe('scheduled availability', () => {
  it('sends the ChangeAvailability when due and logs the answer like an immediate command', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    const dueAt = Date.now() + HOUR;
    const s = await schedule(w, 1, 'Inoperative', dueAt);
    expect(s).toMatchObject({ connectorId: 1, type: 'Inoperative', dueAt, state: 'scheduled', createdBy: w.userId });
    // The heartbeat timeout (10 min) is due first, so the alarm stays on it.
    expect((await makeDue(w.uid, s.id)) as number).toBeLessThan(dueAt);

    const fired = runDurableObjectAlarm(stub(w.uid));
    const call = await cp.next((f) => f[0] === 2);
    expect(call.slice(2)).toEqual(['ChangeAvailability', { connectorId: 1, type: 'Inoperative' }]);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Scheduled' }]));
    expect(await fired).toBe(true);

    expect(await entry(w.uid, s.id)).toMatchObject({
      state: 'fired',
      logged: true,
      outcome: { status: 'accepted', reply: { status: 'Scheduled' } },
    });
    const [row, ...more] = await logRows(w);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ userId: w.userId, result: 'success', errorMessage: null, companyId: w.companyId });
    expect(row?.connectorEvseId).toBe('FR*TST*E1');
    const detail = JSON.parse(row?.detailJson ?? '{}');
    expect(detail.request).toEqual({ connectorId: 1, type: 'Inoperative' });
    expect(detail.scheduled).toMatchObject({ id: s.id });
    // Nothing is sent twice: the next alarm finds nothing due.
    await runDurableObjectAlarm(stub(w.uid));
    expect(await cp.nothingWithin(200)).toBe(true);
    cp.close();
  });

  it('fails and logs as offline when the station is not connected at the due time, and never sends it later', async () => {
    const w = await aStation();
    const s = await schedule(w, 0, 'Inoperative', Date.now() + HOUR);
    expect(await makeDue(w.uid, s.id)).toBe(s.dueAt); // no socket: the schedule alone sets the alarm
    expect(await runDurableObjectAlarm(stub(w.uid))).toBe(true);
    expect(await entry(w.uid, s.id)).toMatchObject({ state: 'fired', outcome: { status: 'offline' } });
    const [row] = await logRows(w);
    expect(row).toMatchObject({ result: 'failed', errorMessage: 'offline', connectorId: null });
    const cp = await connect(w.uid);
    await cp.ok('Heartbeat', {});
    expect(await cp.nothingWithin(300)).toBe(true);
    cp.close();
  });

  it('can be cancelled while waiting, once; a cancelled entry is never sent', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const s = await schedule(w, 2, 'Operative', Date.now() + HOUR);
    const first = await stub(w.uid).cancelScheduledAvailability(s.id, w.userId);
    expect(first).toMatchObject({ cancelled: true, schedule: { state: 'cancelled', cancelledBy: w.userId } });
    expect((await stub(w.uid).cancelScheduledAvailability(s.id, w.userId)).cancelled).toBe(false);
    expect(await stub(w.uid).cancelScheduledAvailability(999_999, w.userId)).toEqual({
      cancelled: false,
      schedule: null,
    });
    await makeDue(w.uid, s.id);
    await runDurableObjectAlarm(stub(w.uid));
    expect(await cp.nothingWithin(300)).toBe(true);
    expect(await logRows(w)).toEqual([]);
    cp.close();
  });

  it('survives an eviction: the entry and its alarm are stored', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const s = await schedule(w, 1, 'Operative', Date.now() + HOUR);
    await evictDurableObject(stub(w.uid));
    expect(await alarmOf(w.uid)).not.toBeNull();
    await makeDue(w.uid, s.id);
    await evictDurableObject(stub(w.uid));
    const fired = runDurableObjectAlarm(stub(w.uid));
    const call = await cp.next((f) => f[0] === 2);
    expect(call.slice(2)).toEqual(['ChangeAvailability', { connectorId: 1, type: 'Operative' }]);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    await fired;
    expect(await entry(w.uid, s.id)).toMatchObject({ state: 'fired', logged: true });
    expect(await logRows(w)).toHaveLength(1);
    cp.close();
  });

  it('always sets the alarm to the earliest due time of heartbeat timeout and schedules', async () => {
    const w = await aStation();
    const far = await schedule(w, 1, 'Inoperative', Date.now() + 24 * HOUR);
    expect(await alarmOf(w.uid)).toBe(far.dueAt);
    const cp = await connect(w.uid); // the heartbeat timeout (10 min) comes before
    expect((await alarmOf(w.uid)) as number).toBeLessThanOrEqual(Date.now() + 600_000);
    const soon = await schedule(w, 1, 'Operative', Date.now() + 60_000);
    expect(await alarmOf(w.uid)).toBe(soon.dueAt);
    // Cancelling the soonest: the alarm fires with nothing due and moves to the next due time.
    await stub(w.uid).cancelScheduledAvailability(soon.id, w.userId);
    await runDurableObjectAlarm(stub(w.uid));
    expect(await cp.nothingWithin(200)).toBe(true);
    const next = (await alarmOf(w.uid)) as number;
    expect(next).toBeGreaterThan(soon.dueAt);
    expect(next).toBeLessThanOrEqual(Date.now() + 600_000);
    cp.close();
  });

  it('refuses a time in the past and a payload OCPP would refuse, storing nothing', async () => {
    const w = await aStation();
    const base = { stationId: w.stationId, type: 'Inoperative' as const, userId: w.userId };
    expect(await stub(w.uid).scheduleAvailability({ ...base, connectorId: 1, dueAt: Date.now() - 1000 })).toMatchObject(
      {
        ok: false,
        reason: 'past',
      },
    );
    expect(
      await stub(w.uid).scheduleAvailability({ ...base, connectorId: -1, dueAt: Date.now() + HOUR }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    const later = { ...base, connectorId: 1, type: 'Later' as 'Operative', dueAt: Date.now() + HOUR };
    expect(await stub(w.uid).scheduleAvailability(later)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await stub(w.uid).scheduledAvailability()).toEqual([]);
  });
});
