/**
 * @module The station's frame log in the object's own SQLite: one INSERT per frame (workerd caches
 * the prepared statement by its text) into `frames`, whose key is the time (at × 1000 plus a
 * sequence, always above the previous key: `frameKey`), so a row costs one B-tree write (no time
 * index, no AUTOINCREMENT counter) and time ranges are key ranges. Pruned about every PRUNE_EVERY
 * rows by count (the cap) and by time (the maximum age, a key range), so it never grows without
 * bound and the hot path never scans.
 */
import type {
  StationLogDirection,
  StationLogEntry,
  StationLogEventType,
  StationLogQuery,
} from '@domain/ocpp/station-log';

export interface FrameLogRetention {
  maxAgeMs: number;
  maxRows: number;
}

export const DEFAULT_RETENTION_DAYS = 30;
/** About a week of a busy connector (one MeterValues a minute), a few MB. */
export const DEFAULT_MAX_ROWS = 20_000;
/**
 * Rows written between two prunes, on average; pruning cost is spread over them. A row prunes when
 * its key's millisecond plus sequence is a multiple of it (about one row in PRUNE_EVERY, and
 * about one in PRUNE_EVERY for rows written in a burst), which holds across object lives (a
 * hibernating object wakes with a fresh count); within one object life, at most PRUNE_EVERY rows are
 * written between two prunes. The alarm prunes too.
 */
export const PRUNE_EVERY = 256;
/** Longer frames are kept truncated (the frame limit is 64 KiB; real frames are under 2 KiB). */
export const MAX_FRAME_CHARS = 8192;

/** FRAME_LOG_RETENTION_DAYS and FRAME_LOG_MAX_ROWS from the environment, else the defaults. */
export function retentionFromEnv(env: { FRAME_LOG_RETENTION_DAYS?: string; FRAME_LOG_MAX_ROWS?: string }) {
  const days = Number(env.FRAME_LOG_RETENTION_DAYS);
  const rows = Number(env.FRAME_LOG_MAX_ROWS);
  return {
    maxAgeMs: (Number.isFinite(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS) * 86_400_000,
    maxRows: Number.isInteger(rows) && rows > 0 ? rows : DEFAULT_MAX_ROWS,
  } satisfies FrameLogRetention;
}

export interface FrameRecord {
  at: number;
  direction: StationLogDirection;
  messageType: number | null;
  messageId: string | null;
  action: string | null;
  connectorId: number | null;
  errorCode: string | null;
  eventType: StationLogEventType;
  frame: string | null;
}

type Row = Record<string, SqlStorageValue>;
/** The largest key so far (0 when empty): one seek on the table's key. */
// max() alone in its SELECT: SQLite reads it from the end of the key, no scan.
const LAST_KEY = 'coalesce((SELECT max(id) FROM frames), 0)';
const ROW_REST = '?, ?, ?, ?, ?, ?, ?, ?, ?';
const FIRST_ROW = `(max(? * 1000, ${LAST_KEY} + 1), ${ROW_REST})`;

export class FrameLog {
  /** Rows written by this object life since it last pruned. */
  private sincePrune = 0;

  constructor(
    private readonly sql: SqlStorage,
    private readonly retention: FrameLogRetention,
  ) {}

  /** A connection event of the object itself (Connected, Disconnected, HeartbeatTimeout, …). */
  event(what: string, detail: object, at: number): void {
    this.write({
      at,
      direction: 'internal',
      messageType: null,
      messageId: null,
      action: what,
      connectorId: null,
      errorCode: null,
      eventType: 'Connection',
      frame: JSON.stringify({ event: what, ...detail }),
    });
  }

  write(r: FrameRecord): void {
    this.writeAll([r]);
  }

  /**
   * Several rows in one INSERT (a CALL and its reply, written together when the reply is ready), in
   * order, so their keys follow each other. Row i's key is max(at_i × 1000 + i, (max key) + 1 + i),
   * with the times made non-decreasing within the call: increasing whether SQLite reads the max key
   * once or before each row, and never below at × 1000 (the stored `at` keeps the time as given).
   */
  writeAll(records: readonly FrameRecord[]): void {
    if (records.length === 0) return;
    const args: SqlStorageValue[] = [];
    const rows: string[] = [];
    let keyAt = 0;
    records.forEach((r, i) => {
      const frame =
        r.frame !== null && r.frame.length > MAX_FRAME_CHARS ? `${r.frame.slice(0, MAX_FRAME_CHARS)}…` : r.frame;
      keyAt = Math.max(keyAt, r.at);
      rows.push(i === 0 ? FIRST_ROW : `(max(? * 1000 + ${i}, ${LAST_KEY} + ${i + 1}), ${ROW_REST})`);
      args.push(
        keyAt,
        r.at,
        r.direction,
        r.messageType,
        r.messageId,
        r.action,
        r.connectorId,
        r.errorCode,
        r.eventType,
        frame,
      );
    });
    const ids = this.sql
      .exec<{ id: number }>(
        `INSERT INTO frames (id, at, direction, message_type, message_id, action, connector_id, error_code, event_type, frame)
         VALUES ${rows.join(', ')} RETURNING id`,
        ...args,
      )
      .toArray();
    this.sincePrune += records.length;
    const due = ids.some(({ id }) => (Math.floor(id / 1000) + (id % 1000)) % PRUNE_EVERY === 0);
    if (due || this.sincePrune >= PRUNE_EVERY) this.prune((records[records.length - 1] as FrameRecord).at);
  }

  /** Drops rows beyond the cap (the oldest keys) and rows older than the maximum age (a key range). */
  prune(now: number): void {
    this.sincePrune = 0;
    this.sql.exec(
      'DELETE FROM frames WHERE id <= (SELECT id FROM frames ORDER BY id DESC LIMIT 1 OFFSET ?)',
      this.retention.maxRows,
    );
    // A key is at least its time × 1000, so every row below the cut is older than the maximum age.
    this.sql.exec('DELETE FROM frames WHERE id < ?', (now - this.retention.maxAgeMs) * 1000);
  }

  /** The time of the latest frame received from the charge point (the latest by id: walks back from the end). */
  lastInboundAt(): number | null {
    const row = this.sql
      .exec<{ at: number }>("SELECT at FROM frames WHERE direction = 'in' ORDER BY id DESC LIMIT 1")
      .toArray()[0];
    return row ? Number(row.at) : null;
  }

  /**
   * The time of the latest CALL of `action` from the charge point that got a CALLRESULT (walks back
   * from the end; the reply follows its CALL).
   */
  lastAnsweredAt(action: string): number | null {
    const row = this.sql
      .exec<{ at: number }>(
        `SELECT at FROM frames WHERE direction = 'out' AND message_type = 3 AND action = ? ORDER BY id DESC LIMIT 1`,
        action,
      )
      .toArray()[0];
    return row ? Number(row.at) : null;
  }

  count(): number {
    return Number(this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM frames').one().n);
  }

  /**
   * Entries from `from` onwards, oldest first, at most `limit`; without `from`, the latest `limit`
   * entries (still oldest first).
   */
  query(q: StationLogQuery): StationLogEntry[] {
    const where: string[] = [];
    const args: SqlStorageValue[] = [];
    const add = (clause: string, value: SqlStorageValue) => {
      where.push(clause);
      args.push(value);
    };
    // A key is at least its time × 1000: the key bound makes `from` a range of the table, `at` keeps it exact.
    if (q.from !== undefined) {
      add('id >= ?', q.from * 1000);
      add('at >= ?', q.from);
    }
    if (q.to !== undefined) add('at <= ?', q.to);
    if (q.connectorId !== undefined)
      add('(connector_id = ? OR connector_id IS NULL OR connector_id = 0)', q.connectorId);
    if (q.errorCode !== undefined) add('error_code = ?', q.errorCode);
    if (q.eventType !== undefined) add('event_type = ?', q.eventType);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const order = q.from === undefined ? 'DESC' : 'ASC';
    const rows = this.sql
      .exec<Row>(`SELECT * FROM frames ${filter} ORDER BY id ${order} LIMIT ?`, ...args, q.limit)
      .toArray()
      .map(toEntry);
    return q.from === undefined ? rows.reverse() : rows;
  }
}

function toEntry(r: Row): StationLogEntry {
  const nullable = <T>(v: SqlStorageValue | undefined, f: (v: SqlStorageValue) => T) =>
    v === null || v === undefined ? null : f(v);
  return {
    id: Number(r.id),
    at: new Date(Number(r.at)).toISOString(),
    direction: String(r.direction) as StationLogDirection,
    messageType: nullable(r.message_type, Number),
    messageId: nullable(r.message_id, String),
    action: nullable(r.action, String),
    connectorId: nullable(r.connector_id, Number),
    errorCode: nullable(r.error_code, String),
    eventType: String(r.event_type) as StationLogEventType,
    frame: nullable(r.frame, String),
  };
}
