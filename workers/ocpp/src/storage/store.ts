/**
 * @module Typed access to the ChargePoint object's SQLite tables (see schema.ts): the `kv` state here,
 * each table group in its own module, which owns its SQL (connectors.ts, transactions.ts,
 * meter-values.ts, pending-calls.ts; the frame log and the schedules in frame-log.ts, schedules.ts).
 * Every module runs its statements on this Store's `sql`.
 */
import type { Budget } from '@domain/charging-authorization/limits';
import type { MeterSample } from '@domain/ocpp/meter-values';
import { type ConnectorState, ConnectorTables } from './connectors';
import { MeterMessageTable } from './meter-values';
import { type PendingCall, PendingCallTable } from './pending-calls';
import { migrate, SCHEMA_ID, SCHEMA_KEY, type SqlHost } from './schema';
import type { ObjectState, StateKey } from './state';
import { isAccepted, type TransactionLimit, type TransactionState, TransactionTables } from './transactions';

export type { ConnectorState, PendingCall, TransactionLimit, TransactionState };
export { isAccepted };

/**
 * `kv` key: the earliest due time of the ChargePoint alarm's duties other than the heartbeat timeout
 * (scheduled availability, certificate delivery, a log retry), or 'none'. Never later than the real
 * one: lowered whenever a duty is armed, computed afresh by the alarm (and once, by an object that
 * never kept it). What lets a wake move the heartbeat alarm later without reading the duties' tables.
 */
export const DUTY_DUE = 'dutyDue' satisfies StateKey;

/**
 * `kv` keys kept in memory once read or written: read on the hot path (the heartbeat timeout's
 * interval and DUTY_DUE on every wake, the D1 last-seen throttle on every Heartbeat) and written only
 * through `put`. Other keys are always read from storage (tests move `lastSeen` back behind the object's back).
 */
const CACHED_KEYS: ReadonlySet<StateKey> = new Set<StateKey>([
  'heartbeatInterval',
  'd1SeenAt',
  DUTY_DUE,
  // Read on every MeterValues (handlers/ocpi-session.ts).
  'ocpiTransactions',
]);

function structuredCloneIfObject(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? structuredClone(v) : v;
}

export class Store implements SqlHost {
  /** The values of CACHED_KEYS as last read or written (null: known absent). */
  private readonly kvCache = new Map<string, unknown>();
  private readonly connectorTables: ConnectorTables;
  private readonly transactions: TransactionTables;
  private readonly meterMessages: MeterMessageTable;
  private readonly calls: PendingCallTable;

  constructor(
    readonly sql: SqlStorage,
    /** Whether the caller knows the tables are there (Store.wake); otherwise they are checked now. */
    migrated = false,
  ) {
    if (!migrated) migrate(sql);
    this.connectorTables = new ConnectorTables(this);
    this.transactions = new TransactionTables(this);
    this.meterMessages = new MeterMessageTable(this);
    this.calls = new PendingCallTable(this);
  }

  /**
   * What an object does when it wakes: reads `keys` and the schema marker in one statement, and
   * migrates (creates what is missing) only when the marker is absent or names another layout, or
   * when there is no `kv` table yet (a new object).
   */
  static wake<K extends StateKey>(
    sql: SqlStorage,
    keys: readonly K[],
  ): { store: Store; kv: { [Key in K]: ObjectState[Key] | null } } {
    const store = new Store(sql, true);
    try {
      const kv = store.getMany([...keys, SCHEMA_KEY]);
      if (kv[SCHEMA_KEY] === SCHEMA_ID) return { store, kv };
    } catch (error) {
      // No kv table: a new object. Anything else is a real failure.
      if (!/no such table/i.test(String(error))) throw error;
    }
    migrate(sql);
    store.put(SCHEMA_KEY, SCHEMA_ID);
    return { store, kv: store.getMany(keys) };
  }

  /** Several keys in one statement (what an object reads when it wakes); absent keys are null. */
  getMany<K extends StateKey>(keys: readonly K[]): { [Key in K]: ObjectState[Key] | null } {
    const out = Object.fromEntries(keys.map((k) => [k, null])) as { [Key in K]: ObjectState[Key] | null };
    const rows = this.sql
      .exec<{ key: string; value: string }>(
        `SELECT key, value FROM kv WHERE key IN (${keys.map(() => '?').join(', ')})`,
        ...keys,
      )
      .toArray();
    for (const r of rows) out[r.key as K] = JSON.parse(r.value) as ObjectState[K];
    for (const k of keys) if (CACHED_KEYS.has(k)) this.kvCache.set(k, out[k]);
    return out;
  }

  get<K extends StateKey>(key: K): ObjectState[K] | null {
    const cached = this.kvCache.get(key);
    if (cached !== undefined) return structuredCloneIfObject(cached) as ObjectState[K] | null;
    const row = this.sql.exec<{ value: string }>('SELECT value FROM kv WHERE key = ?', key).toArray()[0];
    const value = row ? (JSON.parse(row.value) as ObjectState[K]) : null;
    if (CACHED_KEYS.has(key)) this.kvCache.set(key, value);
    return value;
  }

  put<K extends StateKey>(key: K, value: ObjectState[K] | null): void {
    this.sql.exec('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)', key, JSON.stringify(value));
    if (CACHED_KEYS.has(key)) this.kvCache.set(key, JSON.parse(JSON.stringify(value ?? null)));
  }

  /** Forgets what was read: for tests that change the object's storage behind its back (as a reset would). */
  forgetCached(): void {
    this.transactions.forgetCached();
    this.kvCache.clear();
  }

  // ---- connectors.ts ----
  putConnector(c: ConnectorState): void {
    this.connectorTables.put(c);
  }
  clearConnectors(): void {
    this.connectorTables.clear();
  }
  connectors(): ConnectorState[] {
    return this.connectorTables.all();
  }
  addStatusEvent(connectorId: number, status: string, at: number): void {
    this.connectorTables.addStatusEvent(connectorId, status, at);
  }
  statusEvents(connectorId: number): { at: number; status: string }[] {
    return this.connectorTables.statusEvents(connectorId);
  }

  // ---- transactions.ts ----
  insertTransaction(t: Omit<TransactionState, 'stop' | 'stopReply' | 'closed'>): void {
    this.transactions.insert(t);
  }
  transactionByStartKey(startKey: string): TransactionState | null {
    return this.transactions.byStartKey(startKey);
  }
  transaction(id: number): TransactionState | null {
    return this.transactions.get(id);
  }
  openTransactions(): TransactionState[] {
    return this.transactions.open();
  }
  correctStart(id: number, meterStart: number, startedAt: number): void {
    this.transactions.correctStart(id, meterStart, startedAt);
  }
  recordStop(id: number, stop: unknown): void {
    this.transactions.recordStop(id, stop);
  }
  markClosed(id: number, stopReply: unknown): void {
    this.transactions.markClosed(id, stopReply);
  }
  markEnded(id: number): void {
    this.transactions.markEnded(id);
  }
  putLimit(transactionId: number, budget: Budget): void {
    this.transactions.putLimit(transactionId, budget);
  }
  updateLimit(transactionId: number, budget: Budget): void {
    this.transactions.updateLimit(transactionId, budget);
  }
  limit(transactionId: number): TransactionLimit | null {
    return this.transactions.limit(transactionId);
  }
  claimLimitStop(transactionId: number, at: number, staleBefore: number): boolean {
    return this.transactions.claimLimitStop(transactionId, at, staleBefore);
  }
  recordLimitStopResult(transactionId: number, result: unknown, answered: boolean): void {
    this.transactions.recordLimitStopResult(transactionId, result, answered);
  }

  // ---- meter-values.ts ----
  addSamples(connectorId: number, transactionId: number | null, samples: readonly MeterSample[]): void {
    this.meterMessages.add(connectorId, transactionId, samples);
  }
  samples(transactionId: number | null): MeterSample[] {
    return this.meterMessages.samples(transactionId);
  }

  // ---- pending-calls.ts ----
  addPendingCall(c: PendingCall, payload: unknown): void {
    this.calls.add(c, payload);
  }
  pendingCall(messageId: string): { action: string; payload: unknown } | null {
    return this.calls.get(messageId);
  }
  takePendingCall(messageId: string): PendingCall | null {
    return this.calls.take(messageId);
  }
  pendingCalls(): PendingCall[] {
    return this.calls.list();
  }
}
