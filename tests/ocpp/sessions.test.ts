/** Every transaction becomes exactly one session: replays, duplicates and evictions included. */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, forgetCached, iso, stub } from './helpers';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const min = (n: number) => T0 + n * 60_000;

function energy(at: number, wh: number, w: number) {
  return {
    timestamp: iso(at),
    sampledValue: [
      { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
      { value: String(w / 1000), measurand: 'Power.Active.Import', unit: 'kW' },
    ],
  };
}

async function sessionsOf(stationId: number) {
  return db.select().from(chargingSessions).where(eq(chargingSessions.stationId, stationId));
}

describe('StartTransaction and StopTransaction', () => {
  it('open an unpriced session, then close it with energy, times, parking and a power curve', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const start = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 1000,
      timestamp: iso(T0),
    });
    expect(start.idTagInfo.status).toBe('Accepted');
    const [open] = await sessionsOf(w.stationId);
    expect(open).toMatchObject({
      id: start.transactionId,
      status: 'in_progress',
      authId: w.idTag,
      userId: w.userId,
      meterStartWh: 1000,
      stationName: `Station ${w.uid}`,
      stationCity: 'Lyon',
      stationStreet: 'Rue Garibaldi 7',
      connectorEvseId: 'FR*TST*E1',
      plugType: 'Type 2',
      plugMaxElectricPowerW: 22_000,
      userEmail: `${w.uid.toLowerCase()}@drivers.test`,
      pricingStatus: 'unpriced',
      pricingNote: 'Pricing not run yet',
      empTotal: null,
    });
    expect(open?.userKeyHangerCode).toMatch(/^KH-/);
    // Charging for 30 minutes at 11 kW, then parked for 15 minutes.
    for (const m of [10, 20, 30]) {
      await cp.ok('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [energy(min(m), 1000 + m * 183, 11_000)],
      });
    }
    await cp.ok('MeterValues', {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [energy(min(40), 1000 + 30 * 183, 0)],
    });
    const stop = await cp.ok('StopTransaction', {
      transactionId: start.transactionId,
      idTag: w.idTag,
      meterStop: 1000 + 30 * 183,
      timestamp: iso(min(45)),
      reason: 'EVDisconnected',
      transactionData: [energy(min(45), 1000 + 30 * 183, 0)],
    });
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });
    const [closed] = await sessionsOf(w.stationId);
    expect(closed).toMatchObject({
      status: 'closed',
      meterStopWh: 6490,
      energyWh: 5490,
      durationS: 45 * 60,
      chargingMinutes: 30,
      parkingS: 15 * 60,
      stopReason: 'EVDisconnected',
      needsRevision: 0,
      pricingStatus: 'unpriced',
      empTotal: null,
    });
    const curve = JSON.parse(closed?.meterCurveJson ?? '[]') as [number, number, number][];
    expect(curve[0]).toEqual([min(10), 11_000, 2830]);
    expect(curve).toHaveLength(5);
    expect((await stub(w.uid).state()).openTransactions).toEqual([]);
    cp.close();
  });

  it('gives a replayed StartTransaction the same transactionId and never a second row', async () => {
    const w = await aStation();
    const start = { connectorId: 2, idTag: w.idTag, meterStart: 500, timestamp: iso(min(1)) };
    const cp = await connect(w.uid);
    const first = await cp.ok('StartTransaction', start);
    cp.close();
    // The charge point reconnects and replays its offline queue.
    const again = await connect(w.uid);
    const replay = await again.ok('StartTransaction', { ...start, timestamp: new Date(min(1)).toISOString() });
    expect(replay).toEqual(first);
    expect(await sessionsOf(w.stationId)).toHaveLength(1);
    again.close();
  });

  it('closes a session once: a duplicate StopTransaction gets the same answer and changes nothing', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(min(0)),
    });
    const stop = { transactionId, idTag: w.idTag, meterStop: 2000, timestamp: iso(min(20)), reason: 'Local' };
    const first = await cp.ok('StopTransaction', stop);
    // Pricing at close writes its note after the reply; the snapshot is taken once it has.
    let [afterFirst] = await sessionsOf(w.stationId);
    for (let i = 0; i < 500 && afterFirst?.pricingNote === 'Pricing not run yet'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      [afterFirst] = await sessionsOf(w.stationId);
    }
    const second = await cp.ok('StopTransaction', { ...stop, meterStop: 9999 });
    expect(second).toEqual(first);
    const [afterSecond] = await sessionsOf(w.stationId);
    expect(afterSecond).toEqual(afterFirst);
    expect(afterSecond?.energyWh).toBe(2000);
    cp.close();
  });

  it('survives an eviction in the middle of a transaction: the stop closes the same session', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 100,
      timestamp: iso(min(0)),
    });
    await cp.ok('MeterValues', { connectorId: 1, transactionId, meterValue: [energy(min(5), 900, 9600)] });
    await evictDurableObject(stub(w.uid));
    const state = await stub(w.uid).state();
    expect(state.openTransactions.map((t) => t.transactionId)).toEqual([transactionId]);
    const reply = await cp.ok('StopTransaction', { transactionId, meterStop: 1700, timestamp: iso(min(10)) });
    expect(reply).toEqual({});
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: transactionId, status: 'closed', energyWh: 1600, stopReason: 'Local' });
    expect(JSON.parse(rows[0]?.meterCurveJson ?? '[]')).toEqual([[min(5), 9600, 900]]);
    cp.close();
  });

  it('marks inconsistent data for revision instead of inventing numbers', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 5000,
      timestamp: iso(min(30)),
    });
    await cp.ok('StopTransaction', { transactionId, meterStop: 10, timestamp: iso(min(20)) });
    const [row] = await sessionsOf(w.stationId);
    expect(row).toMatchObject({ needsRevision: 1, energyWh: null, durationS: null });
    expect(row?.remark).toContain('below meterStart');
    expect(row?.remark).toContain('before the start');
    cp.close();
  });

  it('starts a session for an unknown card too (the charge point started already), answered Invalid', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const start = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'NOT-A-CARD',
      meterStart: 0,
      timestamp: iso(min(0)),
    });
    expect(start.idTagInfo.status).toBe('Invalid');
    const stop = await cp.ok('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 0,
      timestamp: iso(min(1)),
      reason: 'DeAuthorized',
    });
    expect(stop).toEqual({});
    expect((await sessionsOf(w.stationId))[0]).toMatchObject({
      status: 'closed',
      stopReason: 'DeAuthorized',
      userId: null,
    });
    cp.close();
  });

  it('acknowledges a StopTransaction for a transaction it never allocated', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    expect(await cp.ok('StopTransaction', { transactionId: 987654, meterStop: 1, timestamp: iso(min(1)) })).toEqual({});
    expect(await sessionsOf(w.stationId)).toHaveLength(0);
    cp.close();
  });
  it('takes charging and parking time from StatusNotifications when no meter values come', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const status = (m: number, st: string) =>
      cp.ok('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: st, timestamp: iso(min(m)) });
    await status(0, 'Preparing');
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 2,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(min(1)),
    });
    await status(2, 'Charging');
    await status(32, 'SuspendedEV');
    await cp.ok('StopTransaction', { transactionId, meterStop: 5000, timestamp: iso(min(50)) });
    const [row] = await sessionsOf(w.stationId);
    expect(row).toMatchObject({ chargingMinutes: 30, parkingS: 18 * 60, energyWh: 5000 });
    expect(row?.stopChargingAt?.getTime()).toBe(min(32));
    cp.close();
  });
  it('finds the session in D1 when the object lost its copy: same transactionId, one close', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const start = { connectorId: 1, idTag: w.idTag, meterStart: 10, timestamp: iso(min(3)) };
    const first = await cp.ok<{ transactionId: number }>('StartTransaction', start);
    await runInDurableObject(stub(w.uid), (instance: ChargePoint, state) => {
      state.storage.sql.exec('DELETE FROM transactions');
      forgetCached(instance);
    });
    expect(await cp.ok('StartTransaction', start)).toEqual(first);
    await runInDurableObject(stub(w.uid), (instance: ChargePoint, state) => {
      state.storage.sql.exec('DELETE FROM transactions');
      forgetCached(instance);
    });
    await cp.ok('StopTransaction', { transactionId: first.transactionId, meterStop: 510, timestamp: iso(min(13)) });
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'closed', energyWh: 500, durationS: 600 });
    cp.close();
  });
});
