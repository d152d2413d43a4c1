/**
 * @module The object's transactions and their energy budgets (tables `transactions`,
 * `transaction_limits`; a close also drops the transaction's samples from `meter_messages`).
 */
import type { Budget } from '@domain/charging-authorization/limits';
import type { SqlHost } from './schema';

/** Closed transactions are kept only to answer a replayed Start or Stop the same way. */
const MAX_CLOSED_TRANSACTIONS = 100;

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

type Row = Record<string, SqlStorageValue>;

export class TransactionTables {
  /**
   * Transactions and budgets by id as last read or written (null: known absent), so the MeterValues
   * of an open transaction read neither table. Only this class writes them: each writer below
   * forgets the entries it touches; a new object life starts empty.
   */
  private readonly txCache = new Map<number, TransactionState | null>();
  private readonly limitCache = new Map<number, TransactionLimit | null>();

  constructor(private readonly host: SqlHost) {}

  insert(t: Omit<TransactionState, 'stop' | 'stopReply' | 'closed'>): void {
    this.txCache.delete(t.transactionId);
    this.host.sql.exec(
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

  byStartKey(startKey: string): TransactionState | null {
    return this.where('start_key = ?', startKey);
  }

  get(id: number): TransactionState | null {
    const cached = this.txCache.get(id);
    if (cached !== undefined) return cached === null ? null : { ...cached };
    const tx = this.where('transaction_id = ?', id);
    this.txCache.set(id, tx);
    return tx === null ? null : { ...tx };
  }

  /** Forgets what was read (Store.forgetCached). */
  forgetCached(): void {
    this.txCache.clear();
    this.limitCache.clear();
  }

  private where(where: string, value: SqlStorageValue): TransactionState | null {
    const row = this.host.sql.exec<Row>(`SELECT * FROM transactions WHERE ${where}`, value).toArray()[0];
    return row ? toTransaction(row) : null;
  }

  open(): TransactionState[] {
    return this.host.sql
      .exec<Row>('SELECT * FROM transactions WHERE closed = 0 ORDER BY transaction_id')
      .toArray()
      .map(toTransaction);
  }

  /** A start learnt late (an OCPP 2.0.1 Started after a later event of its transaction, ADR 058). */
  correctStart(id: number, meterStart: number, startedAt: number): void {
    this.txCache.delete(id);
    this.host.sql.exec(
      'UPDATE transactions SET meter_start = ?, started_at = ? WHERE transaction_id = ?',
      meterStart,
      startedAt,
      id,
    );
  }

  /** The stop as received is kept first, so a crash before the D1 close can be finished on retry. */
  recordStop(id: number, stop: unknown): void {
    this.txCache.delete(id);
    this.host.sql.exec(
      'UPDATE transactions SET stop_json = ? WHERE transaction_id = ? AND stop_json IS NULL',
      JSON.stringify(stop),
      id,
    );
  }

  markClosed(id: number, stopReply: unknown): void {
    // Older closed transactions are deleted below too: forget them all.
    this.txCache.clear();
    this.limitCache.delete(id);
    this.host.sql.exec(
      'UPDATE transactions SET closed = 1, stop_reply = ? WHERE transaction_id = ?',
      JSON.stringify(stopReply),
      id,
    );
    // The power curve now lives in D1; the raw samples would only grow the object.
    this.host.sql.exec('DELETE FROM meter_messages WHERE transaction_id = ?', id);
    this.host.sql.exec('DELETE FROM transaction_limits WHERE transaction_id = ?', id);
    this.pruneClosed();
  }

  /**
   * Closes a transaction that ended without its StopTransaction (ADR 040): no stop is recorded, and
   * its samples stay until it is pruned, so a StopTransaction arriving later can still correct it.
   */
  markEnded(id: number): void {
    this.txCache.clear();
    this.limitCache.delete(id);
    this.host.sql.exec('UPDATE transactions SET closed = 1 WHERE transaction_id = ? AND stop_json IS NULL', id);
    this.host.sql.exec('DELETE FROM transaction_limits WHERE transaction_id = ?', id);
    this.pruneClosed();
  }

  /** Keeps the newest MAX_CLOSED_TRANSACTIONS closed transactions; the samples of older ones go with them. */
  private pruneClosed(): void {
    const old = `SELECT transaction_id FROM transactions WHERE closed = 1 AND transaction_id NOT IN
       (SELECT transaction_id FROM transactions WHERE closed = 1 ORDER BY transaction_id DESC LIMIT ?)`;
    this.host.sql.exec(`DELETE FROM meter_messages WHERE transaction_id IN (${old})`, MAX_CLOSED_TRANSACTIONS);
    this.host.sql.exec(`DELETE FROM transactions WHERE transaction_id IN (${old})`, MAX_CLOSED_TRANSACTIONS);
  }

  putLimit(transactionId: number, budget: Budget): void {
    this.limitCache.delete(transactionId);
    this.host.sql.exec(
      'INSERT OR IGNORE INTO transaction_limits (transaction_id, budget) VALUES (?, ?)',
      transactionId,
      // A tariff's unlimited free parking is Infinity, which JSON would turn into null.
      JSON.stringify(budget, (_k, v) => (v === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : v)),
    );
  }

  /** Replaces the budget of an open transaction (a refresh, ADR 028); the stop claim is kept. */
  updateLimit(transactionId: number, budget: Budget): void {
    this.limitCache.delete(transactionId);
    this.host.sql.exec(
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
    const row = this.host.sql
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
      this.host.sql.exec(
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
    this.host.sql.exec(
      `UPDATE transaction_limits SET stop_result = ?1,
         stop_requested_at = CASE WHEN ?2 THEN stop_requested_at ELSE NULL END
       WHERE transaction_id = ?3`,
      JSON.stringify(result),
      answered ? 1 : 0,
      transactionId,
    );
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
