/**
 * OCPP 2.0.1 TransactionEvent on the 1.6 session path (issue 23 part 2, ADR 058): one session per
 * transactionId whatever the order or duplication of its events, priced exactly like the same charge over 1.6.
 */
import { evictDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions, rfids, tariffs } from '../../drizzle/schema';
import { aStation, connect, db, iso, stub, type World } from './helpers';
import { connect201, txEvent as event, reading, type Station201 } from './helpers-201';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const at = (m: number) => iso(T0 + m * 60_000);

async function sessionsOf(stationId: number) {
  return db.select().from(chargingSessions).where(eq(chargingSessions.stationId, stationId));
}

/** The session once pricing (after the reply) has written its outcome. */
async function priced(stationId: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await sessionsOf(stationId);
    if (rows.length === 1 && rows[0]?.status === 'closed' && rows[0].pricingNote !== 'Pricing not run yet') return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return sessionsOf(stationId);
}

async function withTariff(w: World) {
  await db.insert(tariffs).values({
    companyId: w.companyId,
    type: 'emp',
    status: 'approved',
    name: 'Driver tariff',
    elementsJson: JSON.stringify([
      { price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] },
      { price_components: [{ type: 'PARKING_TIME', price: 600, vat_bp: 2000, step_size: 60 }] },
    ]),
  });
}

/** 30 minutes at 11 kW from 1000 Wh, parked 15 minutes: the readings both versions send. */
const CHARGE = [0, 10, 20, 30, 40].map((m) => ({ m, wh: 1000 + Math.min(m, 30) * 183, w: m >= 30 ? 0 : 11_000 }));

async function charge201(w: World, cs: Station201, txId: string) {
  const [first, ...rest] = CHARGE;
  if (!first) throw new Error('no readings');
  const started = await cs.ok('TransactionEvent', {
    ...event(w, txId, 'Started', 0),
    transactionInfo: { transactionId: txId, chargingState: 'Charging' },
    meterValue: [reading(at(0), first.wh, first.w, 'Transaction.Begin')],
  });
  expect(started).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
  let seq = 1;
  for (const r of rest) {
    await cs.ok('TransactionEvent', {
      ...event(w, txId, 'Updated', seq++, { timestamp: at(r.m) }),
      meterValue: [reading(at(r.m), r.wh, r.w)],
    });
  }
  const last = CHARGE[CHARGE.length - 1];
  return cs.ok('TransactionEvent', {
    ...event(w, txId, 'Ended', seq, { timestamp: at(45) }),
    transactionInfo: { transactionId: txId, stoppedReason: 'EVDisconnected' },
    idToken: { idToken: w.idTag, type: 'ISO14443' },
    meterValue: [reading(at(45), last?.wh ?? 0, 0, 'Transaction.End')],
  });
}

async function charge16(w: World) {
  const cp = await connect(w.uid);
  const energy = (m: number, wh: number, watts: number, context = 'Sample.Periodic') => ({
    timestamp: at(m),
    sampledValue: [
      { value: String(wh), context, measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
      { value: String(watts), context, measurand: 'Power.Active.Import', unit: 'W' },
    ],
  });
  const [first, ...rest] = CHARGE;
  const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
    connectorId: 1,
    idTag: w.idTag,
    meterStart: first?.wh ?? 0,
    timestamp: at(0),
  });
  await cp.ok('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [energy(0, first?.wh ?? 0, first?.w ?? 0, 'Transaction.Begin')],
  });
  for (const r of rest)
    await cp.ok('MeterValues', { connectorId: 1, transactionId, meterValue: [energy(r.m, r.wh, r.w)] });
  const last = CHARGE[CHARGE.length - 1]?.wh ?? 0;
  await cp.ok('StopTransaction', {
    transactionId,
    idTag: w.idTag,
    meterStop: last,
    timestamp: at(45),
    reason: 'EVDisconnected',
    transactionData: [
      {
        timestamp: at(45),
        sampledValue: [
          { value: String(last), context: 'Transaction.End', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          { value: '0', context: 'Transaction.End', measurand: 'Power.Active.Import', unit: 'W' },
        ],
      },
    ],
  });
  cp.close();
}

const COMPARED = [
  'status',
  'meterStartWh',
  'meterStopWh',
  'energyWh',
  'durationS',
  'chargingMinutes',
  'parkingS',
  'stopReason',
  'meterCurveJson',
  'pricingStatus',
  'empNetTotal',
  'empTotal',
  'vatValue',
  'remark',
] as const;

describe('TransactionEvent', () => {
  it('Started, Updated with meter values and Ended make one closed session priced like the same 1.6 charge', async () => {
    const w201 = await aStation();
    const w16 = await aStation();
    await withTariff(w201);
    await withTariff(w16);
    const cs = await connect201(w201.uid);
    const ended = await charge201(w201, cs, 'TX-FULL-1');
    expect(ended).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
    cs.close();
    await charge16(w16);
    const [s201] = await priced(w201.stationId);
    const [s16] = await priced(w16.stationId);
    expect(s201).toMatchObject({
      status: 'closed',
      energyWh: 30 * 183,
      pricingStatus: 'priced',
      startKey: 'tx:TX-FULL-1',
    });
    const pick = (s: typeof s201) => Object.fromEntries(COMPARED.map((k) => [k, s?.[k]]));
    expect(pick(s201)).toEqual(pick(s16));
    expect((await stub(w201.uid).state()).openTransactions).toEqual([]);
  });

  it('keeps one session through duplicated, out-of-order and replayed events, with seqNos, offline and phases kept', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-ORDER-1';
    // An Updated (from the offline queue) arrives before its Started.
    const updated2 = {
      ...event(w, tx, 'Updated', 2, { timestamp: at(20), offline: true }),
      meterValue: [reading(at(20), 1000 + 20 * 183, 11_000)],
    };
    await cs.ok('TransactionEvent', { ...updated2, evse: { id: 1 }, idToken: { idToken: w.idTag, type: 'ISO14443' } });
    await cs.ok('TransactionEvent', {
      ...event(w, tx, 'Started', 0, { numberOfPhasesUsed: 3 }),
      meterValue: [reading(at(0), 1000, 11_000, 'Transaction.Begin')],
    });
    const updated1 = {
      ...event(w, tx, 'Updated', 1, { timestamp: at(10) }),
      meterValue: [reading(at(10), 1000 + 10 * 183, 11_000)],
    };
    await cs.ok('TransactionEvent', updated1);
    await cs.ok('TransactionEvent', updated1);
    const end = {
      ...event(w, tx, 'Ended', 3, { timestamp: at(30) }),
      transactionInfo: { transactionId: tx, stoppedReason: 'Local' },
      meterValue: [reading(at(30), 1000 + 30 * 183, 0, 'Transaction.End')],
    };
    await cs.ok('TransactionEvent', end);
    await cs.ok('TransactionEvent', end);
    await cs.ok('TransactionEvent', { ...updated2, evse: { id: 1 } });
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'closed',
      meterStartWh: 1000,
      meterStopWh: 1000 + 30 * 183,
      energyWh: 30 * 183,
      durationS: 30 * 60,
      stopReason: 'Local',
      needsRevision: 0,
    });
    const kept = (await stub(w.uid).state()).transactions201[tx];
    expect(kept).toMatchObject({ sessionId: rows[0]?.id, seqNos: [2, 0, 1, 3], offline: true, numberOfPhasesUsed: 3 });
    // The duplicated Updated added its readings once: one row per reading in the curve.
    const curve = JSON.parse(rows[0]?.meterCurveJson ?? '[]') as [number, number, number][];
    expect(curve.map((p) => p[0])).toEqual([0, 10, 20, 30].map((m) => T0 + m * 60_000));
    cs.close();
  });

  it('marks a session for revision when its Started arrives after its Ended', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-LATE-START';
    await cs.ok('TransactionEvent', {
      ...event(w, tx, 'Ended', 2, { timestamp: at(30) }),
      evse: { id: 2 },
      idToken: { idToken: w.idTag, type: 'ISO14443' },
      transactionInfo: { transactionId: tx, stoppedReason: 'Local' },
      meterValue: [reading(at(30), 4000, 0, 'Transaction.End')],
    });
    await cs.ok('TransactionEvent', {
      ...event(w, tx, 'Started', 0),
      evse: { id: 2 },
      meterValue: [reading(at(0), 1000, 11_000, 'Transaction.Begin')],
    });
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'closed',
      connectorNumber: 2,
      meterStartWh: 1000,
      energyWh: 3000,
      durationS: 30 * 60,
      needsRevision: 1,
    });
    cs.close();
  });

  it('survives an eviction of the object mid-transaction: the Ended closes the same session', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-EVICTED-1';
    await cs.ok('TransactionEvent', {
      ...event(w, tx, 'Started', 0),
      meterValue: [reading(at(0), 1000, 11_000, 'Transaction.Begin')],
    });
    await cs.ok('TransactionEvent', {
      ...event(w, tx, 'Updated', 1, { timestamp: at(10) }),
      meterValue: [reading(at(10), 2830, 11_000)],
    });
    await evictDurableObject(stub(w.uid));
    await cs.ok('TransactionEvent', {
      ...event(w, tx, 'Ended', 2, { timestamp: at(20) }),
      transactionInfo: { transactionId: tx, stoppedReason: 'Local' },
      idToken: { idToken: w.idTag, type: 'ISO14443' },
      meterValue: [reading(at(20), 4660, 0, 'Transaction.End')],
    });
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'closed', meterStartWh: 1000, energyWh: 3660, durationS: 20 * 60 });
    expect(JSON.parse(rows[0]?.meterCurveJson ?? '[]').map((p: number[]) => p[0])).toContain(T0 + 10 * 60_000);
    cs.close();
  });

  it('opens a refused session for an unknown idToken and tells the station Invalid', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const answer = await cs.ok('TransactionEvent', {
      ...event(w, 'TX-BAD-1', 'Started', 0),
      idToken: { idToken: 'NOSUCHCARD', type: 'ISO14443' },
      meterValue: [reading(at(0), 500, null, 'Transaction.Begin')],
    });
    expect(answer).toMatchObject({ idTokenInfo: { status: 'Invalid' } });
    const [row] = await sessionsOf(w.stationId);
    expect(row?.refusedStatus).toBe('Invalid');
    cs.close();
  });
});

type Answered = { idTokenInfo: { status: string; cacheExpiryDateTime: string } };
const DAY = 86_400_000;

describe('authorization cache rules (C10–C12) and a transaction started offline with a refused card (E05)', () => {
  it('answers a cache expiry at the card’s validity end, never later than 24 hours from now', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const card = { idToken: w.idTag, type: 'ISO14443' };
    const before = Date.now();
    const open = await cs.ok<Answered>('Authorize', { idToken: card });
    const after = Date.now();
    expect(open.idTokenInfo.status).toBe('Accepted');
    const expiry = Date.parse(open.idTokenInfo.cacheExpiryDateTime);
    expect(expiry).toBeGreaterThanOrEqual(before + DAY - 1000);
    expect(expiry).toBeLessThanOrEqual(after + DAY + 1000);

    // A card valid for 6 more hours: the station keeps it no longer than that.
    const end = new Date(Math.floor(Date.now() / 1000) * 1000 + 6 * 3_600_000);
    await db.update(rfids).set({ expiresAt: end }).where(eq(rfids.uuid, w.idTag));
    const soon = await cs.ok<Answered>('Authorize', { idToken: card });
    expect(soon.idTokenInfo).toEqual({ status: 'Accepted', cacheExpiryDateTime: end.toISOString() });
    // A card valid for a year: still one day at most.
    await db
      .update(rfids)
      .set({ expiresAt: new Date(Date.now() + 365 * DAY) })
      .where(eq(rfids.uuid, w.idTag));
    const year = await cs.ok<Answered>('Authorize', { idToken: card });
    expect(Date.parse(year.idTokenInfo.cacheExpiryDateTime)).toBeLessThanOrEqual(Date.now() + DAY + 1000);
    cs.close();
  });

  it('answers Blocked to a Started sent offline for a card blocked since, and marks the session so', async () => {
    const w = await aStation();
    await db.update(rfids).set({ status: 'blocked', blockedAt: new Date() }).where(eq(rfids.uuid, w.idTag));
    const cs = await connect201(w.uid);
    const answer = await cs.ok<Answered>('TransactionEvent', {
      ...event(w, 'TX-OFFLINE-BLOCKED', 'Started', 0),
      offline: true,
      meterValue: [reading(at(0), 700, null, 'Transaction.Begin')],
    });
    // StopTxOnInvalidId: the station stops the transaction it started while offline.
    expect(answer.idTokenInfo.status).toBe('Blocked');
    expect(Date.parse(answer.idTokenInfo.cacheExpiryDateTime)).toBeLessThanOrEqual(Date.now() + DAY + 1000);
    const [row] = await sessionsOf(w.stationId);
    expect(row?.refusedStatus).toBe('Blocked');
    expect(row?.remark).toMatch(/^Refused at start \(Blocked\), started while the station was offline/);
    const kept = (await stub(w.uid).state()).transactions201['TX-OFFLINE-BLOCKED'];
    expect(kept).toMatchObject({ offline: true, sessionId: row?.id });
    cs.close();
  });
});
