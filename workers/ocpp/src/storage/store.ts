/** @module Typed access to the ChargePoint object's SQLite tables (see schema.ts). */
import type { Budget } from '@domain/charging-authorization/limits';
import type { MeterSample } from '@domain/ocpp/meter-values';
import { migrate, SCHEMA_ID, SCHEMA_KEY } from './schema';
import type { ObjectState, StateKey } from './state';

/** MeterValues outside any transaction are kept for diagnosis, but only the latest ones (about 2,000 samples). */
const MAX_FREE_MESSAGES = 200;
/** Free MeterValues written between two prunes of the free ones. */
const FREE_PRUNE_EVERY = 16;
/** Status changes per connector, for charging and parking time when no meter values come. */
const MAX_STATUS_EVENTS = 200;
/** Closed transactions are kept only to answer a replayed Start or Stop the same way. */
const MAX_CLOSED_TRANSACTIONS = 100;

export interface ConnectorState {
  connectorId: number;
  status: string;
  errorCode: string;
  info: string | null;
  vendorId: string | null;
  vendorErrorCode: string | null;
  timestamp: string | null;
  receivedAt: number;
}

export interface TransactionState {
  transactionId: number;
  startKey: string;
  connectorId: number;
  idTag: string;
  meterStart: number;
  startedAt: number;
  startReply: unknown;
  /** The StopTransaction as received, once it has been (the close may still be pending). */
  stop: unknown | null;
  stopReply: unknown | null;
  /** Closed by its StopTransaction, or (with `stop` null) ended without one (ADR 040). */
  closed: boolean;
}

/** A transaction's energy budget (users with limits only) and the stop sent once it was used up. */
export interface TransactionLimit {
  transactionId: number;
  budget: Budget;
  stopRequestedAt: number | null;
  stopResult: unknown | null;
}

export interface PendingCall {
  messageId: string;
  action: string;
  sentAt: number;
  timeoutAt: number;
}

type Row = Record<string, SqlStorageValue>;
/** A stored sample: [at, measurand, phase, context, location, unit, format, value]; a time that did not parse is null. */
type SampleRow = [number | null, string, string | null, string, string, string, string, string];

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
const CACHED_KEYS: ReadonlySet<StateKey> = new Set<StateKey>(['heartbeatInterval', 'd1SeenAt', DUTY_DUE]);

function structuredCloneIfObject(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? structuredClone(v) : v;
}

export class Store {
  /** Free samples written since the last prune in this object life. */
  private freeSincePrune = 0;
  /**
   * Transactions and budgets by id as last read or written (null: known absent), so the MeterValues
   * of an open transaction read neither table. Only this class writes them: each writer below
   * forgets the entries it touches; a new object life starts empty.
   */
  private readonly txCache = new Map<number, TransactionState | null>();
  private readonly limitCache = new Map<number, TransactionLimit | null>();
  /** The values of CACHED_KEYS as last read or written (null: known absent). */
  private readonly kvCache = new Map<string, unknown>();

  constructor(
    private readonly sql: SqlStorage,
    /** Whether the caller knows the tables are there (Store.wake); otherwise they are checked now. */
    migrated = false,
  ) {
    if (!migrated) migrate(sql);
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

  putConnector(c: ConnectorState): void {
    this.sql.exec(
      `INSERT OR REPLACE INTO connectors
       (connector_id, status, error_code, info, vendor_id, vendor_error_code, timestamp, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      c.connectorId,
      c.status,
      c.errorCode,
      c.info,
      c.vendorId,
      c.vendorErrorCode,
      c.timestamp,
      c.receivedAt,
    );
  }

  /** Forgets every connector's reported state (a boot: the charge point reports them again). */
  clearConnectors(): void {
    this.sql.exec('DELETE FROM connectors');
  }

  connectors(): ConnectorState[] {
    return this.sql
      .exec<Row>('SELECT * FROM connectors ORDER BY connector_id')
      .toArray()
      .map((r) => ({
        connectorId: Number(r.connector_id),
        status: String(r.status),
        errorCode: String(r.error_code),
        info: (r.info as string | null) ?? null,
        vendorId: (r.vendor_id as string | null) ?? null,
        vendorErrorCode: (r.vendor_error_code as string | null) ?? null,
        timestamp: (r.timestamp as string | null) ?? null,
        receivedAt: Number(r.received_at),
      }));
  }

  addStatusEvent(connectorId: number, status: string, at: number): void {
    this.sql.exec('INSERT INTO status_events (connector_id, status, at) VALUES (?, ?, ?)', connectorId, status, at);
    this.sql.exec(
      `DELETE FROM status_events WHERE connector_id = ?1 AND id NOT IN
       (SELECT id FROM status_events WHERE connector_id = ?1 ORDER BY id DESC LIMIT ?2)`,
      connectorId,
      MAX_STATUS_EVENTS,
    );
  }

  statusEvents(connectorId: number): { at: number; status: string }[] {
    return this.sql
      .exec<{ at: number; status: string }>(
        'SELECT at, status FROM status_events WHERE connector_id = ? ORDER BY at, id',
        connectorId,
      )
      .toArray()
      .map((r) => ({ at: Number(r.at), status: String(r.status) }));
  }

  insertTransaction(t: Omit<TransactionState, 'stop' | 'stopReply' | 'closed'>): void {
    this.txCache.delete(t.transactionId);
    this.sql.exec(
      `INSERT OR IGNORE INTO transactions
       (transaction_id, start_key, connector_id, id_tag, meter_start, started_at, start_reply)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      t.transactionId,
      t.startKey,
      t.connectorId,
      t.idTag,
      t.meterStart,
      t.startedAt,
      JSON.stringify(t.startReply),
    );
  }

  transactionByStartKey(startKey: string): TransactionState | null {
    return this.transactionWhere('start_key = ?', startKey);
  }

  transaction(id: number): TransactionState | null {
    const cached = this.txCache.get(id);
    if (cached !== undefined) return cached === null ? null : { ...cached };
    const tx = this.transactionWhere('transaction_id = ?', id);
    this.txCache.set(id, tx);
    return tx === null ? null : { ...tx };
  }

  /** Forgets what was read: for tests that change the object's storage behind its back (as a reset would). */
  forgetCached(): void {
    this.txCache.clear();
    this.limitCache.clear();
    this.kvCache.clear();
  }

  private transactionWhere(where: string, value: SqlStorageValue): TransactionState | null {
    const row = this.sql.exec<Row>(`SELECT * FROM transactions WHERE ${where}`, value).toArray()[0];
    return row ? toTransaction(row) : null;
  }

  openTransactions(): TransactionState[] {
    return this.sql
      .exec<Row>('SELECT * FROM transactions WHERE closed = 0 ORDER BY transaction_id')
      .toArray()
      .map(toTransaction);
  }

  /** The stop as received is kept first, so a crash before the D1 close can be finished on retry. */
  recordStop(id: number, stop: unknown): void {
    this.txCache.delete(id);
    this.sql.exec(
      'UPDATE transactions SET stop_json = ? WHERE transaction_id = ? AND stop_json IS NULL',
      JSON.stringify(stop),
      id,
    );
  }

  markClosed(id: number, stopReply: unknown): void {
    // Older closed transactions are deleted below too: forget them all.
    this.txCache.clear();
    this.limitCache.delete(id);
    this.sql.exec(
      'UPDATE transactions SET closed = 1, stop_reply = ? WHERE transaction_id = ?',
      JSON.stringify(stopReply),
      id,
    );
    // The power curve now lives in D1; the raw samples would only grow the object.
    this.sql.exec('DELETE FROM meter_messages WHERE transaction_id = ?', id);
    this.sql.exec('DELETE FROM transaction_limits WHERE transaction_id = ?', id);
    this.pruneClosed();
  }

  /**
   * Closes a transaction that ended without its StopTransaction (ADR 040): no stop is recorded, and
   * its samples stay until it is pruned, so a StopTransaction arriving later can still correct it.
   */
  markEnded(id: number): void {
    this.txCache.clear();
    this.limitCache.delete(id);
    this.sql.exec('UPDATE transactions SET closed = 1 WHERE transaction_id = ? AND stop_json IS NULL', id);
    this.sql.exec('DELETE FROM transaction_limits WHERE transaction_id = ?', id);
    this.pruneClosed();
  }

  /** Keeps the newest MAX_CLOSED_TRANSACTIONS closed transactions; the samples of older ones go with them. */
  private pruneClosed(): void {
    const old = `SELECT transaction_id FROM transactions WHERE closed = 1 AND transaction_id NOT IN
       (SELECT transaction_id FROM transactions WHERE closed = 1 ORDER BY transaction_id DESC LIMIT ?)`;
    this.sql.exec(`DELETE FROM meter_messages WHERE transaction_id IN (${old})`, MAX_CLOSED_TRANSACTIONS);
    this.sql.exec(`DELETE FROM transactions WHERE transaction_id IN (${old})`, MAX_CLOSED_TRANSACTIONS);
  }

  putLimit(transactionId: number, budget: Budget): void {
    this.limitCache.delete(transactionId);
    this.sql.exec(
      'INSERT OR IGNORE INTO transaction_limits (transaction_id, budget) VALUES (?, ?)',
      transactionId,
      // A tariff's unlimited free parking is Infinity, which JSON would turn into null.
      JSON.stringify(budget, (_k, v) => (v === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : v)),
    );
  }

  /** Replaces the budget of an open transaction (a refresh, ADR 028); the stop claim is kept. */
  updateLimit(transactionId: number, budget: Budget): void {
    this.limitCache.delete(transactionId);
    this.sql.exec(
      'UPDATE transaction_limits SET budget = ? WHERE transaction_id = ?',
      JSON.stringify(budget, (_k, v) => (v === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : v)),
      transactionId,
    );
  }

  limit(transactionId: number): TransactionLimit | null {
    const cached = this.limitCache.get(transactionId);
    if (cached !== undefined) return cached === null ? null : { ...cached, budget: structuredClone(cached.budget) };
    const read = this.readLimit(transactionId);
    this.limitCache.set(transactionId, read);
    return read === null ? null : { ...read, budget: structuredClone(read.budget) };
  }

  private readLimit(transactionId: number): TransactionLimit | null {
    const row = this.sql
      .exec<Row>('SELECT * FROM transaction_limits WHERE transaction_id = ?', transactionId)
      .toArray()[0];
    if (!row) return null;
    return {
      transactionId: Number(row.transaction_id),
      budget: JSON.parse(String(row.budget)) as Budget,
      stopRequestedAt: row.stop_requested_at === null ? null : Number(row.stop_requested_at),
      stopResult: row.stop_result ? JSON.parse(String(row.stop_result)) : null,
    };
  }

  /**
   * Marks the stop as requested; false when it already was, unless that request got no answer and
   * was made before `staleBefore` (lost in an eviction, or unanswered).
   */
  claimLimitStop(transactionId: number, at: number, staleBefore: number): boolean {
    this.limitCache.delete(transactionId);
    return (
      this.sql.exec(
        `UPDATE transaction_limits SET stop_requested_at = ?1, stop_result = NULL WHERE transaction_id = ?2
         AND (stop_requested_at IS NULL OR (stop_result IS NULL AND stop_requested_at <= ?3))`,
        at,
        transactionId,
        staleBefore,
      ).rowsWritten > 0
    );
  }

  /** Keeps the outcome; one the charge point never answered (offline, timeout) leaves the stop open to a retry. */
  recordLimitStopResult(transactionId: number, result: unknown, answered: boolean): void {
    this.limitCache.delete(transactionId);
    this.sql.exec(
      `UPDATE transaction_limits SET stop_result = ?1,
         stop_requested_at = CASE WHEN ?2 THEN stop_requested_at ELSE NULL END
       WHERE transaction_id = ?3`,
      JSON.stringify(result),
      answered ? 1 : 0,
      transactionId,
    );
  }

  /**
   * One row per MeterValues whatever its number of samples: the samples as one JSON array, parsed
   * only when the power curve is read (`samples`). One table write and one index write per message.
   */
  addSamples(connectorId: number, transactionId: number | null, samples: readonly MeterSample[]): void {
    if (samples.length === 0) return;
    const rows = JSON.stringify(
      samples.map((s) => [s.at, s.measurand, s.phase, s.context, s.location, s.unit, s.format, s.value]),
    );
    const insert = 'INSERT INTO meter_messages (transaction_id, connector_id, samples) VALUES (?, ?, ?)';
    if (transactionId !== null) {
      this.sql.exec(insert, transactionId, connectorId, rows);
      return;
    }
    const { id } = this.sql.exec<{ id: number }>(`${insert} RETURNING id`, null, connectorId, rows).one();
    // The cap on free messages is enforced every FREE_PRUNE_EVERY free messages, not per message.
    // Counted in memory within an object life, and by id across lives (a free message whose id is a
    // multiple of FREE_PRUNE_EVERY): a hibernating object wakes with a fresh counter. Ids are dense
    // (only the oldest rows of a kind are deleted, the newest id stays), so a station whose messages
    // are all free prunes exactly every FREE_PRUNE_EVERY; with transactions in between, the in-memory
    // count still bounds an object life. The prune walks the transaction index, never the table.
    this.freeSincePrune++;
    if (this.freeSincePrune < FREE_PRUNE_EVERY && id % FREE_PRUNE_EVERY !== 0) return;
    this.freeSincePrune = 0;
    this.sql.exec(
      `DELETE FROM meter_messages WHERE transaction_id IS NULL AND id <=
       (SELECT id FROM meter_messages WHERE transaction_id IS NULL ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      MAX_FREE_MESSAGES,
    );
  }

  /** The samples of a transaction (null: the free ones), by time, in the order received within a time. */
  samples(transactionId: number | null): MeterSample[] {
    const rows = this.sql
      .exec<{ samples: string }>(
        'SELECT samples FROM meter_messages WHERE transaction_id IS ? ORDER BY id',
        transactionId,
      )
      .toArray();
    const out: MeterSample[] = [];
    for (const r of rows) {
      for (const [at, measurand, phase, context, location, unit, format, value] of JSON.parse(
        r.samples,
      ) as SampleRow[]) {
        out.push({ at: at ?? Number.NaN, measurand, phase, context, location, unit, format, value });
      }
    }
    // Stable: samples of one time keep their order of arrival (as `ORDER BY at, id` did).
    return out.sort((a, b) => (Number.isNaN(a.at) ? 0 : a.at) - (Number.isNaN(b.at) ? 0 : b.at));
  }

  /**
   * Calls of an earlier object life whose timeout passed (nobody waits for them any more) go when
   * the next call is added, and are never listed: no statement per wake for them.
   */
  addPendingCall(c: PendingCall, payload: unknown): void {
    this.sql.exec('DELETE FROM pending_calls WHERE timeout_at < ?', c.sentAt);
    this.sql.exec(
      'INSERT OR REPLACE INTO pending_calls (message_id, action, payload, sent_at, timeout_at) VALUES (?, ?, ?, ?, ?)',
      c.messageId,
      c.action,
      JSON.stringify(payload),
      c.sentAt,
      c.timeoutAt,
    );
  }

  /** The action and request of a call still awaiting its answer (for the frame log). */
  pendingCall(messageId: string): { action: string; payload: unknown } | null {
    const row = this.sql
      .exec<{ action: string; payload: string }>(
        'SELECT action, payload FROM pending_calls WHERE message_id = ?',
        messageId,
      )
      .toArray()[0];
    return row ? { action: String(row.action), payload: JSON.parse(String(row.payload)) } : null;
  }

  /** Removes the pending call and says whether there was one. */
  takePendingCall(messageId: string): PendingCall | null {
    const row = this.sql.exec<Row>('SELECT * FROM pending_calls WHERE message_id = ?', messageId).toArray()[0];
    if (!row) return null;
    this.sql.exec('DELETE FROM pending_calls WHERE message_id = ?', messageId);
    return {
      messageId: String(row.message_id),
      action: String(row.action),
      sentAt: Number(row.sent_at),
      timeoutAt: Number(row.timeout_at),
    };
  }

  pendingCalls(): PendingCall[] {
    return this.sql
      .exec<Row>(
        'SELECT message_id, action, sent_at, timeout_at FROM pending_calls WHERE timeout_at >= ? ORDER BY sent_at',
        Date.now(),
      )
      .toArray()
      .map((r) => ({
        messageId: String(r.message_id),
        action: String(r.action),
        sentAt: Number(r.sent_at),
        timeoutAt: Number(r.timeout_at),
      }));
  }
}

/** Whether a stored StartTransaction reply accepted the transaction (a refused one is recorded, ADR 040). */
export function isAccepted(startReply: unknown): boolean {
  return (startReply as { idTagInfo?: { status?: unknown } } | null)?.idTagInfo?.status === 'Accepted';
}

function toTransaction(r: Row): TransactionState {
  return {
    transactionId: Number(r.transaction_id),
    startKey: String(r.start_key),
    connectorId: Number(r.connector_id),
    idTag: String(r.id_tag),
    meterStart: Number(r.meter_start),
    startedAt: Number(r.started_at),
    startReply: JSON.parse(String(r.start_reply)),
    stop: r.stop_json ? JSON.parse(String(r.stop_json)) : null,
    stopReply: r.stop_reply ? JSON.parse(String(r.stop_reply)) : null,
    closed: Number(r.closed) === 1,
  };
}
