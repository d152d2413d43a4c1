/**
 * A driver's limit reached during a session (ADR 020): the charge point is told to stop once, the
 * customer-service log says why, and an eviction between start and crossing changes nothing.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { periodStarts } from '../../domain/charging-authorization/periods';
import { chargingSessions, customerServiceLogs, users } from '../../drizzle/schema';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, forgetCached, iso, stub, type TestCharger, type World } from './helpers';

/** Today in the company clock, so the first session counts towards the daily limit. */
const BASE = Math.max(Date.now() - 10 * 60_000, periodStarts(new Date()).day.getTime());
const at = (min: number) => iso(BASE + min * 60_000);

function register(atIso: string, wh: number) {
  return {
    timestamp: atIso,
    sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
  };
}

async function withDailyLimit(kwh: number | null): Promise<World> {
  const w = await aStation();
  await db.update(users).set({ dailyLimit: kwh }).where(eq(users.id, w.userId));
  return w;
}

async function start(cp: TestCharger, w: World, meterStart: number, min: number): Promise<number> {
  const r = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
    connectorId: 1,
    idTag: w.idTag,
    meterStart,
    timestamp: at(min),
  });
  expect(r.idTagInfo.status).toBe('Accepted');
  return r.transactionId;
}

/** RemoteStopTransaction CALLs the object has sent to the charge point, from its frame log. */
function remoteStopsSent(uid: string): Promise<number> {
  return runInDurableObject(stub(uid), (_i: ChargePoint, state) =>
    Number(
      state.storage.sql
        .exec<{ n: number }>(
          "SELECT count(*) AS n FROM frames WHERE direction = 'out' AND message_type = 2 AND action = 'RemoteStopTransaction'",
        )
        .one().n,
    ),
  );
}

function limitLogs(stationId: number) {
  return db
    .select()
    .from(customerServiceLogs)
    .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, 'LimitReached')));
}

/** Answers the RemoteStopTransaction like a charge point: Accepted, then StopTransaction with reason Remote. */
async function acceptStop(cp: TestCharger, transactionId: number, meterStop: number, min: number) {
  const call = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
  expect(call[3]).toEqual({ transactionId });
  cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
  return () => cp.ok('StopTransaction', { transactionId, meterStop, timestamp: at(min), reason: 'Remote' });
}

describe('a limit reached during a session', () => {
  it('sends one RemoteStopTransaction when the budget left by earlier sessions is used up, and logs why', async () => {
    const w = await withDailyLimit(1);
    const cp = await connect(w.uid);
    // An earlier session today used 400 Wh: 600 Wh are left.
    const first = await start(cp, w, 1000, 0);
    await cp.ok('StopTransaction', { transactionId: first, meterStop: 1400, timestamp: at(1) });

    const tx = await start(cp, w, 5000, 2);
    expect(
      await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(3), 5300)] }),
    ).toEqual({});
    expect(
      await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(4), 5599)] }),
    ).toEqual({});
    expect(await remoteStopsSent(w.uid)).toBe(0);

    // Crossing: the MeterValues is answered, then the stop arrives.
    expect(
      await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(5), 5650)] }),
    ).toEqual({});
    const stop = await acceptStop(cp, tx, 5700, 7);
    await vi.waitFor(async () => expect(await limitLogs(w.stationId)).toHaveLength(1));

    // Still charging a little before the charge point stops: no second command.
    expect(
      await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(6), 5690)] }),
    ).toEqual({});
    expect(await remoteStopsSent(w.uid)).toBe(1);

    const [log] = await limitLogs(w.stationId);
    expect(log).toMatchObject({ companyId: w.companyId, userId: w.userId, result: 'success', errorMessage: null });
    const detail = JSON.parse(log?.detailJson ?? '{}');
    expect(detail).toMatchObject({
      sessionId: tx,
      request: { transactionId: tx },
      budget: { wh: 600, limit: 'daily', limitKwh: 1, usedWh: 400 },
      energyWh: 650,
      outcome: { status: 'accepted', reply: { status: 'Accepted' } },
    });
    expect(detail.reason).toContain('daily limit of 1 kWh is reached');

    const [open] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, tx));
    expect(open?.remark).toContain('daily limit of 1 kWh');

    await stop();
    const [closed] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, tx));
    expect(closed).toMatchObject({ status: 'closed', stopReason: 'Remote', energyWh: 700 });
    expect(closed?.remark).toContain('Stopped by the back office: the daily limit of 1 kWh is reached');
    expect(await remoteStopsSent(w.uid)).toBe(1);
    cp.close();
  });

  it('still stops after an eviction between the start and the crossing', async () => {
    const w = await withDailyLimit(1);
    const cp = await connect(w.uid);
    const tx = await start(cp, w, 0, 0);
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(1), 400)] });
    await evictDurableObject(stub(w.uid));
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(2), 1000)] });
    const stop = await acceptStop(cp, tx, 1100, 3);
    await vi.waitFor(async () => expect(await limitLogs(w.stationId)).toHaveLength(1));
    await evictDurableObject(stub(w.uid));
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(3), 1050)] });
    expect(await remoteStopsSent(w.uid)).toBe(1);
    await stop();
    cp.close();
  });

  it('sends the stop again after a connection lost before the answer, and logs both attempts', async () => {
    const w = await withDailyLimit(1);
    const cp = await connect(w.uid);
    const tx = await start(cp, w, 0, 0);
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(1), 1200)] });
    await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    cp.close();
    await vi.waitFor(async () => expect(await limitLogs(w.stationId)).toHaveLength(1));
    const again = await connect(w.uid);
    await again.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(2), 1300)] });
    const stop = await acceptStop(again, tx, 1350, 3);
    await vi.waitFor(async () => expect(await limitLogs(w.stationId)).toHaveLength(2));
    const logs = await limitLogs(w.stationId);
    expect(logs.map((l) => l.result).sort()).toEqual(['failed', 'success']);
    expect(logs.find((l) => l.result === 'failed')?.errorMessage).toBe('The charge point is offline.');
    expect(await remoteStopsSent(w.uid)).toBe(2);
    await stop();
    again.close();
  });

  it('claims a stop lost in an eviction again only once it is a minute old', async () => {
    const w = await withDailyLimit(1);
    const cp = await connect(w.uid);
    const tx = await start(cp, w, 0, 0);
    // What an eviction right after the claim leaves: a request with no result.
    const claimedAgo = (ms: number) =>
      runInDurableObject(stub(w.uid), (instance: ChargePoint, state) => {
        state.storage.sql.exec(
          'UPDATE transaction_limits SET stop_requested_at = ?, stop_result = NULL WHERE transaction_id = ?',
          Date.now() - ms,
          tx,
        );
        forgetCached(instance);
      });
    await claimedAgo(10_000);
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(1), 1200)] });
    expect(await remoteStopsSent(w.uid)).toBe(0);
    await claimedAgo(61_000);
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(2), 1300)] });
    const stop = await acceptStop(cp, tx, 1350, 3);
    await vi.waitFor(async () => expect(await limitLogs(w.stationId)).toHaveLength(1));
    expect(await remoteStopsSent(w.uid)).toBe(1);
    await stop();
    cp.close();
  });

  it('costs nothing for a user without limits: no budget stored, no command', async () => {
    const w = await withDailyLimit(null);
    const cp = await connect(w.uid);
    const tx = await start(cp, w, 0, 0);
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(1), 900_000)] });
    const budgets = await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) =>
      Number(state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM transaction_limits').one().n),
    );
    expect(budgets).toBe(0);
    expect(await remoteStopsSent(w.uid)).toBe(0);
    await cp.ok('StopTransaction', { transactionId: tx, meterStop: 900_000, timestamp: at(2) });
    expect(await limitLogs(w.stationId)).toHaveLength(0);
    cp.close();
  });
});
