/**
 * OCPP 2.0.1 transactions started before anyone is authorized (issue 23 part 2, ADR 058 addendum): the
 * cable is plugged in first (TransactionEvent Started, triggerReason CablePluggedIn, no idToken) and the
 * driver presents a card later (Authorize, then Updated with the idToken). One session opens then, from
 * the plug-in's start; NoAuthorization stays Invalid (the product has no free-charging setting).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import { aStation, db, iso, stub } from './helpers';
import { connect201, reading } from './helpers-201';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const at = (m: number) => iso(T0 + m * 60_000);

async function sessionsOf(stationId: number) {
  return db.select().from(chargingSessions).where(eq(chargingSessions.stationId, stationId));
}

function plugIn(txId: string, wh: number, evseId = 1) {
  return {
    eventType: 'Started',
    timestamp: at(0),
    triggerReason: 'CablePluggedIn',
    seqNo: 0,
    transactionInfo: { transactionId: txId, chargingState: 'EVConnected' },
    evse: { id: evseId, connectorId: 1 },
    meterValue: [reading(at(0), wh, null, 'Transaction.Begin')],
  };
}

function updated(txId: string, seqNo: number, m: number, wh: number, extra: Record<string, unknown> = {}) {
  return {
    eventType: 'Updated',
    timestamp: at(m),
    triggerReason: 'MeterValuePeriodic',
    seqNo,
    transactionInfo: { transactionId: txId, chargingState: 'Charging' },
    meterValue: [reading(at(m), wh, 11_000)],
    ...extra,
  };
}

function ended(txId: string, seqNo: number, m: number, wh: number, extra: Record<string, unknown> = {}) {
  return {
    eventType: 'Ended',
    timestamp: at(m),
    triggerReason: 'EVCommunicationLost',
    seqNo,
    transactionInfo: { transactionId: txId, stoppedReason: 'EVDisconnected' },
    meterValue: [reading(at(m), wh, 0, 'Transaction.End')],
    ...extra,
  };
}

describe('a 2.0.1 transaction started without an idToken', () => {
  it('opens its session when the idToken comes, from the plug-in time and reading, with the readings before it', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-PLUG-FIRST';
    expect(await cs.ok('TransactionEvent', plugIn(tx, 1000, 2))).toEqual({});
    // A reading while waiting for the card (the EV may draw under the station's own rules).
    expect(await cs.ok('TransactionEvent', updated(tx, 1, 2, 1010))).toEqual({});
    expect(await sessionsOf(w.stationId)).toEqual([]);
    const waiting = (await stub(w.uid).state()).transactions201[tx];
    expect(waiting).toMatchObject({ sessionId: null, pending: { evseId: 2, startedAt: at(0), meterStart: 1000 } });

    const card = { idToken: w.idTag, type: 'ISO14443' };
    expect(await cs.ok('Authorize', { idToken: card })).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
    const authorized = await cs.ok('TransactionEvent', {
      ...updated(tx, 2, 5, 1100),
      triggerReason: 'Authorized',
      idToken: card,
    });
    expect(authorized).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
    const [open] = await sessionsOf(w.stationId);
    expect(open).toMatchObject({
      status: 'in_progress',
      connectorNumber: 2,
      authId: w.idTag,
      meterStartWh: 1000,
      refusedStatus: null,
    });
    expect(open?.startAt.getTime()).toBe(T0);
    expect(open?.userId).not.toBeNull();

    await cs.ok('TransactionEvent', updated(tx, 3, 20, 3000));
    await cs.ok('TransactionEvent', ended(tx, 4, 30, 4000));
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'closed', meterStartWh: 1000, meterStopWh: 4000, energyWh: 3000 });
    expect(rows[0]?.durationS).toBe(30 * 60);
    // The reading sent before the card (minute 2) is in the session's curve.
    const curve = JSON.parse(rows[0]?.meterCurveJson ?? '[]') as [number, number, number][];
    expect(curve.map((p) => p[0])).toContain(T0 + 2 * 60_000);
    expect((await stub(w.uid).state()).transactions201[tx]).toMatchObject({ sessionId: rows[0]?.id });
    expect((await stub(w.uid).state()).transactions201[tx]?.pending).toBeUndefined();
    cs.close();
  });

  it('opens no session for a plug-in and unplug without card and without energy', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-PLUG-ONLY';
    await cs.ok('TransactionEvent', plugIn(tx, 500));
    expect(await cs.ok('TransactionEvent', ended(tx, 1, 3, 500))).toEqual({});
    expect(await sessionsOf(w.stationId)).toEqual([]);
    const kept = (await stub(w.uid).state()).transactions201[tx];
    expect(kept).toMatchObject({ sessionId: null, seqNos: [0, 1], endedUnopened: true });
    expect(kept?.pending).toBeUndefined();
    // A late event of it (offline replay) with a card opens nothing that would never close.
    const late = await cs.ok('TransactionEvent', {
      ...updated(tx, 2, 1, 500),
      triggerReason: 'Authorized',
      idToken: { idToken: w.idTag, type: 'ISO14443' },
    });
    expect(late).toMatchObject({ idTokenInfo: { status: 'Accepted' } });
    expect(await sessionsOf(w.stationId)).toEqual([]);
    cs.close();
  });

  it('keeps energy charged without any idToken as a refused session', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-NO-CARD-ENERGY';
    await cs.ok('TransactionEvent', plugIn(tx, 500));
    await cs.ok('TransactionEvent', updated(tx, 1, 10, 1500));
    await cs.ok('TransactionEvent', ended(tx, 2, 20, 2500));
    const rows = await sessionsOf(w.stationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'closed', refusedStatus: 'Invalid', meterStartWh: 500, energyWh: 2000 });
    cs.close();
  });

  it('answers NoAuthorization Invalid and records the transaction as refused', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const answer = await cs.ok('TransactionEvent', {
      ...plugIn('TX-NOAUTH', 700),
      triggerReason: 'Authorized',
      idToken: { idToken: '', type: 'NoAuthorization' },
    });
    expect(answer).toMatchObject({ idTokenInfo: { status: 'Invalid' } });
    const [row] = await sessionsOf(w.stationId);
    expect(row?.refusedStatus).toBe('Invalid');
    cs.close();
  });

  it('takes the start from a Started that arrives after the Updated bringing the idToken', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const tx = 'TX-PLUG-LATE';
    // Offline replay: the plug-in's Started comes last.
    await cs.ok('TransactionEvent', { ...updated(tx, 1, 5, 1200), evse: { id: 1 } });
    await cs.ok('TransactionEvent', {
      ...updated(tx, 2, 6, 1300),
      triggerReason: 'Authorized',
      idToken: { idToken: w.idTag, type: 'ISO14443' },
    });
    await cs.ok('TransactionEvent', plugIn(tx, 1000));
    const [row] = await sessionsOf(w.stationId);
    expect(row).toMatchObject({ status: 'in_progress', meterStartWh: 1000, refusedStatus: null });
    expect(row?.startAt.getTime()).toBe(T0);
    cs.close();
  });
});
