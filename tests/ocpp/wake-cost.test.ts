/**
 * What waking an evicted (hibernated) ChargePoint costs on its first MeterValues, counted: every SQL
 * statement the new object life runs (constructor included) until the reply. A station that talks
 * every few seconds may be woken for every message (hibernation), so this is its per-message cost.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, stub } from './helpers';

describe('waking an evicted ChargePoint', () => {
  it('counts the statements of the first MeterValues after an eviction', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    const texts = new Map<string, number>();
    let restore: () => void = () => {};
    await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) => {
      const proto = Object.getPrototypeOf(state.storage.sql) as { exec: (...a: unknown[]) => unknown };
      const exec = proto.exec;
      proto.exec = function (this: unknown, query: unknown, ...args: unknown[]) {
        const text = String(query).replace(/\s+/g, ' ').trim().slice(0, 70);
        texts.set(text, (texts.get(text) ?? 0) + 1);
        return exec.call(this, query, ...args);
      };
      restore = () => {
        proto.exec = exec;
      };
    });
    const N = 20;
    for (let i = 0; i < N; i++) {
      await evictDurableObject(stub(w.uid));
      await cp.ok('MeterValues', {
        connectorId: 1,
        meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: String(i) }] }],
      });
    }
    restore();
    const perWake = [...texts].map(([t, n]) => `${(n / N).toFixed(2)}× ${t}`);
    const total = [...texts.values()].reduce((a, b) => a + b, 0) / N;
    console.log(`[ocpp] statements per wake + MeterValues: ${total.toFixed(1)}\n${perWake.join('\n')}`);
    // Was 22: thirteen CREATE … IF NOT EXISTS, five kv reads, and a prune of the free samples
    // (a scan of up to 2,000 rows) on every wake.
    // Then 5: the schema check (sqlite_master) and a DELETE of expired pending calls went (ADR 034,
    // fifth addendum); what is left is the wake keys, the samples and the frame log.
    expect(total).toBeLessThanOrEqual(3.5);
    expect([...texts.keys()].some((t) => t.startsWith('CREATE'))).toBe(false);
    expect([...texts.keys()].some((t) => t.includes('sqlite_master'))).toBe(false);
    expect([...texts.keys()].some((t) => t.startsWith('DELETE FROM pending_calls'))).toBe(false);
    // The free-sample prune runs for one message in 16 (by id), not on every wake.
    const prunes = [...texts]
      .filter(([t]) => t.startsWith('DELETE FROM meter_messages'))
      .reduce((a, [, n]) => a + n, 0);
    expect(prunes).toBeLessThanOrEqual(Math.ceil(N / 16));
    cp.close();
  });
});
