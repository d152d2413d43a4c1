/**
 * What one MeterValues costs the ChargePoint object, counted rather than timed (load-independent):
 * SQL statements on the object's storage, rows they wrote, and D1 calls. The counts are printed
 * (`[ocpp] MeterValues cost …`) and bounded, so a change that adds a statement or a D1 round trip
 * to the hot path fails here. The mean time per message is printed for information only.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../drizzle/db';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, stub, type TestCharger } from './helpers';

interface Counts {
  statements: number;
  rowsWritten: number;
  d1: number;
  texts: Map<string, number>;
}

/** Routes the object's SQL and D1 through counters until `stop()`; returns the counts so far. */
async function countObject(uid: string) {
  const counts: Counts = { statements: 0, rowsWritten: 0, d1: 0, texts: new Map() };
  const cursors: { rowsWritten: number }[] = [];
  await runInDurableObject(stub(uid), (instance: ChargePoint, state) => {
    const sql = state.storage.sql;
    const counting = new Proxy(sql, {
      get(target, key) {
        if (key === 'exec') {
          return (query: string, ...args: SqlStorageValue[]) => {
            counts.statements += 1;
            const text = query.replace(/\s+/g, ' ').trim().slice(0, 60);
            counts.texts.set(text, (counts.texts.get(text) ?? 0) + 1);
            const cursor = target.exec(query, ...args);
            cursors.push(cursor);
            return cursor;
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const inner = instance as unknown as Record<string, { sql?: SqlStorage } | unknown>;
    for (const part of ['store', 'frames', 'schedules']) (inner[part] as { sql: SqlStorage }).sql = counting;
    const d1 = new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'prepare' || key === 'batch' || key === 'exec') counts.d1 += key === 'prepare' ? 0 : 1;
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (key !== 'prepare') return result;
          // A prepared statement counts when it runs (run/all/first/raw), not when it is built.
          return new Proxy(result as object, {
            get(st, k) {
              const v = Reflect.get(st, k, st);
              if (typeof v !== 'function') return v;
              return (...a: unknown[]) => {
                if (k === 'run' || k === 'all' || k === 'first' || k === 'raw') counts.d1 += 1;
                const r = (v as (...x: unknown[]) => unknown).apply(st, a);
                return k === 'bind' ? wrapStatement(r as object, counts) : r;
              };
            },
          });
        };
      },
    });
    inner.database = openDb(d1 as D1Database);
  });
  return () => ({
    ...counts,
    rowsWritten: cursors.reduce((n, c) => n + c.rowsWritten, 0),
  });
}

function wrapStatement(st: object, counts: Counts): object {
  return new Proxy(st, {
    get(target, k) {
      const v = Reflect.get(target, k, target);
      if (typeof v !== 'function') return v;
      return (...a: unknown[]) => {
        if (k === 'run' || k === 'all' || k === 'first' || k === 'raw') counts.d1 += 1;
        const r = (v as (...x: unknown[]) => unknown).apply(target, a);
        return k === 'bind' ? wrapStatement(r as object, counts) : r;
      };
    },
  });
}

/** The simulator's and the benchmark's sample: energy, power, voltage and three phase currents. */
function meterValue(wh: number, at = new Date()) {
  const s = (measurand: string, value: string, unit: string, phase?: string) => ({
    value,
    context: 'Sample.Periodic',
    format: 'Raw',
    measurand,
    location: 'Outlet',
    unit,
    ...(phase ? { phase } : {}),
  });
  return [
    {
      timestamp: at.toISOString(),
      sampledValue: [
        s('Energy.Active.Import.Register', String(wh), 'Wh'),
        s('Power.Active.Import', '11000', 'W'),
        s('Voltage', '230.0', 'V'),
        s('Current.Import', '16.0', 'A', 'L1'),
        s('Current.Import', '16.0', 'A', 'L2'),
        s('Current.Import', '16.0', 'A', 'L3'),
      ],
    },
  ];
}

async function costOf(uid: string, cp: TestCharger, n: number, payload: (i: number) => unknown) {
  // One message first, so the object's per-life caches are warm before counting.
  await cp.ok('MeterValues', payload(-1));
  const read = await countObject(uid);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await cp.ok('MeterValues', payload(i));
  const ms = (performance.now() - t0) / n;
  const c = read();
  return {
    statements: c.statements / n,
    rowsWritten: c.rowsWritten / n,
    d1: c.d1 / n,
    ms,
    texts: [...c.texts].map(([t, k]) => `${(k / n).toFixed(2)}× ${t}`),
  };
}

describe('MeterValues cost in the ChargePoint object', () => {
  it('outside a transaction: statements, rows written and D1 calls per message', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    const cost = await costOf(w.uid, cp, 200, (i) => ({ connectorId: 1, meterValue: meterValue(1000 + i) }));
    console.log('[ocpp] MeterValues cost, outside a transaction:', JSON.stringify(cost, null, 1));
    expect(cost.d1).toBe(0);
    // One INSERT for the six samples, one for the CALL and its reply; prunes now and then.
    expect(cost.statements).toBeLessThan(2.5);
    cp.close();
  });

  it('inside a transaction: statements, rows written and D1 calls per message', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    });
    const cost = await costOf(w.uid, cp, 200, (i) => ({
      connectorId: 1,
      transactionId,
      meterValue: meterValue(2000 + i),
    }));
    console.log('[ocpp] MeterValues cost, inside a transaction:', JSON.stringify(cost, null, 1));
    expect(cost.d1).toBe(0);
    // The open transaction and its budget are read once per object life, not per message.
    expect(cost.statements).toBeLessThan(2.5);
    await cp.ok('StopTransaction', { transactionId, meterStop: 3000, timestamp: new Date().toISOString() });
    cp.close();
  });
});
