import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { flattenMeterValues } from '../domain/ocpp/meter-values';
import { idleReading, toMeterValue } from '../scripts/simulator/meter';
import { FrameLog } from '../workers/ocpp/src/storage/frame-log';
import { Store } from '../workers/ocpp/src/storage/store';
import { validatePayload } from '../workers/ocpp/src/transport/validation';

const p = {
  connectorId: 1,
  meterValue: [
    toMeterValue(idleReading({ powerType: 'AC', limitW: 22000 } as never, 1234567), 'Sample.Periodic', new Date()),
  ],
};
const text = JSON.stringify([2, 'abc', 'MeterValues', p]);
const N = 20000;
for (const [name, f] of [
  ['validate MeterValues.req', () => validatePayload('MeterValues', 'req', p)],
  ['validate MeterValues.conf', () => validatePayload('MeterValues', 'conf', {})],
  ['validate Heartbeat.req', () => validatePayload('Heartbeat', 'req', {})],
  ['JSON.parse frame', () => JSON.parse(text)],
  ['flattenMeterValues', () => flattenMeterValues(p.meterValue as never)],
] as const) {
  f();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) f();
  console.log(name.padEnd(30), (((performance.now() - t0) * 1000) / N).toFixed(2), 'µs/op');
}

// ---- The object's storage work per MeterValues, on Node's SQLite (the engine workerd embeds), in
// memory: the write path before ADR 010's addendum (one INSERT per sample, the CALL and the reply
// in two INSERTs, a kv upsert of lastSeen) against the current Store and FrameLog code. CPU only:
// workerd's commit (once per message in both) is not part of it.
const db = new DatabaseSync(':memory:');
const prepared = new Map<string, ReturnType<DatabaseSync['prepare']>>();
let statements = 0;
const sql = {
  exec(query: string, ...args: SqlArg[]) {
    statements++;
    let st = prepared.get(query);
    if (!st) {
      st = db.prepare(query);
      prepared.set(query, st);
    }
    const rows = st.all(...args) as Record<string, unknown>[];
    return { toArray: () => rows, one: () => rows[0], rowsWritten: 0 };
  },
} as unknown as SqlStorage;
type SqlArg = string | number | null;
const store = new Store(sql);
const frames = new FrameLog(sql, { maxAgeMs: 30 * 86_400_000, maxRows: 20_000 });
const samples = flattenMeterValues(p.meterValue as never);
const record = (direction: 'in' | 'out', frame: string) => ({
  at: Date.now(),
  direction,
  messageType: direction === 'in' ? 2 : 3,
  messageId: 'abc',
  action: 'MeterValues',
  connectorId: 1,
  errorCode: null,
  eventType: 'MeterValues' as const,
  frame,
});
const reply = JSON.stringify([3, 'abc', {}]);
const oldSample = `INSERT INTO meter_samples (transaction_id, connector_id, at, measurand, phase, context, location, unit, format, value)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const before = () => {
  sql.exec(
    'INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)',
    'lastSeen',
    JSON.stringify(new Date().toISOString()),
  );
  frames.write(record('in', text));
  for (const s of samples) {
    sql.exec(oldSample, 7, 1, s.at, s.measurand, s.phase, s.context, s.location, s.unit, s.format, s.value);
  }
  frames.write(record('out', reply));
};
const after = () => {
  store.addSamples(1, 7, samples);
  frames.writeAll([record('in', text), record('out', reply)]);
};
const M = 5000;
for (const [name, f] of [
  ['storage per MeterValues, before', before],
  ['storage per MeterValues, now', after],
  ['storage per MeterValues, before', before],
  ['storage per MeterValues, now', after],
] as const) {
  db.exec('BEGIN');
  for (let i = 0; i < 200; i++) f();
  db.exec('COMMIT');
  statements = 0;
  const t0 = performance.now();
  // One transaction per message, as workerd commits each message's writes.
  for (let i = 0; i < M; i++) {
    db.exec('BEGIN');
    f();
    db.exec('COMMIT');
  }
  const us = ((performance.now() - t0) * 1000) / M;
  console.log(name.padEnd(34), us.toFixed(2), 'µs/op,', (statements / M).toFixed(2), 'statements/op');
}
