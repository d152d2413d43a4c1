/**
 * @module The ChargePoint object's own SQLite tables. They hold everything needed to answer the
 * charge point after an eviction: identity, boot data, connector states, open transactions with
 * their meter samples, and the outgoing calls still awaiting an answer.
 */

/** What the table modules (connectors.ts, transactions.ts, meter-values.ts, pending-calls.ts) run their SQL on: the Store. */
export interface SqlHost {
  readonly sql: SqlStorage;
}

const TABLES = [
  `CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS connectors (
     connector_id INTEGER PRIMARY KEY, status TEXT NOT NULL, error_code TEXT NOT NULL, info TEXT,
     vendor_id TEXT, vendor_error_code TEXT, timestamp TEXT, received_at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS transactions (
     transaction_id INTEGER PRIMARY KEY, start_key TEXT NOT NULL UNIQUE, connector_id INTEGER NOT NULL,
     id_tag TEXT NOT NULL, meter_start INTEGER NOT NULL, started_at INTEGER NOT NULL,
     start_reply TEXT NOT NULL, stop_json TEXT, stop_reply TEXT, closed INTEGER NOT NULL DEFAULT 0)`,
  // One row per MeterValues: its samples as one JSON array of
  // [at, measurand, phase, context, location, unit, format, value], parsed when the curve is read.
  `CREATE TABLE IF NOT EXISTS meter_messages (
     id INTEGER PRIMARY KEY, transaction_id INTEGER, connector_id INTEGER NOT NULL, samples TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS meter_messages_tx ON meter_messages (transaction_id)`,
  `CREATE TABLE IF NOT EXISTS status_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT, connector_id INTEGER NOT NULL, status TEXT NOT NULL, at INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS status_events_connector ON status_events (connector_id, at)`,
  `CREATE TABLE IF NOT EXISTS pending_calls (
     message_id TEXT PRIMARY KEY, action TEXT NOT NULL, payload TEXT NOT NULL,
     sent_at INTEGER NOT NULL, timeout_at INTEGER NOT NULL)`,
  // Every frame in and out, refused ones included, and the connection events (frame-log.ts). The key
  // is the time: at × 1000 + a sequence number (frameKey), so no time index and no AUTOINCREMENT.
  `CREATE TABLE IF NOT EXISTS frames (
     id INTEGER PRIMARY KEY, at INTEGER NOT NULL, direction TEXT NOT NULL,
     message_type INTEGER, message_id TEXT, action TEXT, connector_id INTEGER, error_code TEXT,
     event_type TEXT NOT NULL, frame TEXT)`,
  // The energy budget of an open transaction whose user has limits, and the stop sent when it ran out (ADR 020).
  `CREATE TABLE IF NOT EXISTS transaction_limits (
     transaction_id INTEGER PRIMARY KEY, budget TEXT NOT NULL, stop_requested_at INTEGER, stop_result TEXT)`,
  // ChangeAvailability commands to send at a later time, fired by the object's alarm (scheduled-availability.ts).
  `CREATE TABLE IF NOT EXISTS scheduled_availability (
     id INTEGER PRIMARY KEY AUTOINCREMENT, station_id INTEGER NOT NULL, connector_id INTEGER NOT NULL,
     type TEXT NOT NULL, due_at INTEGER NOT NULL, created_at INTEGER NOT NULL, created_by INTEGER NOT NULL,
     state TEXT NOT NULL DEFAULT 'scheduled', fired_at INTEGER, outcome TEXT, logged INTEGER NOT NULL DEFAULT 0,
     cancelled_by INTEGER, cancelled_at INTEGER)`,
  `CREATE INDEX IF NOT EXISTS scheduled_availability_due ON scheduled_availability (state, due_at)`,
];

/** Every table and index above, by name. */
const NAMES = TABLES.map((t) => /IF NOT EXISTS (\w+)/.exec(t)?.[1] ?? '');
/**
 * The layout's name, kept in `kv` under SCHEMA_KEY once migrate() ran: a woken object that reads
 * it back with its other wake keys (one statement it makes anyway) needs no sqlite_master query.
 * It changes whenever a table or index is added, so such a change migrates every object once.
 */
export const SCHEMA_ID = NAMES.join(',');
export const SCHEMA_KEY = 'schema' as const;
const PRESENT = `SELECT count(*) AS n FROM sqlite_master WHERE name IN (${NAMES.map(() => '?').join(', ')})`;

/**
 * Creates what is missing and moves the data of an older layout over. Runs once per object life, so
 * once per wake of a hibernated object: one SELECT when everything is there already (the usual case)
 * instead of one statement per table. The moves run in the object's implicit transaction with the
 * creates, so an object evicted half way starts again from the old tables.
 */
export function migrate(sql: SqlStorage): void {
  if (Number(sql.exec<{ n: number }>(PRESENT, ...NAMES).one().n) === NAMES.length) return;
  for (const statement of TABLES) sql.exec(statement);
  const legacy = new Set(
    sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('frame_log', 'meter_samples')",
      )
      .toArray()
      .map((r) => r.name),
  );
  if (legacy.has('frame_log')) moveFrameLog(sql);
  if (legacy.has('meter_samples')) moveMeterSamples(sql);
}

/**
 * The frame log before ADR 034's second addendum: `frame_log`, AUTOINCREMENT ids and an index on
 * `at`. Its rows get time keys in time order (as the log was read: by time, then id).
 */
function moveFrameLog(sql: SqlStorage): void {
  const rows = sql
    .exec<Record<string, SqlStorageValue>>(
      `SELECT at, direction, message_type, message_id, action, connector_id, error_code, event_type, frame
       FROM frame_log ORDER BY at, id`,
    )
    .toArray();
  let last = 0;
  for (const r of rows) {
    last = frameKey(Number(r.at), last);
    sql.exec(
      `INSERT INTO frames (id, at, direction, message_type, message_id, action, connector_id, error_code, event_type, frame)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      last,
      r.at ?? 0,
      r.direction ?? 'internal',
      r.message_type ?? null,
      r.message_id ?? null,
      r.action ?? null,
      r.connector_id ?? null,
      r.error_code ?? null,
      r.event_type ?? 'Other',
      r.frame ?? null,
    );
  }
  sql.exec('DROP TABLE frame_log');
}

/** The key of a frame logged at `at` (ms) after the frame keyed `previous`: at × 1000, or just above `previous`. */
export function frameKey(at: number, previous: number): number {
  return Math.max(at * 1000, previous + 1);
}

/**
 * Samples before ADR 034's second addendum: one `meter_samples` row per sample. Grouped back into one
 * row per message (same transaction, connector and time), in the order they were written.
 */
function moveMeterSamples(sql: SqlStorage): void {
  sql.exec(
    `INSERT INTO meter_messages (transaction_id, connector_id, samples)
     SELECT transaction_id, connector_id,
            json_group_array(json_array(at, measurand, phase, context, location, unit, format, value))
     FROM (SELECT * FROM meter_samples ORDER BY id)
     GROUP BY transaction_id, connector_id, at ORDER BY min(id)`,
  );
  sql.exec('DROP TABLE meter_samples');
}
