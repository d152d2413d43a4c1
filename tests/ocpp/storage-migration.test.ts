/**
 * An object whose storage has the layout before ADR 034's second addendum (`frame_log` with
 * AUTOINCREMENT ids and a time index, `meter_samples` with one row per sample) moves its data to the
 * new tables (`frames` keyed by time, `meter_messages` with one row per MeterValues) once, when it
 * wakes, and then answers from them: the station log and the power curve of an open transaction.
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

const tables = (sql: SqlStorage) =>
  sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .toArray()
    .map((r) => r.name);

describe('ChargePoint storage migration', () => {
  it('moves the old frame log and per-sample rows to the new tables on wake, and reads them', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 100,
      timestamp: iso(min(0)),
    });
    // Rewind the object's storage to the old layout, with old rows, as an object created before this change has it.
    await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) => {
      const sql = state.storage.sql;
      sql.exec('DROP TABLE frames');
      sql.exec('DROP TABLE meter_messages');
      // Such an object has no schema marker either (Store.wake): its first wake checks the tables.
      sql.exec("DELETE FROM kv WHERE key = 'schema'");
      sql.exec(`CREATE TABLE frame_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, direction TEXT NOT NULL,
        message_type INTEGER, message_id TEXT, action TEXT, connector_id INTEGER, error_code TEXT,
        event_type TEXT NOT NULL, frame TEXT)`);
      sql.exec('CREATE INDEX frame_log_at ON frame_log (at)');
      sql.exec(`CREATE TABLE meter_samples (
        id INTEGER PRIMARY KEY AUTOINCREMENT, transaction_id INTEGER, connector_id INTEGER NOT NULL,
        at INTEGER NOT NULL, measurand TEXT NOT NULL, phase TEXT, context TEXT NOT NULL, location TEXT NOT NULL,
        unit TEXT NOT NULL, format TEXT NOT NULL, value TEXT NOT NULL)`);
      const frame = (at: number, direction: string, type: number, id: string, error: string | null) =>
        sql.exec(
          `INSERT INTO frame_log (at, direction, message_type, message_id, action, connector_id, error_code, event_type, frame)
           VALUES (?, ?, ?, ?, 'StatusNotification', 1, ?, 'StatusNotification', ?)`,
          at,
          direction,
          type,
          id,
          error,
          `[${type},"${id}"]`,
        );
      // Two frames in the same millisecond, and one written later with an earlier time (a clock step back).
      frame(min(1), 'in', 2, 'a', 'NoError');
      frame(min(1), 'out', 3, 'a', null);
      frame(min(3), 'in', 2, 'b', 'OverVoltage');
      frame(min(2), 'out', 3, 'c', null);
      const sample = (tx: number | null, at: number, measurand: string, value: string, phase: string | null = null) =>
        sql.exec(
          `INSERT INTO meter_samples (transaction_id, connector_id, at, measurand, phase, context, location, unit, format, value)
           VALUES (?, 1, ?, ?, ?, 'Sample.Periodic', 'Outlet', ?, 'Raw', ?)`,
          tx,
          at,
          measurand,
          phase,
          measurand === 'Power.Active.Import' ? 'W' : 'Wh',
          value,
        );
      sample(transactionId, min(5), 'Energy.Active.Import.Register', '600');
      sample(transactionId, min(5), 'Power.Active.Import', '7000');
      sample(transactionId, min(6), 'Energy.Active.Import.Register', '700');
      sample(null, min(4), 'Energy.Active.Import.Register', '50');
    });
    await evictDurableObject(stub(w.uid));

    const log = (await stub(w.uid).frameLog({ limit: 200, from: min(0), to: min(10) })) as StationLogEntry[];
    expect(log.map((e) => [e.messageId, e.direction, e.at, e.errorCode])).toEqual([
      ['a', 'in', iso(min(1)), 'NoError'],
      ['a', 'out', iso(min(1)), null],
      ['c', 'out', iso(min(2)), null],
      ['b', 'in', iso(min(3)), 'OverVoltage'],
    ]);
    const after = (await stub(w.uid).frameLog({ limit: 200, from: min(2) + 1 })) as StationLogEntry[];
    expect(after.map((e) => e.messageId)).toEqual(['b']);
    const sql = await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) => ({
      tables: tables(state.storage.sql),
      free: state.storage.sql
        .exec<{ samples: string }>('SELECT samples FROM meter_messages WHERE transaction_id IS NULL')
        .toArray()
        .map((r) => JSON.parse(r.samples)),
    }));
    expect(sql.tables).not.toContain('frame_log');
    expect(sql.tables).not.toContain('meter_samples');
    expect(sql.tables).toEqual(expect.arrayContaining(['frames', 'meter_messages']));
    expect(sql.free).toEqual([
      [[min(4), 'Energy.Active.Import.Register', null, 'Sample.Periodic', 'Outlet', 'Wh', 'Raw', '50']],
    ]);

    // New frames go after the moved ones; the stop builds its curve from the moved samples.
    await cp.ok('StopTransaction', { transactionId, meterStop: 800, timestamp: iso(min(7)) });
    const [row] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, transactionId));
    const curve = JSON.parse(row?.meterCurveJson ?? '[]') as unknown[];
    expect(curve[0]).toEqual([min(5), 7000, 600]);
    expect(curve.length).toBeGreaterThanOrEqual(2);
    const all = (await stub(w.uid).frameLog({ limit: 200 })) as StationLogEntry[];
    expect(all.slice(-2).map((e) => [e.action, e.direction])).toEqual([
      ['StopTransaction', 'in'],
      ['StopTransaction', 'out'],
    ]);
    cp.close();
  });
});
