/** @module The SiteLoad object's own SQLite tables (ADR 059): the site's sessions and which location it serves. */

export type SiteSessionRow = {
  key: string;
  station_uid: string;
  station_id: number;
  connector_id: number;
  connector_uid: string | null;
  transaction_id: number;
  group_id: number | null;
  max_a: number;
  started_at: number;
  draw_a: number | null;
  draw_at: number | null;
  limit_a: number | null;
  target_a: number | null;
  /** 1 once its station refused the profile: counted at its maximum (or draw), never sent again. */
  uncontrolled: number;
  /** The draw the last sharing used: a new draw is shared anew only when it differs materially. */
  shared_draw_a: number | null;
  /** The lowest limit of the operator's own TxProfile for the transaction (A per phase), null when none. */
  operator_a: number | null;
};

export const sessionKey = (stationUid: string, transactionId: number) => `${stationUid}#${transactionId}`;

export class SiteSessions {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS sessions (
      key TEXT PRIMARY KEY, station_uid TEXT NOT NULL, station_id INTEGER NOT NULL, connector_id INTEGER NOT NULL,
      connector_uid TEXT, transaction_id INTEGER NOT NULL, group_id INTEGER, max_a REAL NOT NULL,
      started_at INTEGER NOT NULL, draw_a REAL, draw_at INTEGER, limit_a REAL, target_a REAL)`);
    sql.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const columns = sql.exec<{ name: string }>('PRAGMA table_info(sessions)').toArray();
    if (!columns.some((c) => c.name === 'uncontrolled'))
      sql.exec('ALTER TABLE sessions ADD COLUMN uncontrolled INTEGER NOT NULL DEFAULT 0');
    if (!columns.some((c) => c.name === 'shared_draw_a'))
      sql.exec('ALTER TABLE sessions ADD COLUMN shared_draw_a REAL');
    if (!columns.some((c) => c.name === 'operator_a')) sql.exec('ALTER TABLE sessions ADD COLUMN operator_a REAL');
  }

  get(key: string): SiteSessionRow | null {
    return this.sql.exec<SiteSessionRow>('SELECT * FROM sessions WHERE key = ?', key).toArray()[0] ?? null;
  }

  /** A sharing starts: the draws it uses are the ones later draws are compared with. */
  markShared(): void {
    this.sql.exec('UPDATE sessions SET shared_draw_a = draw_a');
  }

  setOperatorCap(key: string, limitA: number | null): void {
    this.sql.exec('UPDATE sessions SET operator_a = ? WHERE key = ?', limitA, key);
  }

  /** By arrival. */
  all(): SiteSessionRow[] {
    return this.sql.exec<SiteSessionRow>('SELECT * FROM sessions ORDER BY started_at, key').toArray();
  }

  has(key: string): boolean {
    return this.sql.exec('SELECT 1 FROM sessions WHERE key = ?', key).toArray().length > 0;
  }

  /** A session once: a repeated start changes nothing. */
  add(
    r: Omit<
      SiteSessionRow,
      'key' | 'draw_a' | 'draw_at' | 'limit_a' | 'target_a' | 'uncontrolled' | 'shared_draw_a' | 'operator_a'
    >,
  ): void {
    this.sql.exec(
      `INSERT OR IGNORE INTO sessions (key, station_uid, station_id, connector_id, connector_uid, transaction_id,
       group_id, max_a, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      sessionKey(r.station_uid, r.transaction_id),
      r.station_uid,
      r.station_id,
      r.connector_id,
      r.connector_uid,
      r.transaction_id,
      r.group_id,
      r.max_a,
      r.started_at,
    );
  }

  remove(key: string): void {
    this.sql.exec('DELETE FROM sessions WHERE key = ?', key);
  }

  /** False when the session is not (or no longer) at the site. */
  setDraw(key: string, drawA: number, at: number): boolean {
    return this.sql.exec('UPDATE sessions SET draw_a = ?, draw_at = ? WHERE key = ?', drawA, at, key).rowsWritten > 0;
  }

  setTarget(key: string, targetA: number): void {
    this.sql.exec('UPDATE sessions SET target_a = ? WHERE key = ?', targetA, key);
  }

  /** The limit that may be in force at the station (a removed session stays removed). */
  setLimit(key: string, limitA: number | null): void {
    this.sql.exec('UPDATE sessions SET limit_a = ? WHERE key = ?', limitA, key);
  }

  /** Its station refused the profile: no limit is in force, and none is sent again to this session. */
  setUncontrolled(key: string): void {
    this.sql.exec('UPDATE sessions SET uncontrolled = 1, limit_a = NULL, target_a = NULL WHERE key = ?', key);
  }

  setLocation(locationId: number): void {
    this.sql.exec("INSERT OR REPLACE INTO kv (key, value) VALUES ('locationId', ?)", String(locationId));
  }

  location(): number | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'locationId'").toArray()[0];
    return row ? Number(row.value) : null;
  }
}
