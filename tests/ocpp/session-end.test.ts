/**
 * Sessions that must not stay open (ADR 040, issue 24 section 1): refused starts, stops and
 * Authorize never answer ConcurrentTx wrongly, abandoned transactions are closed by the evidence
 * that they ended, a late StopTransaction corrects them, remote starts are recorded as Remote, and
 * unknown connector numbers are ignored.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { chargingSessions, connectors } from '../../drizzle/schema';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { aStation, connect, db, iso, PASSWORD, stub, unique } from './helpers';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const min = (n: number) => T0 + n * 60_000;

function energy(at: number, wh: number) {
  return {
    timestamp: iso(at),
    sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
  };
}

async function session(id: number) {
  const [row] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, id));
  if (!row) throw new Error(`no session ${id}`);
  return row;
}

type Start = { transactionId: number; idTagInfo: { status: string } };

/** A second station of the same operator, whose card may be used on it. */
async function secondStation(companyId: number) {
  const uid = unique('CP');
  const station = await createStation(db, {
    uid,
    companyId,
    name: `Station ${uid}`,
    city: 'Lyon',
    registration: 'accepted',
    ocppPasswordHash: await hashPassword(PASSWORD, 1000),
  });
  await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${uid}-1`, status: 'unknown' });
  return { uid, stationId: station.id };
}

describe('refused starts', () => {
  it('a start answered ConcurrentTx is recorded closed and refused, never blocks the card, and its stop is kept', async () => {
    const w = await aStation();
    const other = await secondStation(w.companyId);
    const cp = await connect(w.uid);
    const cp2 = await connect(other.uid);
    const first = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(T0),
    });
    expect(first.idTagInfo.status).toBe('Accepted');
    // The same card at another station while the first session runs: refused, recorded as such.
    const refused = await cp2.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 500,
      timestamp: iso(min(1)),
    });
    expect(refused.idTagInfo.status).toBe('ConcurrentTx');
    expect(await session(refused.transactionId)).toMatchObject({
      status: 'closed',
      refusedStatus: 'ConcurrentTx',
      pricingStatus: 'unpriced',
      pricingNote: 'Refused at start: not billed',
    });
    expect((await session(refused.transactionId)).remark).toMatch(/^Refused at start \(ConcurrentTx\)/);

    // The first session stops; its card is free again everywhere (the refused one never counts).
    const stop1 = await cp.ok('StopTransaction', {
      transactionId: first.transactionId,
      idTag: w.idTag,
      meterStop: 2000,
      timestamp: iso(min(10)),
    });
    expect(stop1).toEqual({ idTagInfo: { status: 'Accepted' } });
    const again = await cp.ok<Start>('StartTransaction', {
      connectorId: 2,
      idTag: w.idTag,
      meterStart: 2000,
      timestamp: iso(min(11)),
    });
    expect(again.idTagInfo.status).toBe('Accepted');

    // The refused transaction's charge point charged anyway and stops it: accepted, kept closed and refused.
    await cp2.ok('MeterValues', {
      connectorId: 1,
      transactionId: refused.transactionId,
      meterValue: [energy(min(5), 900)],
    });
    const stop2 = await cp2.ok('StopTransaction', {
      transactionId: refused.transactionId,
      idTag: w.idTag,
      meterStop: 1200,
      timestamp: iso(min(12)),
    });
    // The stop's idTagInfo is the card's own state: never ConcurrentTx, although `again` runs now.
    expect(stop2).toEqual({ idTagInfo: { status: 'Accepted' } });
    const after = await session(refused.transactionId);
    expect(after).toMatchObject({
      status: 'closed',
      refusedStatus: 'ConcurrentTx',
      meterStopWh: 1200,
      energyWh: 700,
      pricingStatus: 'unpriced',
    });
    expect(after.remark).toMatch(/^Refused at start \(ConcurrentTx\)/);
    cp.close();
    cp2.close();
  });

  it('Authorize never answers ConcurrentTx: it says whether the card may charge', async () => {
    const w = await aStation();
    const other = await secondStation(w.companyId);
    const cp = await connect(w.uid);
    const cp2 = await connect(other.uid);
    await cp.ok<Start>('StartTransaction', { connectorId: 1, idTag: w.idTag, meterStart: 0, timestamp: iso(T0) });
    expect(await cp2.ok('Authorize', { idTag: w.idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
    cp.close();
    cp2.close();
  });

  it('a start refused as Invalid (unknown card) is recorded refused, not in progress', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const start = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: 'NOSUCHCARD01',
      meterStart: 0,
      timestamp: iso(T0),
    });
    expect(start.idTagInfo.status).toBe('Invalid');
    expect(await session(start.transactionId)).toMatchObject({ status: 'closed', refusedStatus: 'Invalid' });
    cp.close();
  });
});

describe('transactions that ended without their StopTransaction', () => {
  it('a new start on the connector closes the old one at its last meter value, priced and marked; a late stop corrects it', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const old = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 1000,
      timestamp: iso(T0),
    });
    await cp.ok('MeterValues', {
      connectorId: 1,
      transactionId: old.transactionId,
      meterValue: [energy(min(20), 4000)],
    });
    // Its StopTransaction was lost; the next driver starts on the same connector.
    const next = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 4000,
      timestamp: iso(min(30)),
    });
    // Not ConcurrentTx: the old one was closed before the decision.
    expect(next.idTagInfo.status).toBe('Accepted');
    const closed = await session(old.transactionId);
    expect(closed).toMatchObject({
      status: 'closed',
      endedWithoutStop: 1,
      stopReason: 'EndedWithoutStop',
      needsRevision: 1,
      meterStopWh: 4000,
      energyWh: 3000,
    });
    expect(closed.endAt?.getTime()).toBe(min(20));
    expect(closed.remark).toMatch(/^Ended without StopTransaction: a new transaction started on connector 1/);
    // Priced after the reply, like any close.
    await expect.poll(async () => (await session(old.transactionId)).pricingNote).not.toBe('Pricing not run yet');
    expect((await session(next.transactionId)).status).toBe('in_progress');

    // The lost stop arrives after all: it corrects the session.
    const late = await cp.ok('StopTransaction', {
      transactionId: old.transactionId,
      meterStop: 4100,
      timestamp: iso(min(25)),
      reason: 'EVDisconnected',
    });
    expect(late).toEqual({});
    const corrected = await session(old.transactionId);
    expect(corrected).toMatchObject({
      status: 'closed',
      endedWithoutStop: 0,
      stopReason: 'EVDisconnected',
      meterStopWh: 4100,
      energyWh: 3100,
      needsRevision: 1,
    });
    expect(corrected.endAt?.getTime()).toBe(min(25));
    expect(corrected.remark).toMatch(/^Corrected by a StopTransaction received late/);
    cp.close();
  });

  it('a BootNotification closes every open transaction and makes the connectors Unknown until reported', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('StatusNotification', { connectorId: 2, status: 'Charging', errorCode: 'NoError' });
    const a = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(T0),
    });
    await cp.ok('MeterValues', { connectorId: 1, transactionId: a.transactionId, meterValue: [energy(min(5), 800)] });
    await cp.ok('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
    expect(await session(a.transactionId)).toMatchObject({
      status: 'closed',
      endedWithoutStop: 1,
      energyWh: 800,
    });
    expect((await session(a.transactionId)).remark).toMatch(/rebooted/);
    const rows = await db.select().from(connectors).where(eq(connectors.stationId, w.stationId));
    expect(rows.map((r) => r.status)).toEqual(['unknown', 'unknown']);
    // The same status as before the boot is written again.
    await cp.ok('StatusNotification', { connectorId: 2, status: 'Charging', errorCode: 'NoError' });
    const [c2] = await db
      .select()
      .from(connectors)
      .where(eq(connectors.uid, `${w.uid}-2`));
    expect(c2?.status).toBe('charging');
    cp.close();
  });

  it('a StatusNotification Available closes the open transaction of that connector only, and not one started after it', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const one = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(T0),
    });
    await cp.ok('StatusNotification', {
      connectorId: 1,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: iso(min(1)),
    });
    // An Available with an older timestamp than the start says nothing about it.
    await cp.ok('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: iso(T0 - 60_000),
    });
    expect((await session(one.transactionId)).status).toBe('in_progress');
    await cp.ok('StatusNotification', {
      connectorId: 1,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: iso(min(2)),
    });
    await cp.ok('StatusNotification', {
      connectorId: 2,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: iso(min(3)),
    });
    expect((await session(one.transactionId)).status).toBe('in_progress');
    await cp.ok('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: iso(min(4)),
    });
    expect(await session(one.transactionId)).toMatchObject({ status: 'closed', endedWithoutStop: 1 });
    cp.close();
  });

  it('closes in-progress D1 sessions the object never held (seeded, or storage lost) at their start', async () => {
    const w = await aStation();
    const [ghost] = await db
      .insert(chargingSessions)
      .values({
        cdrId: crypto.randomUUID(),
        stationId: w.stationId,
        connectorNumber: 1,
        companyId: w.companyId,
        authId: w.idTag,
        startKey: 'seeded-ghost',
        startAt: new Date(T0),
        meterStartWh: 100,
        energyWh: 250,
      })
      .returning();
    if (!ghost) throw new Error('no ghost');
    const cp = await connect(w.uid);
    const start = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(min(60)),
    });
    expect(start.idTagInfo.status).toBe('Accepted');
    const closed = await session(ghost.id);
    expect(closed).toMatchObject({
      status: 'closed',
      endedWithoutStop: 1,
      energyWh: 250,
      meterStopWh: 350,
      durationS: 0,
    });
    expect(closed.endAt?.getTime()).toBe(T0);
    cp.close();
  });
});

describe('remote starts', () => {
  it('a StartTransaction that follows an accepted RemoteStartTransaction is recorded with start method Remote', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('RemoteStartTransaction', { connectorId: 2, idTag: w.idTag });
    const call = await cp.next((f) => f[0] === 2);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    expect(await pending).toMatchObject({ status: 'accepted' });
    const remote = await cp.ok<Start>('StartTransaction', {
      connectorId: 2,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(T0),
    });
    expect((await session(remote.transactionId)).startMethod).toBe('Remote');
    // The remote start is used up: the next start of the card is at the charger.
    await cp.ok('StopTransaction', { transactionId: remote.transactionId, meterStop: 10, timestamp: iso(min(1)) });
    const local = await cp.ok<Start>('StartTransaction', {
      connectorId: 2,
      idTag: w.idTag,
      meterStart: 10,
      timestamp: iso(min(2)),
    });
    expect((await session(local.transactionId)).startMethod).toBe('RFID');
    cp.close();
  });

  it('a refused RemoteStartTransaction is forgotten', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const pending = stub(w.uid).sendCommand('RemoteStartTransaction', { idTag: w.idTag });
    const call = await cp.next((f) => f[0] === 2);
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Rejected' }]));
    await pending;
    const s = await cp.ok<Start>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(T0),
    });
    expect((await session(s.transactionId)).startMethod).toBe('RFID');
    cp.close();
  });
});

describe('unknown connector numbers', () => {
  it('are ignored instead of creating connectors; the next number is still added', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    for (const id of [99_999_999, 1000, 4, 9]) {
      expect(await cp.ok('StatusNotification', { connectorId: id, status: 'Available', errorCode: 'NoError' })).toEqual(
        {},
      );
    }
    // The station has connectors 1 and 2: 3 is the next one a charge point may add.
    await cp.ok('StatusNotification', { connectorId: 3, status: 'Available', errorCode: 'NoError' });
    const rows = await db.select().from(connectors).where(eq(connectors.stationId, w.stationId));
    expect(rows.map((r) => r.connectorNumber).sort()).toEqual([1, 2, 3]);
    const state = await stub(w.uid).state();
    expect(state.connectors.map((c) => c.connectorId)).toEqual([3]);
    cp.close();
  });
});
