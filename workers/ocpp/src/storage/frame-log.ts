/**
 * @module The station's frame log in the object's own SQLite: one INSERT per frame (workerd caches
 * the prepared statement by its text), pruned every PRUNE_EVERY rows by id (the cap) and by time
 * (the maximum age), so it never grows without bound and the hot path never scans.
 */
import type {
  StationLogDirection,
  StationLogEntry,
  StationLogEventType,
  StationLogQuery,
} from '../../../../domain/ocpp/station-log';

export interface FrameLogRetention {
  maxAgeMs: number;
  maxRows: number;
}

export const DEFAULT_RETENTION_DAYS = 30;
/** About a week of a busy connector (one MeterValues a minute), a few MB. */
export const DEFAULT_MAX_ROWS = 20_000;
/** Rows written between two prunes; pruning cost is spread over them. */
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
const ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?)';

export class FrameLog {
  constructor(
    private readonly sql: SqlStorage,
    private readonly retention: FrameLogRetention,
  ) {}

  write(r: FrameRecord): void {
    this.writeAll([r]);
  }

  /**
   * Several rows in one INSERT (a CALL and its reply, written together when the reply is ready),
   * in order, so their ids follow each other.
   */
  writeAll(records: readonly FrameRecord[]): void {
    if (records.length === 0) return;
    const args: SqlStorageValue[] = [];
    for (const r of records) {
      const frame =
        r.frame !== null && r.frame.length > MAX_FRAME_CHARS ? `${r.frame.slice(0, MAX_FRAME_CHARS)}…` : r.frame;
      args.push(
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
    }
    const values = records.length === 1 ? ROW : Array.from(records, () => ROW).join(', ');
    const ids = this.sql
      .exec<{ id: number }>(
        `INSERT INTO frame_log (at, direction, message_type, message_id, action, connector_id, error_code, event_type, frame)
         VALUES ${values} RETURNING id`,
        ...args,
      )
      .toArray();
    const last = records[records.length - 1] as FrameRecord;
    if (ids.some(({ id }) => id % PRUNE_EVERY === 0)) this.prune(last.at, Math.max(...ids.map(({ id }) => id)));
  }

  /** Drops rows beyond the cap (ids are dense: only the oldest are ever deleted) and rows too old. */
  prune(now: number, lastId?: number): void {
    const newest =
      lastId ?? Number(this.sql.exec<{ id: number | null }>('SELECT max(id) AS id FROM frame_log').one().id);
    if (newest > this.retention.maxRows)
      this.sql.exec('DELETE FROM frame_log WHERE id <= ?', newest - this.retention.maxRows);
    this.sql.exec('DELETE FROM frame_log WHERE at < ?', now - this.retention.maxAgeMs);
  }

  /** The time of the latest frame received from the charge point (the latest by id: walks back from the end). */
  lastInboundAt(): number | null {
    const row = this.sql
      .exec<{ at: number }>("SELECT at FROM frame_log WHERE direction = 'in' ORDER BY id DESC LIMIT 1")
      .toArray()[0];
    return row ? Number(row.at) : null;
  }

  count(): number {
    return Number(this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM frame_log').one().n);
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
    if (q.from !== undefined) add('at >= ?', q.from);
    if (q.to !== undefined) add('at <= ?', q.to);
    if (q.connectorId !== undefined)
      add('(connector_id = ? OR connector_id IS NULL OR connector_id = 0)', q.connectorId);
    if (q.errorCode !== undefined) add('error_code = ?', q.errorCode);
    if (q.eventType !== undefined) add('event_type = ?', q.eventType);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const order = q.from === undefined ? 'DESC' : 'ASC';
    const rows = this.sql
      .exec<Row>(`SELECT * FROM frame_log ${filter} ORDER BY at ${order}, id ${order} LIMIT ?`, ...args, q.limit)
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
