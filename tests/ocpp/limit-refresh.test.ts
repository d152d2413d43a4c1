/**
 * Budgets refreshed during a session (ADR 028): two sessions of one driver at two stations share the
 * limit instead of each getting the whole of it. Time passing is simulated by making the stored
 * budgets due for a refresh (their refreshAt in the past), as five minutes would.
 */
import { runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { periodStarts } from '../../domain/charging-authorization/periods';
import { hashPassword } from '../../domain/identity/password';
import { chargingSessions, users } from '../../drizzle/schema';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, forgetCached, iso, PASSWORD, stub, type TestCharger, unique } from './helpers';

const BASE = Math.max(Date.now() - 10 * 60_000, periodStarts(new Date()).day.getTime());
const at = (min: number) => iso(BASE + min * 60_000);
const register = (atIso: string, wh: number) => [
  { timestamp: atIso, sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
];

/** Makes the open transactions' budgets of a station due for a refresh. */
function due(uid: string) {
  return runInDurableObject(stub(uid), (instance: ChargePoint, state) => {
    state.storage.sql.exec("UPDATE transaction_limits SET budget = json_set(budget, '$.refreshAt', 0)");
    forgetCached(instance);
  });
}

function budgetOf(uid: string, tx: number) {
  return runInDurableObject(stub(uid), (_i: ChargePoint, state) => {
    const row = state.storage.sql
      .exec<{ budget: string }>('SELECT budget FROM transaction_limits WHERE transaction_id = ?', tx)
      .toArray()[0];
    return row ? (JSON.parse(row.budget) as { wh: number; baseWh?: number; usedWh: number; refreshAt?: number }) : null;
  });
}

async function startOn(cp: TestCharger, idTag: string, min: number) {
  const r = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: at(min),
  });
  expect(r.idTagInfo.status).toBe('Accepted');
  return r.transactionId;
}

describe('a budget refreshed during the session', () => {
  it('shares one daily limit between two sessions of the same driver at two stations', async () => {
    const w = await aStation();
    await db.update(users).set({ dailyLimit: 1 }).where(eq(users.id, w.userId));
    // A second station of the same operator, and a second card of the same driver.
    const uid2 = unique('CP');
    const s2 = await createStation(db, {
      uid: uid2,
      companyId: w.companyId,
      registration: 'accepted',
      ocppPasswordHash: await hashPassword(PASSWORD, 1000),
    });
    await createConnector(db, { stationId: s2.id, connectorNumber: 1, uid: `${uid2}-1`, status: 'unknown' });
    const tag2 = unique('TAG').replace(/-/g, '').slice(0, 20);
    await createRfid(db, { companyId: w.companyId, uuid: tag2, userId: w.userId });

    const cp1 = await connect(w.uid);
    const cp2 = await connect(uid2);
    const tx1 = await startOn(cp1, w.idTag, 0);
    const tx2 = await startOn(cp2, tag2, 1);
    // At their starts each saw the whole kWh.
    expect((await budgetOf(w.uid, tx1))?.wh).toBe(1000);
    expect((await budgetOf(uid2, tx2))?.wh).toBe(1000);
    expect((await budgetOf(w.uid, tx1))?.refreshAt).toBeGreaterThan(Date.now());

    // Station 1 refreshes at 600 Wh: its energy so far goes to D1, 400 Wh are left from here.
    await due(w.uid);
    await cp1.ok('MeterValues', { connectorId: 1, transactionId: tx1, meterValue: register(at(5), 600) });
    await expect.poll(async () => (await budgetOf(w.uid, tx1))?.baseWh).toBe(600);
    expect(await budgetOf(w.uid, tx1)).toMatchObject({ wh: 400, usedWh: 600 });
    const [open] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, tx1));
    expect(open).toMatchObject({ status: 'in_progress', energyWh: 600 });

    // Station 2 refreshes at 300 Wh and sees station 1's 600 Wh: only 100 Wh are left to it.
    await due(uid2);
    await cp2.ok('MeterValues', { connectorId: 1, transactionId: tx2, meterValue: register(at(6), 300) });
    await expect.poll(async () => (await budgetOf(uid2, tx2))?.baseWh).toBe(300);
    expect(await budgetOf(uid2, tx2)).toMatchObject({ wh: 100, usedWh: 900 });

    // 100 Wh later station 2 is told to stop: the two sessions used the kWh together, not twice.
    await cp2.ok('MeterValues', { connectorId: 1, transactionId: tx2, meterValue: register(at(7), 400) });
    const call = await cp2.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    expect(call[3]).toEqual({ transactionId: tx2 });
    cp2.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    cp1.close();
    cp2.close();
  });
});
