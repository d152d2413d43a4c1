/**
 * @module One Durable Object per managed site (location), ADR 059: the sessions charging at the
 * site's stations, each with its minimum, maximum, priority, measured draw and the limit that may be
 * in force; on every start, stop or lower draw (and at each change of the scheduled limit) it
 * recomputes the shares (domain/load/allocation.ts) and sends each changed one to its station's
 * ChargePoint object as a TxProfile, lowerings first (and answered) before any raise, each raise only
 * as far as the limits still in force leave room. One recomputation runs at a time.
 */
import { DurableObject } from 'cloudflare:workers';
import { openDb } from '@db/db';
import { type SiteLoadRow, sessionLoadFacts, siteLoad } from '@db/queries/site-load.store';
import { allocate, floorTenth, type LoadSession, lowersFirst, raiseWithin } from '@domain/load/allocation';
import { limitAmpsAt, minimumOf, nextChangeAfter, priorityOf } from '@domain/load/site-limit';
import type { CommandResult } from '../transport/outbound';
import { TRANSACTION_ENDED } from './station';

/** The site's configuration is read again from D1 at most this long after the last read. */
const CONFIG_TTL_MS = 60_000;
/** A connector whose rated power is unknown is taken to take this much (the Type 2 maximum). */
const DEFAULT_MAX_A = 32;

export interface LoadSessionStart {
  locationId: number;
  stationUid: string;
  stationId: number;
  connectorId: number;
  transactionId: number;
  startedAt: number;
}

export interface LoadSessionRef {
  locationId: number;
  stationUid: string;
  transactionId: number;
}

export interface SiteAllocation {
  locationId: number | null;
  enabled: boolean;
  /** A recomputation is running (limits are being sent). */
  busy: boolean;
  /** The limit in force now, ampere per phase (null: no limit configured). */
  limitA: number | null;
  sessions: {
    stationUid: string;
    connectorId: number;
    connectorUid: string | null;
    transactionId: number;
    startedAt: number;
    priority: number;
    minA: number;
    maxA: number;
    drawA: number | null;
    drawAt: number | null;
    /** What the share is now, and what may be in force at the station (null: nothing sent yet). */
    targetA: number | null;
    limitA: number | null;
  }[];
}

type Row = {
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
};

const keyOf = (stationUid: string, transactionId: number) => `${stationUid}#${transactionId}`;

export class SiteLoad extends DurableObject<Env> {
  private config: { row: SiteLoadRow | null; at: number } | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS sessions (
      key TEXT PRIMARY KEY, station_uid TEXT NOT NULL, station_id INTEGER NOT NULL, connector_id INTEGER NOT NULL,
      connector_uid TEXT, transaction_id INTEGER NOT NULL, group_id INTEGER, max_a REAL NOT NULL,
      started_at INTEGER NOT NULL, draw_a REAL, draw_at INTEGER, limit_a REAL, target_a REAL)`);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  private rows(): Row[] {
    return this.ctx.storage.sql.exec<Row>('SELECT * FROM sessions ORDER BY started_at, key').toArray() as Row[];
  }

  private remember(locationId: number): void {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO kv (key, value) VALUES ('locationId', ?)", String(locationId));
  }

  private locationId(): number | null {
    const row = this.ctx.storage.sql
      .exec<{ value: string }>("SELECT value FROM kv WHERE key = 'locationId'")
      .toArray()[0];
    return row ? Number(row.value) : null;
  }

  private async site(force = false): Promise<SiteLoadRow | null> {
    const now = Date.now();
    if (!force && this.config && now - this.config.at < CONFIG_TTL_MS) return this.config.row;
    const id = this.locationId();
    if (id === null) return null;
    const row = await siteLoad(openDb(this.env.DB), id);
    this.config = { row, at: now };
    return row;
  }

  /** RPC (ChargePoint): a session started at one of the site's stations. */
  async sessionStarted(s: LoadSessionStart): Promise<void> {
    this.remember(s.locationId);
    const facts = await sessionLoadFacts(openDb(this.env.DB), s.stationId, s.connectorId, s.transactionId);
    const site = await this.site();
    const phases = site?.config.phases ?? 3;
    const voltage = site?.config.voltage ?? 230;
    const maxA = facts.maxPowerW ? facts.maxPowerW / (voltage * phases) : DEFAULT_MAX_A;
    this.ctx.storage.sql.exec(
      `INSERT OR IGNORE INTO sessions (key, station_uid, station_id, connector_id, connector_uid, transaction_id,
       group_id, max_a, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      keyOf(s.stationUid, s.transactionId),
      s.stationUid,
      s.stationId,
      s.connectorId,
      facts.connectorUid,
      s.transactionId,
      facts.customerGroupId,
      maxA,
      s.startedAt,
    );
    await this.reconcile();
  }

  /** RPC (ChargePoint): the session ended (stopped, or closed without its stop); its share goes to the others. */
  async sessionEnded(s: LoadSessionRef): Promise<void> {
    this.remember(s.locationId);
    this.ctx.storage.sql.exec('DELETE FROM sessions WHERE key = ?', keyOf(s.stationUid, s.transactionId));
    await this.reconcile();
  }

  /** RPC (ChargePoint): the session's measured current (A per phase) from a MeterValues. */
  async drawReported(s: LoadSessionRef & { drawA: number; at: number }): Promise<void> {
    const key = keyOf(s.stationUid, s.transactionId);
    const cursor = this.ctx.storage.sql.exec(
      'UPDATE sessions SET draw_a = ?, draw_at = ? WHERE key = ?',
      s.drawA,
      s.at,
      key,
    );
    if (cursor.rowsWritten === 0) return;
    await this.reconcile();
  }

  /** RPC (API): the site's limit changed; read it again and share it anew. */
  async refresh(locationId: number): Promise<SiteAllocation> {
    this.remember(locationId);
    await this.site(true);
    await this.reconcile();
    return this.allocation();
  }

  /** RPC (API): the limit in force, and each session's share, limit and draw. */
  async allocation(): Promise<SiteAllocation> {
    const site = await this.site();
    const limitA = site ? limitAmpsAt(site.config, site.timeZone, Date.now()) : null;
    return {
      locationId: this.locationId(),
      enabled: site?.enabled ?? false,
      busy: this.running !== null,
      limitA: limitA === null ? null : Math.round(limitA * 10) / 10,
      sessions: this.rows().map((r) => ({
        stationUid: r.station_uid,
        connectorId: r.connector_id,
        connectorUid: r.connector_uid,
        transactionId: r.transaction_id,
        startedAt: r.started_at,
        priority: site ? priorityOf(site.config, r.group_id) : 1,
        minA: site ? minimumOf(site.config, r.connector_uid ?? '') : 0,
        maxA: floorTenth(r.max_a),
        drawA: r.draw_a,
        drawAt: r.draw_at,
        targetA: r.target_a,
        limitA: r.limit_a,
      })),
    };
  }

  /** The scheduled limit changes now: share it again. */
  override async alarm(): Promise<void> {
    await this.reconcile();
  }

  /** Recomputes and sends; a call while one runs makes it run once more when done. */
  private reconcile(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.reconcileOnce();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async reconcileOnce(): Promise<void> {
    const site = await this.site();
    if (!site?.enabled) return;
    const now = Date.now();
    const next = nextChangeAfter(site.config, site.timeZone, now);
    if (next !== null) await this.ctx.storage.setAlarm(next);
    const limitA = limitAmpsAt(site.config, site.timeZone, now);
    const rows = this.rows();
    const sessions: LoadSession[] = rows.map((r) => ({
      key: r.key,
      minA: minimumOf(site.config, r.connector_uid ?? ''),
      maxA: r.max_a,
      priority: priorityOf(site.config, r.group_id),
      startedAt: r.started_at,
      drawA: r.draw_a,
      limitA: r.limit_a,
    }));
    const targets = allocate(limitA, sessions);
    for (const [key, a] of targets) this.ctx.storage.sql.exec('UPDATE sessions SET target_a = ? WHERE key = ?', a, key);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const inForce = new Map(rows.map((r) => [r.key, r.limit_a]));
    const { lowers, raises } = lowersFirst(inForce, targets);
    // Every lowering is answered (or given up) before anything rises.
    await Promise.all(
      lowers.map(async (l) => {
        const row = byKey.get(l.key) as Row;
        const outcome = await this.send(row, l.limitA);
        if (applied(outcome)) this.setInForce(l.key, l.limitA, inForce);
      }),
    );
    // Each raise takes its room before it goes out, so raises sent together never overlap.
    const pending: Promise<void>[] = [];
    for (const r of raises) {
      if (!this.live(r.key)) continue;
      const a = raiseWithin(limitA, inForce, r);
      if (a === null) continue;
      const before = inForce.get(r.key) ?? null;
      this.setInForce(r.key, a, inForce);
      const row = byKey.get(r.key) as Row;
      pending.push(
        this.send(row, a).then((outcome) => {
          // Refused: the station keeps what it had; unanswered: it may have applied it, so it stays counted.
          if (refused(outcome)) this.setInForce(r.key, before, inForce);
        }),
      );
    }
    await Promise.all(pending);
  }

  private live(key: string): boolean {
    return this.ctx.storage.sql.exec('SELECT 1 FROM sessions WHERE key = ?', key).toArray().length > 0;
  }

  private setInForce(key: string, limitA: number | null, inForce: Map<string, number | null>): void {
    inForce.set(key, limitA);
    this.ctx.storage.sql.exec('UPDATE sessions SET limit_a = ? WHERE key = ?', limitA, key);
  }

  private async send(row: Row, limitA: number): Promise<CommandResult> {
    const stub = this.env.CHARGE_POINTS.get(this.env.CHARGE_POINTS.idFromName(row.station_uid));
    try {
      const outcome = await stub.applyLoadLimit({
        connectorId: row.connector_id,
        transactionId: row.transaction_id,
        limitA,
      });
      // The station no longer holds the transaction open: its end was not told here (lost), so it goes now.
      if (outcome.status === 'rejected' && outcome.code === TRANSACTION_ENDED) {
        this.ctx.storage.sql.exec('DELETE FROM sessions WHERE key = ?', row.key);
        this.again = true;
      }
      return outcome;
    } catch (e) {
      console.warn(`[load] ${row.station_uid}: limit not sent: ${String(e)}`);
      return { status: 'timeout' };
    }
  }
}

const applied = (o: CommandResult) =>
  o.status === 'accepted' && (o.reply as { status?: unknown } | null)?.status === 'Accepted';
const refused = (o: CommandResult) => o.status === 'rejected' || (o.status === 'accepted' && !applied(o));
