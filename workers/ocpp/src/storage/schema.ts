/**
 * @module The ChargePoint object's own SQLite tables. They hold everything needed to answer the
 * charge point after an eviction: identity, boot data, connector states, open transactions with
 * their meter samples, and the outgoing calls still awaiting an answer.
 */

const TABLES = [
  `CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS connectors (
     connector_id INTEGER PRIMARY KEY, status TEXT NOT NULL, error_code TEXT NOT NULL, info TEXT,
     vendor_id TEXT, vendor_error_code TEXT, timestamp TEXT, received_at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS transactions (
     transaction_id INTEGER PRIMARY KEY, start_key TEXT NOT NULL UNIQUE, connector_id INTEGER NOT NULL,
     id_tag TEXT NOT NULL, meter_start INTEGER NOT NULL, started_at INTEGER NOT NULL,
     start_reply TEXT NOT NULL, stop_json TEXT, stop_reply TEXT, closed INTEGER NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS meter_samples (
     id INTEGER PRIMARY KEY AUTOINCREMENT, transaction_id INTEGER, connector_id INTEGER NOT NULL,
     at INTEGER NOT NULL, measurand TEXT NOT NULL, phase TEXT, context TEXT NOT NULL, location TEXT NOT NULL,
     unit TEXT NOT NULL, format TEXT NOT NULL, value TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS meter_samples_tx ON meter_samples (transaction_id, at)`,
  `CREATE TABLE IF NOT EXISTS status_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT, connector_id INTEGER NOT NULL, status TEXT NOT NULL, at INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS status_events_connector ON status_events (connector_id, at)`,
  `CREATE TABLE IF NOT EXISTS pending_calls (
     message_id TEXT PRIMARY KEY, action TEXT NOT NULL, payload TEXT NOT NULL,
     sent_at INTEGER NOT NULL, timeout_at INTEGER NOT NULL)`,
  // Every frame in and out, refused ones included, and the connection events (frame-log.ts).
  `CREATE TABLE IF NOT EXISTS frame_log (
     id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, direction TEXT NOT NULL,
     message_type INTEGER, message_id TEXT, action TEXT, connector_id INTEGER, error_code TEXT,
     event_type TEXT NOT NULL, frame TEXT)`,
  `CREATE INDEX IF NOT EXISTS frame_log_at ON frame_log (at)`,
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
const PRESENT = `SELECT count(*) AS n FROM sqlite_master WHERE name IN (${NAMES.map(() => '?').join(', ')})`;

/**
 * Creates what is missing. Runs once per object life, so once per wake of a hibernated object: one
 * SELECT when everything is there already (the usual case) instead of one statement per table.
 */
export function migrate(sql: SqlStorage): void {
  if (Number(sql.exec<{ n: number }>(PRESENT, ...NAMES).one().n) === NAMES.length) return;
  for (const statement of TABLES) sql.exec(statement);
}
