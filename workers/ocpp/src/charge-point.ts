/**
 * @module One Durable Object per charge point: owns its WebSocket (hibernation API), keeps its state
 * in its own SQLite storage, answers the charge point's CALLs and sends the back office's commands.
 */
import { DurableObject } from 'cloudflare:workers';
import { openDb } from '@db/db';
import { recordConnection } from '@db/queries/stations.store';
import type { RevocationReason } from '@domain/certificates/crl';
import type { LiveEvent } from '@domain/live/events';
import {
  eventTypeOfInboundAction,
  STATION_LOG_MAX_LIMIT,
  type StationLogEntry,
  type StationLogQuery,
} from '@domain/ocpp/station-log';
import { heartbeatInterval, offlineAfterMs } from '@domain/stations/liveness';
import { authorityMode, type CertificateAuthorityMode } from './certificates/authority';
import { CertificateDelivery } from './certificates/delivery';
import { type IssuedRecord, issuedCertificates } from './certificates/issued';
import { type CrlAnswer, type RevokeAnswer, revokeIssued, signRevocationList } from './certificates/revocation';
import type { HandlerContext } from './context';
import { Alarm } from './duties/alarm';
import { type ScheduleAnswer, ScheduledAvailabilityDuty, type ScheduleInput } from './duties/scheduled-availability';
import { isChargePointOnlyAction } from './handlers';
import { dropRemoteStart, recordRemoteStart } from './handlers/remote-start';
import { LiveFeedPublisher } from './live-feed';
import type { InboundReplies } from './ocpp-types';
import { FrameLog, type FrameRecord, retentionFromEnv } from './storage/frame-log';
import type { ScheduledAvailability } from './storage/schedules';
import type { BootState } from './storage/state';
import { type ConnectorState, DUTY_DUE, Store, type TransactionState } from './storage/store';
import { CALLERROR, errorFrame, parseFrame } from './transport/frames';
import { answerCall } from './transport/inbound';
import { type CommandResult, checkCommand, DEFAULT_COMMAND_TIMEOUT_MS, Outbox } from './transport/outbound';
import { OCPP_SUBPROTOCOL } from './upgrade';

export type { BootState, CommandResult, ScheduleAnswer, ScheduledAvailability };

/**
 * Actions whose handler waits on nothing but the object's own storage before its reply (D1 work,
 * if any, runs after it), or on D1 only rarely (Heartbeat: last seen, once per 15 minutes): the CALL
 * is logged together with its reply, in one INSERT. A CALL whose object dies before the reply is then
 * absent from the log; its charge point, having no reply, sends it again.
 */
const LOGGED_WITH_REPLY: ReadonlySet<string> = new Set(['MeterValues', 'Heartbeat']);

/**
 * `kv` keys every object life reads, in one statement when it wakes: the registration, the
 * heartbeat-timeout flag, and (into the store's cache) the heartbeat interval, the D1 last-seen
 * throttle and DUTY_DUE, read on every wake or every Heartbeat.
 */
const WAKE_KEYS = ['identity', 'stationId', 'ip', 'timedOut', 'heartbeatInterval', 'd1SeenAt', DUTY_DUE] as const;

export interface ChargePointState {
  identity: string | null;
  stationId: number | null;
  boot: BootState | null;
  lastHeartbeat: string | null;
  lastSeen: string | null;
  connected: boolean;
  /** Connected and heard from within two heartbeat intervals (false after a heartbeat timeout). */
  online: boolean;
  connectors: ConnectorState[];
  // Concrete types only: RPC cannot describe `unknown` fields of a returned object.
  openTransactions: (Omit<TransactionState, 'stop' | 'stopReply' | 'closed' | 'startReply'> & {
    startReply: InboundReplies['StartTransaction'];
  })[];
  pendingCalls: { messageId: string; action: string; sentAt: number; timeoutAt: number }[];
}

export class ChargePoint extends DurableObject<Env> {
  private readonly store: Store;
  private readonly outbox: Outbox;
  private readonly frames: FrameLog;
  private readonly schedules: ScheduledAvailabilityDuty;
  private readonly certificateDelivery: CertificateDelivery;
  private readonly alarms: Alarm;
  private readonly liveFeed: LiveFeedPublisher;
  /** Identity, station and address of the connection, read from storage once per object life. */
  private registration: { identity: string | null; stationId: number | null; ip: string | null };
  /** Whether the station is marked offline by the heartbeat timeout (cached; stored under 'timedOut'). */
  private silent: boolean;
  /** One drizzle client per object life, not one per frame. */
  private database: ReturnType<typeof openDb> | null = null;
  /** Ids of the charge point's CALLs being processed: a second CALL with one of them is refused. */
  private readonly inFlight = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // The wake keys and the schema check in one statement (Store.wake).
    const { store, kv } = Store.wake(ctx.storage.sql, WAKE_KEYS);
    this.store = store;
    this.registration = {
      identity: (kv.identity as string | null) ?? null,
      stationId: (kv.stationId as number | null) ?? null,
      ip: (kv.ip as string | null) ?? null,
    };
    this.silent = kv.timedOut === true;
    this.frames = new FrameLog(ctx.storage.sql, retentionFromEnv(env));
    this.schedules = new ScheduledAvailabilityDuty(ctx.storage.sql);
    this.outbox = new Outbox(
      this.store,
      () => this.newestSocket(),
      (id, action, payload, frame) =>
        this.frames.write({
          at: Date.now(),
          direction: 'out',
          messageType: 2,
          messageId: id,
          action,
          connectorId: connectorOf(payload),
          errorCode: null,
          eventType: 'Command',
          frame,
        }),
    );
    this.certificateDelivery = new CertificateDelivery(
      this.store,
      env,
      (action, payload, timeoutMs, onSent) => this.send(action, payload, timeoutMs, onSent),
      () => this.newestSocket() !== null,
    );
    this.alarms = new Alarm(ctx.storage, this.store, {
      heartbeatDue: () => this.heartbeatDue(),
      offlineAfterMs: () => this.offlineAfterMs(),
      otherDue: (now) => [this.schedules.nextDue(now), this.certificateDelivery.nextDue()],
    });
    this.liveFeed = new LiveFeedPublisher(
      (env as Partial<Env>).LiveFeed,
      () => this.db(),
      (p) => this.ctx.waitUntil(p),
    );
  }

  /** Called only by the ocpp worker after the upgrade checks (subprotocol, credentials, station). */
  override async fetch(request: Request): Promise<Response> {
    const identity = request.headers.get('x-charge-point-id');
    const stationId = Number(request.headers.get('x-station-id'));
    if (!identity || !Number.isInteger(stationId))
      return new Response('Not an upgrade from the ocpp worker', { status: 400 });
    this.store.put('identity', identity);
    this.store.put('stationId', stationId);
    this.store.put('ip', request.headers.get('cf-connecting-ip'));
    this.registration = { identity, stationId, ip: request.headers.get('cf-connecting-ip') };
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
    this.setTimedOut(false);
    this.frames.event('Connected', { ip: request.headers.get('cf-connecting-ip') }, now);
    await this.alarms.armHeartbeat(now);
    this.announceOnline(true, now);
    return new Response(null, {
      status: 101,
      webSocket: pair[0],
      headers: { 'sec-websocket-protocol': OCPP_SUBPROTOCOL },
    });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const frame = parseFrame(message);
    const now = new Date();
    const at = now.getTime();
    const text = typeof message === 'string' ? message : `(${message.byteLength} bytes binary)`;
    // No per-frame write of the last-seen time: every inbound frame is in the frame log with its
    // time, which is where lastSeen() reads it (ADR 010, addendum on the MeterValues write path).
    if (this.timedOut()) this.backOnline(at);
    if (!this.alarms.armed) await this.alarms.armHeartbeat(at);
    switch (frame.type) {
      case 'invalid': {
        const id = frame.id === '-1' ? null : frame.id;
        this.frames.write({
          at,
          direction: 'in',
          messageType: null,
          messageId: id,
          action: null,
          connectorId: null,
          errorCode: frame.code,
          eventType: 'Error',
          frame: text,
        });
        return this.reply(ws, id, errorFrame(frame.id, frame.code, frame.description), null, null, 'Error', at);
      }
      case 'result':
      case 'error': {
        const call = this.store.pendingCall(frame.id);
        const [type, code] = frame.type === 'result' ? [3, null] : [CALLERROR, frame.code];
        const event = frame.type === 'result' ? 'Command' : 'Error';
        this.frames.write({
          at,
          direction: 'in',
          messageType: type,
          messageId: frame.id,
          action: call?.action ?? null,
          connectorId: connectorOf(call?.payload),
          errorCode: code,
          eventType: event,
          frame: text,
        });
        if (frame.type === 'result') this.outbox.result(frame.id, frame.payload);
        else this.outbox.error(frame.id, frame.code, frame.description);
        return;
      }
      case 'call': {
        const connector = this.connectorOfCall(frame.action, frame.payload);
        const event = eventTypeOfInboundAction(frame.action);
        const errorCode = frame.action === 'StatusNotification' ? stringField(frame.payload, 'errorCode') : null;
        const inbound: FrameRecord = {
          at,
          direction: 'in',
          messageType: 2,
          messageId: frame.id,
          action: frame.action,
          connectorId: connector,
          errorCode,
          eventType: event,
          frame: text,
        };
        // Written with the reply in one INSERT when the handler waits on nothing but the object's
        // own storage (same storage transaction either way); otherwise at once, before any D1 wait.
        let pending: FrameRecord | null = LOGGED_WITH_REPLY.has(frame.action) ? inbound : null;
        if (pending === null) this.frames.write(inbound);
        if (this.inFlight.has(frame.id)) {
          const refusal = errorFrame(frame.id, 'ProtocolError', `Message id ${frame.id} is already being processed`);
          return this.reply(ws, frame.id, refusal, frame.action, connector, event, at, pending);
        }
        this.inFlight.add(frame.id);
        const later: (() => Promise<void>)[] = [];
        try {
          const ctx = this.handlerContext(now, later);
          const reply = ctx
            ? await answerCall(ctx, frame.id, frame.action, frame.payload)
            : errorFrame(frame.id, 'InternalError', 'Charge point not registered on this connection');
          this.reply(ws, frame.id, reply, frame.action, connector, event, Date.now(), pending);
          pending = null;
        } finally {
          this.inFlight.delete(frame.id);
          // Never lost, even when building the reply threw.
          if (pending !== null) this.frames.write(pending);
        }
        for (const task of later) {
          this.ctx.waitUntil(
            task().catch((error: unknown) => console.error(`[ocpp] ${frame.action} follow-up failed`, error)),
          );
        }
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const tag = this.ctx.getTags(ws)[0];
    if (tag) this.outbox.socketClosed(tag);
    if (tag === this.store.get('socket')) {
      const at = new Date().toISOString();
      this.frames.event('Disconnected', { code }, Date.parse(at));
      this.markOffline(at);
    }
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'Closed');
    } catch {}
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    const tag = this.ctx.getTags(ws)[0];
    if (tag) this.outbox.socketClosed(tag);
  }

  /** RPC for the web worker: what the object knows of its charge point. */
  async state(): Promise<ChargePointState> {
    return {
      identity: this.store.get('identity'),
      stationId: this.store.get('stationId'),
      boot: this.store.get('boot'),
      lastHeartbeat: this.lastHeartbeat(),
      lastSeen: this.lastSeen(),
      connected: this.newestSocket() !== null,
      online: this.newestSocket() !== null && !this.timedOut(),
      connectors: this.store.connectors(),
      openTransactions: this.store.openTransactions().map(({ stop: _s, stopReply: _r, closed: _c, ...t }) => ({
        ...t,
        startReply: t.startReply as InboundReplies['StartTransaction'],
      })),
      pendingCalls: this.store.pendingCalls(),
    };
  }

  /**
   * RPC for the command API: sends a CALL on the newest socket and resolves with the charge point's
   * answer, 'timeout' after `timeoutMs`, or 'offline' at once when no socket is open.
   */
  async sendCommand(action: string, payload: unknown, timeoutMs?: number): Promise<CommandResult> {
    if (isChargePointOnlyAction(action)) {
      return { status: 'rejected', code: 'NotSupported', description: `${action} is sent by charge points` };
    }
    const invalid = checkCommand(action, payload);
    if (invalid) return invalid;
    const wait = timeoutMs !== undefined && timeoutMs > 0 ? timeoutMs : DEFAULT_COMMAND_TIMEOUT_MS;
    return this.send(action, payload, wait);
  }

  /**
   * Every command goes out here (the API's, and the object's own: limit stops, scheduled
   * availability), so what an accepted command changes in the object is applied whoever sent it.
   */
  private async send(
    action: string,
    payload: unknown,
    timeoutMs: number,
    onSent?: (messageId: string) => void,
  ): Promise<CommandResult> {
    if (action !== 'RemoteStartTransaction') {
      const outcome = await this.outbox.send(action, payload, timeoutMs, onSent);
      if (action === 'ChangeConfiguration') await this.configurationChanged(payload, outcome);
      return outcome;
    }
    // Remembered as it goes out: the StartTransaction it causes may come before its answer.
    let sentId: string | null = null;
    const outcome = await this.outbox.send(action, payload, timeoutMs, (id) => {
      sentId = id;
      recordRemoteStart(this.store, id, payload, Date.now());
      onSent?.(id);
    });
    const accepted = outcome.status === 'accepted' && (outcome.reply as { status?: unknown })?.status === 'Accepted';
    if (sentId !== null && !accepted) dropRemoteStart(this.store, sentId, Date.now());
    return outcome;
  }

  /**
   * A ChangeConfiguration of HeartbeatInterval the charge point Accepted: the heartbeat timeout
   * counts with the new interval from now on, and the alarm is brought forward when it shrank.
   * (RebootRequired applies only after a reboot, whose BootNotification sets the interval again.)
   */
  private async configurationChanged(payload: unknown, outcome: CommandResult): Promise<void> {
    if (outcome.status !== 'accepted') return;
    const { key, value } = payload as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || key.toLowerCase() !== 'heartbeatinterval') return;
    if ((outcome.reply as { status?: unknown } | null)?.status !== 'Accepted') return;
    const seconds = typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : 0;
    if (seconds <= 0) return;
    const at = Date.now();
    this.store.put('heartbeatInterval', seconds);
    this.frames.event('HeartbeatIntervalChanged', { interval: seconds, offlineAfterMs: this.offlineAfterMs() }, at);
    const due = this.heartbeatDue();
    if (due !== null) await this.alarms.fireBy(due);
  }

  /**
   * RPC for the station-log API: entries matching the filters, at most 200 (the spec's cap) from
   * `from` onwards, oldest first; without `from`, the latest ones.
   */
  async frameLog(query: StationLogQuery): Promise<StationLogEntry[]> {
    return this.frames.query({ ...query, limit: Math.min(Math.max(1, query.limit), STATION_LOG_MAX_LIMIT) });
  }

  /**
   * One alarm serves every timed duty of the object, always set to the earliest due time:
   * - heartbeat timeout: due two heartbeat intervals after the last frame. If nothing came since,
   *   the station is marked offline exactly as a socket close does;
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
    this.checkHeartbeat(now);
    await this.schedules.fire(now, (action, payload, timeoutMs) => this.send(action, payload, timeoutMs));
    await this.certificateDelivery.overdue(now);
    await this.schedules.logFired(this.db());
    await this.alarms.setNext();
  }

  private checkHeartbeat(now: number): void {
    const due = this.heartbeatDue();
    if (due === null || now < due) return;
    const lastSeen = due - this.offlineAfterMs();
    this.setTimedOut(true);
    this.frames.event(
      'HeartbeatTimeout',
      { lastSeen: new Date(lastSeen).toISOString(), afterMs: this.offlineAfterMs() },
      now,
    );
    this.markOffline(new Date(now).toISOString());
  }

  /** When the heartbeat timeout is due; null when it cannot happen (socket closed, or already timed out). */
  private heartbeatDue(): number | null {
    if (this.newestSocket() === null || this.timedOut()) return null;
    const lastSeen = Date.parse(this.lastSeen() ?? '') || 0;
    return lastSeen + this.offlineAfterMs();
  }

  /**
   * When the charge point was last heard from: its latest inbound frame in the frame log, or the
   * connection (stored at the upgrade) when no frame came since. Read, not written, per frame.
   */
  private lastSeen(): string | null {
    const connected = Date.parse(this.store.get('lastSeen') ?? '') || 0;
    const latest = Math.max(connected, this.frames.lastInboundAt() ?? 0);
    return latest > 0 ? new Date(latest).toISOString() : null;
  }

  /**
   * The latest Heartbeat answered: from the frame log (no write per Heartbeat), or the time kept in
   * `kv` with the D1 last-seen write (every 15 minutes) once the log no longer holds it.
   */
  private lastHeartbeat(): string | null {
    const kept = Date.parse(this.store.get('lastHeartbeat') ?? '') || 0;
    const latest = Math.max(kept, this.frames.lastAnsweredAt('Heartbeat') ?? 0);
    return latest > 0 ? new Date(latest).toISOString() : null;
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

  private db() {
    this.database ??= openDb(this.env.DB);
    return this.database;
  }

  private timedOut(): boolean {
    return this.silent;
  }

  private setTimedOut(value: boolean): void {
    this.store.put('timedOut', value);
    this.silent = value;
  }

  /**
   * Two heartbeat intervals: the one answered in BootNotification, or set later by an accepted
   * ChangeConfiguration of HeartbeatInterval (or configured, before any boot).
   */
  private offlineAfterMs(): number {
    return offlineAfterMs(this.store.get('heartbeatInterval') ?? heartbeatInterval(this.env));
  }

  /** What a socket close and a heartbeat timeout both do: record when, and announce it. */
  private markOffline(at: string): void {
    this.store.put('disconnectedAt', at);
    this.announceOnline(false, Date.parse(at));
  }

  private backOnline(now: number): void {
    this.setTimedOut(false);
    this.frames.event('BackOnline', {}, now);
    this.announceOnline(true, now);
  }

  /**
   * Every change of online state goes to the live feed and to the station's D1 row (the network
   * screens read `connected` there), after the reply, never per message.
   */
  private announceOnline(online: boolean, at: number): void {
    const { identity, stationId } = this.registration;
    if (!identity || stationId === null) return;
    this.publish({ type: 'station-online', stationUid: identity, online, at: new Date(at).toISOString() });
    this.ctx.waitUntil(
      recordConnection(this.db(), stationId, online, new Date(at)).catch((error: unknown) =>
        console.warn('[ocpp] connection state not recorded', error),
      ),
    );
  }

  /** Sends one of our replies and logs it with the CALL's action and connector. */
  private reply(
    ws: WebSocket,
    id: string | null,
    frame: string,
    action: string | null,
    connectorId: number | null,
    event: FrameRecord['eventType'],
    at: number,
    inbound: FrameRecord | null = null,
  ): void {
    send(ws, frame);
    const isError = frame.startsWith(`[${CALLERROR},`);
    const code = isError ? String((JSON.parse(frame) as unknown[])[2]) : null;
    const out: FrameRecord = {
      at,
      direction: 'out',
      messageType: isError ? CALLERROR : 3,
      messageId: id,
      action,
      connectorId,
      errorCode: code,
      eventType: isError ? 'Error' : event,
      frame,
    };
    this.frames.writeAll(inbound ? [inbound, out] : [out]);
  }

  /** The connector a charge point's CALL is about: its connectorId, or the transaction's for a Stop. */
  private connectorOfCall(action: string, payload: unknown): number | null {
    const direct = connectorOf(payload);
    if (direct !== null || action !== 'StopTransaction') return direct;
    const tx = (payload as { transactionId?: unknown }).transactionId;
    return typeof tx === 'number' && Number.isInteger(tx) ? (this.store.transaction(tx)?.connectorId ?? null) : null;
  }

  private newestSocket(): { ws: WebSocket; tag: string } | null {
    const tag = this.store.get('socket');
    if (!tag) return null;
    const ws = this.ctx.getWebSockets(tag)[0];
    return ws && ws.readyState === WebSocket.OPEN ? { ws, tag } : null;
  }

  private handlerContext(now: Date, later: (() => Promise<void>)[] = []): HandlerContext | null {
    const { identity, stationId, ip } = this.registration;
    if (!identity || stationId === null) return null;
    return {
      store: this.store,
      db: this.db(),
      env: this.env,
      identity,
      stationId,
      ip,
      now,
      publish: (event) => this.publish(event),
      afterReply: (task) => {
        later.push(task);
      },
      sendCommand: (action, payload, timeoutMs) => this.send(action, payload, timeoutMs),
      wakeAt: (at) => this.alarms.armDuty(at),
      deliverCertificate: (serial) => this.certificateDelivery.deliver(serial),
    };
  }

  /** Sends the event to the live-feed rooms after the reply, never delaying the charge point (live-feed.ts). */
  private publish(event: LiveEvent): void {
    this.liveFeed.publish(this.registration.stationId, event);
  }

  // ---- Command progress RPC (helper "cmds", ADR 014): diagnostics / firmware / log progress that the
  // charge point reported through its notifications, the last CSR it sent, and resetting them. ----

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

function connectorOf(payload: unknown): number | null {
  const id = (payload as { connectorId?: unknown } | null | undefined)?.connectorId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

function stringField(payload: unknown, key: string): string | null {
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

function send(ws: WebSocket, frame: string): void {
  try {
    ws.send(frame);
  } catch {
    // The socket closed while the answer was being prepared; the charge point will retry.
  }
}
