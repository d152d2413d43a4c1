/**
 * @module One Durable Object per charge point: owns its WebSocket (hibernation API), keeps its state
 * in its own SQLite storage, answers the charge point's CALLs and sends the back office's commands.
 * This file is the object's lifecycle (the upgrade, the socket's message, close and error events,
 * the alarm) and its RPC surface; the work is done by its parts, as in ocpp-rpc:
 * - transport/dispatcher.ts: the call dispatcher (handler map, validation, reply, frame log);
 * - transport/command-sender.ts: the command sender (outgoing CALLs and their pending answers);
 * - duties/: the alarm, the heartbeat timeout, scheduled availability; certificates/delivery.ts;
 * - storage/: the object's tables, each module owning its SQL.
 */
import { DurableObject } from 'cloudflare:workers';
import { openDb } from '@db/db';
import type { RevocationReason } from '@domain/certificates/crl';
import { STATION_LOG_MAX_LIMIT, type StationLogEntry, type StationLogQuery } from '@domain/ocpp/station-log';
import { isOcppVersion } from '@domain/ocpp/versions';
import { authorityMode, type CertificateAuthorityMode } from './certificates/authority';
import { CertificateDelivery } from './certificates/delivery';
import { type IssuedRecord, issuedCertificates } from './certificates/issued';
import { type CrlAnswer, type RevokeAnswer, revokeIssued, signRevocationList } from './certificates/revocation';
import { Alarm } from './duties/alarm';
import { Liveness } from './duties/heartbeat-timeout';
import { type ScheduleAnswer, ScheduledAvailabilityDuty, type ScheduleInput } from './duties/scheduled-availability';
import { LiveFeedPublisher } from './live-feed';
import type { ObjectParts } from './object-parts';
import { type ChargePointState, chargePointState } from './state-view';
import { FrameLog, retentionFromEnv } from './storage/frame-log';
import type { ScheduledAvailability } from './storage/schedules';
import type { BootState } from './storage/state';
import { DUTY_DUE, Store } from './storage/store';
import { CommandSender } from './transport/command-sender';
import { CallDispatcher } from './transport/dispatcher';
import type { CommandResult } from './transport/outbound';

export type { BootState, ChargePointState, CommandResult, ScheduleAnswer, ScheduledAvailability };

/**
 * `kv` keys every object life reads, in one statement when it wakes: the registration, the
 * heartbeat-timeout flag, and (into the store's cache) the heartbeat interval, the D1 last-seen
 * throttle and DUTY_DUE, read on every wake or every Heartbeat.
 */
const WAKE_KEYS = [
  'identity',
  'stationId',
  'ip',
  'ocppVersion',
  'timedOut',
  'heartbeatInterval',
  'd1SeenAt',
  DUTY_DUE,
] as const;

export class ChargePoint extends DurableObject<Env> {
  private readonly store: Store;
  private readonly frames: FrameLog;
  private readonly schedules: ScheduledAvailabilityDuty;
  private readonly parts: ObjectParts;
  private readonly liveness: Liveness;
  private readonly sender: CommandSender;
  private readonly certificateDelivery: CertificateDelivery;
  private readonly alarms: Alarm;
  private readonly dispatcher: CallDispatcher;
  /** One drizzle client per object life, not one per frame. */
  private database: ReturnType<typeof openDb> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // The wake keys and the schema check in one statement (Store.wake).
    const { store, kv } = Store.wake(ctx.storage.sql, WAKE_KEYS);
    this.store = store;
    this.frames = new FrameLog(ctx.storage.sql, retentionFromEnv(env));
    this.schedules = new ScheduledAvailabilityDuty(ctx.storage.sql);
    const liveFeed = new LiveFeedPublisher(
      (env as Partial<Env>).LiveFeed,
      () => this.db(),
      (p) => this.ctx.waitUntil(p),
    );
    const registration = {
      identity: (kv.identity as string | null) ?? null,
      stationId: (kv.stationId as number | null) ?? null,
      ip: (kv.ip as string | null) ?? null,
      version: kv.ocppVersion ?? 'ocpp1.6',
    };
    this.parts = {
      ctx,
      env,
      store,
      frames: this.frames,
      registration,
      db: () => this.db(),
      publish: (event) => liveFeed.publish(registration.stationId, event),
      newestSocket: () => this.newestSocket(),
    };
    this.liveness = new Liveness(this.parts, kv.timedOut === true);
    this.sender = new CommandSender(this.parts, this.liveness, (at) => this.alarms.fireBy(at));
    this.certificateDelivery = new CertificateDelivery(
      store,
      env,
      (action, payload, timeoutMs, onSent) => this.sender.send(action, payload, timeoutMs, onSent),
      () => this.newestSocket() !== null,
    );
    this.alarms = new Alarm(ctx.storage, store, {
      heartbeatDue: () => this.liveness.heartbeatDue(),
      offlineAfterMs: () => this.liveness.offlineAfterMs(),
      otherDue: (now) => [this.schedules.nextDue(now), this.certificateDelivery.nextDue()],
    });
    this.dispatcher = new CallDispatcher(this.parts, this.liveness, this.alarms, this.sender.outbox, {
      sendCommand: (action, payload, timeoutMs) => this.sender.send(action, payload, timeoutMs),
      wakeAt: (at) => this.alarms.armDuty(at),
      deliverCertificate: (serial) => this.certificateDelivery.deliver(serial),
    });
  }

  /** Called only by the ocpp worker after the upgrade checks (subprotocol, credentials, station). */
  override async fetch(request: Request): Promise<Response> {
    const identity = request.headers.get('x-charge-point-id');
    const stationId = Number(request.headers.get('x-station-id'));
    const version = request.headers.get('x-ocpp-version') ?? 'ocpp1.6';
    if (!identity || !Number.isInteger(stationId) || !isOcppVersion(version))
      return new Response('Not an upgrade from the ocpp worker', { status: 400 });
    this.store.put('identity', identity);
    this.store.put('stationId', stationId);
    this.store.put('ip', request.headers.get('cf-connecting-ip'));
    this.store.put('ocppVersion', version);
    Object.assign(this.parts.registration, {
      identity,
      stationId,
      version,
      ip: request.headers.get('cf-connecting-ip'),
    });
    const tag = `${Date.now()}-${crypto.randomUUID()}`;
    this.store.put('socket', tag);
    // Commands must reach the newest connection; the old one is told why it goes away.
    for (const old of this.ctx.getWebSockets()) {
      try {
        old.close(1012, 'Replaced by a newer connection');
      } catch {}
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [tag]);
    const now = Date.now();
    this.store.put('lastSeen', new Date(now).toISOString());
    this.liveness.setTimedOut(false);
    this.frames.event('Connected', { ip: request.headers.get('cf-connecting-ip'), version }, now);
    await this.alarms.armHeartbeat(now);
    this.liveness.announce(true, now);
    return new Response(null, {
      status: 101,
      webSocket: pair[0],
      headers: { 'sec-websocket-protocol': version },
    });
  }

  /** Every frame from the charge point: the call dispatcher's (transport/dispatcher.ts). */
  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    return this.dispatcher.message(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const tag = this.ctx.getTags(ws)[0];
    if (tag) this.sender.outbox.socketClosed(tag);
    if (tag === this.store.get('socket')) {
      const at = new Date().toISOString();
      this.frames.event('Disconnected', { code }, Date.parse(at));
      this.liveness.markOffline(at);
    }
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'Closed');
    } catch {}
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    const tag = this.ctx.getTags(ws)[0];
    if (tag) this.sender.outbox.socketClosed(tag);
  }

  /**
   * One alarm serves every timed duty of the object, always set to the earliest due time:
   * - heartbeat timeout: due two heartbeat intervals after the last frame. If nothing came since,
   *   the station is marked offline exactly as a socket close does (duties/heartbeat-timeout);
   * - scheduled availability: each ChangeAvailability due by now is sent, its answer kept and
   *   written to the customer-service log (scheduled-availability, ADR 027);
   * - certificate delivery: a CertificateSigned whose outcome is overdue (the object was evicted
   *   before sending it or while awaiting its answer) is sent, or its record settled (certificates/delivery);
   * - the frame log of a station that went quiet is pruned.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.frames.prune(now);
    this.alarms.armed = false;
    this.liveness.check(now);
    await this.schedules.fire(now, (action, payload, timeoutMs) => this.sender.send(action, payload, timeoutMs));
    await this.certificateDelivery.overdue(now);
    await this.schedules.logFired(this.db());
    await this.alarms.setNext();
  }

  private db() {
    this.database ??= openDb(this.env.DB);
    return this.database;
  }

  private newestSocket(): { ws: WebSocket; tag: string } | null {
    const tag = this.store.get('socket');
    if (!tag) return null;
    const ws = this.ctx.getWebSockets(tag)[0];
    return ws && ws.readyState === WebSocket.OPEN ? { ws, tag } : null;
  }

  // ---- RPC for the web and API workers ----

  /** RPC for the web worker: what the object knows of its charge point. */
  async state(): Promise<ChargePointState> {
    return chargePointState(this.store, this.liveness, this.newestSocket() !== null);
  }

  /**
   * RPC for the command API: sends a CALL on the newest socket and resolves with the charge point's
   * answer, 'timeout' after `timeoutMs`, or 'offline' at once when no socket is open.
   */
  async sendCommand(action: string, payload: unknown, timeoutMs?: number): Promise<CommandResult> {
    return this.sender.command(action, payload, timeoutMs);
  }

  /**
   * RPC for the station-log API: entries matching the filters, at most 200 (the spec's cap) from
   * `from` onwards, oldest first; without `from`, the latest ones.
   */
  async frameLog(query: StationLogQuery): Promise<StationLogEntry[]> {
    return this.frames.query({ ...query, limit: Math.min(Math.max(1, query.limit), STATION_LOG_MAX_LIMIT) });
  }

  /**
   * RPC for the station-commands API: stores a ChangeAvailability to send at `dueAt` (ms) and
   * brings the alarm forward to it. The payload is checked against the OCPP schema now, not when due.
   */
  async scheduleAvailability(input: ScheduleInput): Promise<ScheduleAnswer> {
    const answer = this.schedules.schedule(input, Date.now());
    if (answer.ok) await this.alarms.armDuty(input.dueAt);
    return answer;
  }

  /** RPC: the waiting entries (soonest first) and the last fired or cancelled ones (latest first). */
  async scheduledAvailability(): Promise<ScheduledAvailability[]> {
    return this.schedules.list();
  }

  /**
   * RPC: cancels a waiting entry. Answers the entry as it now is (null for an unknown id) and
   * whether this call cancelled it (false when it had already fired or been cancelled).
   */
  async cancelScheduledAvailability(
    id: number,
    userId: number,
  ): Promise<{ cancelled: boolean; schedule: ScheduledAvailability | null }> {
    // The alarm is left as it is: when it fires with nothing due it sets itself to the next due time.
    return this.schedules.cancel(id, userId, Date.now());
  }

  // Command progress (helper "cmds", ADR 014): diagnostics / firmware / log progress that the charge
  // point reported through its notifications, the last CSR it sent, and resetting them.

  /** What the charge point last reported about uploads, firmware and logs, and its last CSR. */
  async commandProgress(): Promise<import('./handlers/notifications').CommandProgress> {
    return {
      connected: this.newestSocket() !== null,
      diagnostics: this.store.get('diagnosticsStatus'),
      firmware: this.store.get('firmwareStatus'),
      log: this.store.get('logStatus'),
      csr: this.store.get('lastCsr'),
    };
  }

  /** RPC: how SignCertificate is served here, and the certificates the built-in CA issued (latest first). */
  async certificates(): Promise<{ authority: CertificateAuthorityMode; issued: IssuedRecord[] }> {
    return { authority: authorityMode(this.env), issued: issuedCertificates(this.store) };
  }

  /**
   * RPC for the revoke API: marks an issued certificate revoked (final; a repeat answers the first
   * revocation). The API then lists it in D1 for the CRL and writes the customer-service log.
   */
  async revokeCertificate(input: { serial: string; reason: RevocationReason; userId: number }): Promise<RevokeAnswer> {
    return revokeIssued(this.store, this.env, { ...input, at: new Date() });
  }

  /**
   * RPC for `GET /api/ca/crl`: the CA's CRL of the given revocations, signed here because only the
   * ocpp worker holds the CA key. Stateless: the API calls it on an object of a reserved name.
   */
  async revocationList(revoked: { serial: string; revokedAt: string; reason: RevocationReason }[]): Promise<CrlAnswer> {
    return signRevocationList(this.env, revoked, new Date());
  }

  /** Forgets the last reported status of `kind` (the spec's reset-…-status calls). */
  async resetProgress(kind: 'diagnostics' | 'firmware' | 'log'): Promise<void> {
    this.store.put(`${kind}Status`, null);
  }
}
