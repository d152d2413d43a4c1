/**
 * The MeterValues write path (ADR 010, addendum on the MeterValues write path): the samples of one message in one row, the
 * CALL and its reply in one INSERT, no per-frame last-seen write, the open transaction read from
 * memory. What the charge point was answered must be in storage: an eviction right after the reply
 * loses nothing, and the object's view after the eviction is the same as before it.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StationLogEntry } from '../../domain/ocpp/station-log';
import { chargingSessions } from '../../drizzle/schema';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, iso, stub } from './helpers';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
const min = (n: number) => T0 + n * 60_000;

/** Every kind of sample: measurands, phases, contexts, locations, units, a signed value with quotes. */
function manySamples(at: number, wh: number) {
  return [
    {
      timestamp: iso(at),
      sampledValue: [
        { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
        { value: '7.4', measurand: 'Power.Active.Import', unit: 'kW' },
        { value: '231.5', measurand: 'Voltage', phase: 'L1-N', unit: 'V', location: 'Inlet' },
        { value: '16.1', measurand: 'Current.Import', phase: 'L1', unit: 'A' },
        { value: '15.9', measurand: 'Current.Import', phase: 'L2', unit: 'A' },
        { value: '16.0', measurand: 'Current.Import', phase: 'L3', unit: 'A' },
        { value: '41', measurand: 'SoC', unit: 'Percent', location: 'EV', context: 'Trigger' },
        { value: '28.5', measurand: 'Temperature', unit: 'Celsius', location: 'Body' },
        { value: 'a "signed" \\ blob', measurand: 'Energy.Active.Import.Register', format: 'SignedData' },
      ],
    },
    { timestamp: iso(at + 1000), sampledValue: [{ value: String(wh + 3) }] },
  ];
}

/** The samples as the object keeps them, oldest first. */
function storedSamples(uid: string, transactionId: number | null) {
  return runInDurableObject(stub(uid), (_i: ChargePoint, state) =>
    state.storage.sql
      .exec(
        `SELECT transaction_id, connector_id, s.value ->> 0 AS at, s.value ->> 1 AS measurand, s.value ->> 2 AS phase,
                s.value ->> 3 AS context, s.value ->> 4 AS location, s.value ->> 5 AS unit, s.value ->> 6 AS format,
                s.value ->> 7 AS value
         FROM meter_messages m, json_each(m.samples) s WHERE transaction_id IS ? ORDER BY m.id, s.key`,
        transactionId,
      )
      .toArray(),
  );
}

const EXPECTED = (tx: number | null, connector: number, at: number, wh: number) => [
  [tx, connector, at, 'Energy.Active.Import.Register', null, 'Sample.Periodic', 'Outlet', 'Wh', 'Raw', String(wh)],
  [tx, connector, at, 'Power.Active.Import', null, 'Sample.Periodic', 'Outlet', 'kW', 'Raw', '7.4'],
  [tx, connector, at, 'Voltage', 'L1-N', 'Sample.Periodic', 'Inlet', 'V', 'Raw', '231.5'],
  [tx, connector, at, 'Current.Import', 'L1', 'Sample.Periodic', 'Outlet', 'A', 'Raw', '16.1'],
  [tx, connector, at, 'Current.Import', 'L2', 'Sample.Periodic', 'Outlet', 'A', 'Raw', '15.9'],
  [tx, connector, at, 'Current.Import', 'L3', 'Sample.Periodic', 'Outlet', 'A', 'Raw', '16.0'],
  [tx, connector, at, 'SoC', null, 'Trigger', 'EV', 'Percent', 'Raw', '41'],
  [tx, connector, at, 'Temperature', null, 'Sample.Periodic', 'Body', 'Celsius', 'Raw', '28.5'],
  [
    tx,
    connector,
    at,
    'Energy.Active.Import.Register',
    null,
    'Sample.Periodic',
    'Outlet',
    'Wh',
    'SignedData',
    'a "signed" \\ blob',
  ],
  [
    tx,
    connector,
    at + 1000,
    'Energy.Active.Import.Register',
    null,
    'Sample.Periodic',
    'Outlet',
    'Wh',
    'Raw',
    String(wh + 3),
  ],
];

const asRows = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r));

describe('MeterValues write path', () => {
  it('keeps every sample and both frames when the object is evicted right after the reply', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 2,
      idTag: w.idTag,
      meterStart: 100,
      timestamp: iso(min(0)),
    });
    const sentAt = Date.now();
    const reply = await cp.call('MeterValues', { connectorId: 2, transactionId, meterValue: manySamples(min(5), 900) });
    expect(reply[0]).toBe(3);
    await evictDurableObject(stub(w.uid));
    expect(asRows(await storedSamples(w.uid, transactionId))).toEqual(EXPECTED(transactionId, 2, min(5), 900));
    // The CALL and its CALLRESULT, one after the other.
    const log = (await stub(w.uid).frameLog({ limit: 200 })) as StationLogEntry[];
    const pair = log.filter((e) => e.messageId === reply[1]);
    expect(pair.map((e) => [e.direction, e.messageType, e.action, e.connectorId])).toEqual([
      ['in', 2, 'MeterValues', 2],
      ['out', 3, 'MeterValues', 2],
    ]);
    expect(log.indexOf(pair[1] as StationLogEntry)).toBe(log.indexOf(pair[0] as StationLogEntry) + 1);
    // Last seen survives the eviction: the time the MeterValues arrived (read from the frame log).
    const state = await stub(w.uid).state();
    expect(Date.parse(state.lastSeen ?? '')).toBeGreaterThanOrEqual(sentAt - 1);
    expect(state.lastSeen).toBe((pair[0] as StationLogEntry).at);
    expect(state.openTransactions.map((t) => t.transactionId)).toEqual([transactionId]);
    // The stop after the eviction builds the curve from those samples.
    await cp.ok('StopTransaction', { transactionId, meterStop: 1000, timestamp: iso(min(10)) });
    const [row] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, transactionId));
    expect(row).toMatchObject({ status: 'closed', energyWh: 900 });
    expect((JSON.parse(row?.meterCurveJson ?? '[]') as unknown[])[0]).toEqual([min(5), 7400, 900]);
    cp.close();
  });

  it('keeps samples outside a transaction, and after the stop a late MeterValues joins them', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('MeterValues', { connectorId: 1, meterValue: manySamples(min(1), 50) });
    await evictDurableObject(stub(w.uid));
    expect(asRows(await storedSamples(w.uid, null))).toEqual(EXPECTED(null, 1, min(1), 50));

    // The open transaction is read once and then held in memory; its close must be seen at once.
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 100,
      timestamp: iso(min(2)),
    });
    await cp.ok('MeterValues', { connectorId: 1, transactionId, meterValue: manySamples(min(3), 200) });
    await cp.ok('StopTransaction', { transactionId, meterStop: 300, timestamp: iso(min(4)) });
    await cp.ok('MeterValues', { connectorId: 1, transactionId, meterValue: manySamples(min(5), 300) });
    expect(await storedSamples(w.uid, transactionId)).toEqual([]);
    const free = asRows(await storedSamples(w.uid, null));
    expect(free).toEqual([...EXPECTED(null, 1, min(1), 50), ...EXPECTED(null, 1, min(5), 300)]);
    cp.close();
  });

  it('logs a refused MeterValues and its CALLERROR, and stores nothing of it', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const reply = await cp.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: 'yesterday' }] });
    expect(reply[0]).toBe(4);
    const log = ((await stub(w.uid).frameLog({ limit: 200 })) as StationLogEntry[]).filter(
      (e) => e.messageId === reply[1],
    );
    expect(log.map((e) => [e.direction, e.messageType, e.errorCode])).toEqual([
      ['in', 2, null],
      ['out', 4, reply[2]],
    ]);
    expect(await storedSamples(w.uid, null)).toEqual([]);
    cp.close();
  });
});
