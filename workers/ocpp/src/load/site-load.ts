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
import {
  allocate,
  drawMatters,
  floorTenth,
  type LoadSession,
  lowersFirst,
  raiseWithin,
  uncontrolledA,
} from '@domain/load/allocation';
import { ASSUMED_PHASES, ASSUMED_VOLTAGE } from '@domain/load/draw';
import { limitAmpsAt, minimumOf, nextChangeAfter, priorityOf } from '@domain/load/site-limit';
import type { CommandResult } from '../transport/outbound';
import { operatorAmps, operatorLimitsOf } from './operator-profiles';
import type { LoadSessionRef, LoadSessionStart, SiteAllocation } from './site-load.types';
import { type SiteSessionRow, SiteSessions, sessionKey } from './site-sessions.store';
import { clearProfile, LOAD_COMMAND_TIMEOUT_MS, LOAD_PROFILE_STACK_LEVEL, txProfile } from './station';

/** The site's configuration is read again from D1 at most this long after the last read. */
const CONFIG_TTL_MS = 60_000;
/** A connector whose rated power is unknown is taken to take this much (the Type 2 maximum). */
const DEFAULT_MAX_A = 32;

export class SiteLoad extends DurableObject<Env> {
  private config: { row: SiteLoadRow | null; at: number } | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  private readonly sessions: SiteSessions;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sessions = new SiteSessions(ctx.storage.sql);
  }

  private async site(force = false): Promise<SiteLoadRow | null> {
    const now = Date.now();
    if (!force && this.config && now - this.config.at < CONFIG_TTL_MS) return this.config.row;
    const id = this.sessions.location();
    if (id === null) return null;
    const row = await siteLoad(openDb(this.env.DB), id);
    this.config = { row, at: now };
    return row;
  }

  /** RPC (ChargePoint): a session started at one of the site's stations. */
  async sessionStarted(s: LoadSessionStart): Promise<void> {
    this.sessions.setLocation(s.locationId);
    const facts = await sessionLoadFacts(openDb(this.env.DB), s.stationId, s.connectorId, s.transactionId);
    const site = await this.site();
    const phases = site?.config.phases ?? ASSUMED_PHASES;
    const voltage = site?.config.voltage ?? ASSUMED_VOLTAGE;
    const maxA = facts.maxPowerW ? facts.maxPowerW / (voltage * phases) : DEFAULT_MAX_A;
    this.sessions.add({
      station_uid: s.stationUid,
      station_id: s.stationId,
      connector_id: s.connectorId,
      connector_uid: facts.connectorUid,
      transaction_id: s.transactionId,
      group_id: facts.customerGroupId,
      max_a: maxA,
      started_at: s.startedAt,
    });
    await this.reconcile();
  }

  /** RPC (ChargePoint): the session ended (stopped, or closed without its stop); its share goes to the others. */
  async sessionEnded(s: LoadSessionRef): Promise<void> {
    this.sessions.setLocation(s.locationId);
    this.sessions.remove(sessionKey(s.stationUid, s.transactionId));
    await this.reconcile();
  }

  /**
   * RPC (ChargePoint): the session's measured current (A per phase) from a MeterValues. Kept (the
   * site page shows it); shared anew only when it changed materially since the last sharing (domain
   * `drawMatters`: more than 10 %, or it went under or back near its limit).
   */
  async drawReported(s: LoadSessionRef & { drawA: number; at: number }): Promise<void> {
    const key = sessionKey(s.stationUid, s.transactionId);
    const row = this.sessions.get(key);
    if (!row || !this.sessions.setDraw(key, s.drawA, s.at)) return;
    if (!drawMatters(row.shared_draw_a, s.drawA, row.limit_a)) return;
    await this.reconcile();
  }

  /** RPC (API): the site's limit changed; read it again and share it anew. */
  async refresh(locationId: number): Promise<SiteAllocation> {
    this.sessions.setLocation(locationId);
    await this.site(true);
    await this.reconcile();
    return this.allocation();
  }

  /** RPC (API): the limit in force, and each session's share, limit and draw. */
  async allocation(): Promise<SiteAllocation> {
    const site = await this.site();
    const limitA = site ? limitAmpsAt(site.config, site.timeZone, Date.now()) : null;
    return {
      locationId: this.sessions.location(),
      enabled: site?.enabled ?? false,
      busy: this.running !== null,
      limitA: limitA === null ? null : Math.round(limitA * 10) / 10,
      sessions: this.sessions.all().map((r) => ({
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
    if (!site?.enabled) return this.clearAll();
    const now = Date.now();
    const next = nextChangeAfter(site.config, site.timeZone, now);
    if (next !== null) await this.ctx.storage.setAlarm(next);
    const limitA = limitAmpsAt(site.config, site.timeZone, now);
    const rows = this.sessions.all();
    this.sessions.markShared();
    // A session with no limit in force draws up to its maximum (or its draw when higher), never 0.
    const held = new Map(rows.map((r) => [r.key, uncontrolledA({ maxA: r.max_a, drawA: r.draw_a })]));
    // Sessions whose station refused the profile take their part first; the rest is shared.
    const controlled = rows.filter((r) => !r.uncontrolled);
    const taken = rows.reduce((t, r) => t + (r.uncontrolled ? (held.get(r.key) ?? 0) : 0), 0);
    const sessions: LoadSession[] = controlled.map((r) => ({
      key: r.key,
      minA: minimumOf(site.config, r.connector_uid ?? ''),
      // Under the operator's own TxProfile for it: what it cannot take goes to the others.
      maxA: r.operator_a === null ? r.max_a : Math.min(r.max_a, r.operator_a),
      priority: priorityOf(site.config, r.group_id),
      startedAt: r.started_at,
      drawA: r.draw_a,
      limitA: r.limit_a,
    }));
    const targets = allocate(Math.max(0, limitA - taken), sessions);
    for (const [key, a] of targets) this.sessions.setTarget(key, a);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const inForce = new Map(rows.map((r) => [r.key, r.limit_a]));
    const { lowers, raises } = lowersFirst(inForce, targets, held);
    // Every lowering is answered (or given up) before anything rises.
    await Promise.all(
      lowers.map(async (l) => {
        const row = byKey.get(l.key) as SiteSessionRow;
        const { outcome, sentA } = await this.send(row, l.limitA);
        if (applied(outcome)) this.setInForce(l.key, sentA, inForce);
        else if (refused(outcome)) this.giveUp(l.key, inForce);
      }),
    );
    // Each raise takes its room before it goes out, so raises sent together never overlap.
    const pending: Promise<void>[] = [];
    for (const r of raises) {
      if (!this.live(r.key)) continue;
      const a = raiseWithin(limitA, inForce, r, held);
      if (a === null) continue;
      this.setInForce(r.key, a, inForce);
      const row = byKey.get(r.key) as SiteSessionRow;
      pending.push(
        this.send(row, a).then(({ outcome, sentA }) => {
          // Refused: counted at what it may draw uncontrolled; unanswered: it may have applied it, so it stays counted.
          if (refused(outcome)) this.giveUp(r.key, inForce);
          else if (applied(outcome) && sentA < a) this.setInForce(r.key, sentA, inForce);
        }),
      );
    }
    await Promise.all(pending);
  }

  /**
   * The station refused the session's profile (Rejected, NotSupported…): whatever it had stays, so it is
   * counted at its maximum (or draw) from now on, its part taken off the limit before sharing, and it is
   * not sent the profile again. The others are shared anew.
   */
  private giveUp(key: string, inForce: Map<string, number | null>): void {
    if (!this.live(key)) return;
    inForce.set(key, null);
    this.sessions.setUncontrolled(key);
    this.again = true;
  }

  /**
   * The site is no longer managed (disabled, or its limit removed): each profile that may be in force
   * is cleared (ClearChargingProfile by the module's profile id), so no session stays held (or paused at
   * 0 A); one not answered stays counted and is cleared at the next recomputation.
   */
  private async clearAll(): Promise<void> {
    const held = this.sessions.all().filter((r) => r.limit_a !== null);
    await Promise.all(
      held.map(async (r) => {
        const stub = this.env.CHARGE_POINTS.get(this.env.CHARGE_POINTS.idFromName(r.station_uid));
        try {
          const o = (await stub.sendCommand(
            'ClearChargingProfile',
            clearProfile(r.connector_id),
            LOAD_COMMAND_TIMEOUT_MS,
          )) as CommandResult;
          // Accepted, or Unknown (the station no longer has it): nothing of ours is in force.
          if (o.status === 'accepted') this.sessions.setLimit(r.key, null);
        } catch (e) {
          console.warn(`[load] ${r.station_uid}: limit not cleared: ${String(e)}`);
        }
      }),
    );
  }

  private live(key: string): boolean {
    return this.sessions.has(key);
  }

  private setInForce(key: string, limitA: number | null, inForce: Map<string, number | null>): void {
    inForce.set(key, limitA);
    this.sessions.setLimit(key, limitA);
  }

  /**
   * Sends `limitA` for the session through its ChargePoint's command RPC, once its state shows the
   * transaction still open; when it does not, the session's end was lost on the way here: it goes.
   * An operator's own TxProfile for the transaction caps it (the lower limit is sent, `sentA`), and
   * the site's profile stacks above the operator's so it never replaces it on the station.
   */
  private async send(row: SiteSessionRow, limitA: number): Promise<{ outcome: CommandResult; sentA: number }> {
    const stub = this.env.CHARGE_POINTS.get(this.env.CHARGE_POINTS.idFromName(row.station_uid));
    try {
      const state = await stub.state();
      if (!state.openTransactions.some((t) => t.transactionId === row.transaction_id)) {
        this.sessions.remove(row.key);
        this.again = true;
        const outcome = { status: 'rejected', code: 'TransactionEnded', description: 'The transaction is not open' };
        return { outcome: outcome as CommandResult, sentA: limitA };
      }
      const operator = operatorLimitsOf(state.operatorTxProfiles ?? [], row.connector_id, row.transaction_id);
      const voltage = (await this.site())?.config.voltage ?? ASSUMED_VOLTAGE;
      const capA =
        operator.length === 0 ? null : floorTenth(Math.min(...operator.map((o) => operatorAmps(o, voltage))));
      if (capA !== row.operator_a) {
        this.sessions.setOperatorCap(row.key, capA);
        // Its share is bounded anew: what it cannot take goes to the others.
        this.again = true;
      }
      const sentA = capA === null ? limitA : Math.min(limitA, capA);
      const stackLevel = Math.max(LOAD_PROFILE_STACK_LEVEL, ...operator.map((o) => o.stackLevel + 1));
      const payload = txProfile(row.connector_id, row.transaction_id, sentA, stackLevel);
      const outcome = await stub.sendCommand('SetChargingProfile', payload, LOAD_COMMAND_TIMEOUT_MS);
      return { outcome, sentA };
    } catch (e) {
      console.warn(`[load] ${row.station_uid}: limit not sent: ${String(e)}`);
      return { outcome: { status: 'timeout' }, sentA: limitA };
    }
  }
}

const applied = (o: CommandResult) =>
  o.status === 'accepted' && (o.reply as { status?: unknown } | null)?.status === 'Accepted';
/** The station said no (a non-Accepted status, or a CALLERROR such as NotSupported); a lost transaction is not a refusal. */
const refused = (o: CommandResult) =>
  (o.status === 'rejected' && o.code !== 'TransactionEnded') || (o.status === 'accepted' && !applied(o));
