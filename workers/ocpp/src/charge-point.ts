/**
 * @module One Durable Object per charge point: owns its WebSocket (hibernation API), keeps its state
 * in its own SQLite storage, answers the charge point's CALLs and sends the back office's commands.
 */
import { DurableObject } from 'cloudflare:workers';
import { getServerByName } from 'partyserver';
import { companyRoom, type LiveEvent } from '../../../domain/live/events';
import { openDb } from '../../../drizzle/db';
import { liveFeedCompanies } from '../../../drizzle/queries/stations';
import type { HandlerContext } from './context';
import { isInboundAction } from './handlers';
import type { InboundReplies, InboundRequests } from './ocpp-types';
import { type ConnectorState, Store, type TransactionState } from './storage/store';
import { errorFrame, parseFrame } from './transport/frames';
import { answerCall } from './transport/inbound';
import { type CommandResult, checkCommand, DEFAULT_COMMAND_TIMEOUT_MS, Outbox } from './transport/outbound';
import { OCPP_SUBPROTOCOL } from './upgrade';

export type { CommandResult };

/** The last BootNotification as received, with when and how it was answered. */
export type BootState = InboundRequests['BootNotification'] & { at: string; status: string };

export interface ChargePointState {
  identity: string | null;
  stationId: number | null;
  boot: BootState | null;
  lastHeartbeat: string | null;
  lastSeen: string | null;
  connected: boolean;
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
  /** Ids of the charge point's CALLs being processed: a second CALL with one of them is refused. */
  private readonly inFlight = new Set<string>();
  /** Rooms this station's events go to, looked up once per object life. */
  private rooms: Promise<string[]> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new Store(ctx.storage.sql);
    this.store.dropExpiredCalls(Date.now());
    this.outbox = new Outbox(this.store, () => this.newestSocket());
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
    this.publish({ type: 'station-online', stationUid: identity, online: true, at: new Date().toISOString() });
    return new Response(null, {
      status: 101,
      webSocket: pair[0],
      headers: { 'sec-websocket-protocol': OCPP_SUBPROTOCOL },
    });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const frame = parseFrame(message);
    const now = new Date();
    this.store.put('lastSeen', now.toISOString());
    switch (frame.type) {
      case 'invalid':
        return send(ws, errorFrame(frame.id, frame.code, frame.description));
      case 'result':
        this.outbox.result(frame.id, frame.payload);
        return;
      case 'error':
        this.outbox.error(frame.id, frame.code, frame.description);
        return;
      case 'call': {
        if (this.inFlight.has(frame.id)) {
          return send(ws, errorFrame(frame.id, 'ProtocolError', `Message id ${frame.id} is already being processed`));
        }
        this.inFlight.add(frame.id);
        try {
          const ctx = this.handlerContext(now);
          const reply = ctx
            ? await answerCall(ctx, frame.id, frame.action, frame.payload)
            : errorFrame(frame.id, 'InternalError', 'Charge point not registered on this connection');
          send(ws, reply);
        } finally {
          this.inFlight.delete(frame.id);
        }
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const tag = this.ctx.getTags(ws)[0];
    if (tag) this.outbox.socketClosed(tag);
    if (tag === this.store.get<string>('socket')) {
      const at = new Date().toISOString();
      this.store.put('disconnectedAt', at);
      const identity = this.store.get<string>('identity');
      if (identity) this.publish({ type: 'station-online', stationUid: identity, online: false, at });
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
      identity: this.store.get<string>('identity'),
      stationId: this.store.get<number>('stationId'),
      boot: this.store.get<BootState>('boot'),
      lastHeartbeat: this.store.get<string>('lastHeartbeat'),
      lastSeen: this.store.get<string>('lastSeen'),
      connected: this.newestSocket() !== null,
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
    if (isInboundAction(action)) {
      return { status: 'rejected', code: 'NotSupported', description: `${action} is sent by charge points` };
    }
    const invalid = checkCommand(action, payload);
    if (invalid) return invalid;
    const wait = timeoutMs !== undefined && timeoutMs > 0 ? timeoutMs : DEFAULT_COMMAND_TIMEOUT_MS;
    return this.outbox.send(action, payload, wait);
  }

  private newestSocket(): { ws: WebSocket; tag: string } | null {
    const tag = this.store.get<string>('socket');
    if (!tag) return null;
    const ws = this.ctx.getWebSockets(tag)[0];
    return ws && ws.readyState === WebSocket.OPEN ? { ws, tag } : null;
  }

  private handlerContext(now: Date): HandlerContext | null {
    const identity = this.store.get<string>('identity');
    const stationId = this.store.get<number>('stationId');
    if (!identity || stationId === null) return null;
    return {
      store: this.store,
      db: openDb(this.env.DB),
      env: this.env,
      identity,
      stationId,
      ip: this.store.get<string>('ip'),
      now,
      publish: (event) => this.publish(event),
    };
  }

  /**
   * Sends the event to the live-feed rooms after the reply, never delaying the charge point. The web
   * worker owns the rooms (binding `LiveFeed`); where it is absent (the ocpp worker's own tests)
   * nothing is published.
   */
  private publish(event: LiveEvent): void {
    const rooms = (this.env as Partial<Env>).LiveFeed;
    const stationId = this.store.get<number>('stationId');
    if (!rooms || stationId === null) return;
    this.rooms ??= liveFeedCompanies(openDb(this.env.DB), stationId).then((ids) => ids.map(companyRoom));
    const delivery = this.rooms.then((names) =>
      Promise.all(names.map(async (name) => (await getServerByName(rooms, name)).publish(event))),
    );
    this.ctx.waitUntil(
      delivery.then(
        () => undefined,
        (error: unknown) => {
          this.rooms = null;
          console.warn('live feed publish failed', error);
        },
      ),
    );
  }

  // ---- Command progress RPC (helper "cmds", ADR 014): diagnostics / firmware / log progress that the
  // charge point reported through its notifications, the last CSR it sent, and resetting them. ----

  /** What the charge point last reported about uploads, firmware and logs, and its last CSR. */
  async commandProgress(): Promise<import('./handlers/notifications').CommandProgress> {
    return {
      connected: this.newestSocket() !== null,
      diagnostics: this.store.get<import('./handlers/notifications').ProgressReport>('diagnosticsStatus'),
      firmware: this.store.get<import('./handlers/notifications').ProgressReport>('firmwareStatus'),
      log: this.store.get<import('./handlers/notifications').ProgressReport>('logStatus'),
      csr: this.store.get<import('./handlers/notifications').CsrReport>('lastCsr'),
    };
  }

  /**
   * DataTransfer goes both ways in OCPP 1.6; `sendCommand` refuses inbound action names, so the back
   * office's DataTransfer goes through here (same validation, timeout and offline answer).
   */
  async sendDataTransfer(payload: unknown, timeoutMs?: number): Promise<CommandResult> {
    const invalid = checkCommand('DataTransfer', payload);
    if (invalid) return invalid;
    const wait = timeoutMs !== undefined && timeoutMs > 0 ? timeoutMs : DEFAULT_COMMAND_TIMEOUT_MS;
    return this.outbox.send('DataTransfer', payload, wait);
  }

  /** Forgets the last reported status of `kind` (the spec's reset-…-status calls). */
  async resetProgress(kind: 'diagnostics' | 'firmware' | 'log'): Promise<void> {
    this.store.put(`${kind}Status`, null);
  }
}

function send(ws: WebSocket, frame: string): void {
  try {
    ws.send(frame);
  } catch {
    // The socket closed while the answer was being prepared; the charge point will retry.
  }
}
