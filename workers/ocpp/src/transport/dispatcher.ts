/**
 * @module The call dispatcher: every frame the charge point sends comes here. A CALL is logged,
 * answered by its handler (transport/inbound.ts: the handler map, request and reply validation) and
 * its reply sent and logged; a CALLRESULT or CALLERROR settles the back office's pending call (the
 * command sender's outbox); a frame that does not parse gets its CALLERROR.
 */
import { eventTypeOfInboundAction } from '@domain/ocpp/station-log';
import type { HandlerContext } from '../context';
import type { Alarm } from '../duties/alarm';
import type { Liveness } from '../duties/heartbeat-timeout';
import { connectorOf, type ObjectParts } from '../object-parts';
import type { FrameRecord } from '../storage/frame-log';
import { CALLERROR, errorFrame, parseFrame } from './frames';
import { answerCall } from './inbound';
import type { Outbox } from './outbound';

/**
 * Actions whose handler waits on nothing but the object's own storage before its reply (D1 work,
 * if any, runs after it), or on D1 only rarely (Heartbeat: last seen, once per 15 minutes): the CALL
 * is logged together with its reply, in one INSERT. A CALL whose object dies before the reply is then
 * absent from the log; its charge point, having no reply, sends it again.
 */
const LOGGED_WITH_REPLY: ReadonlySet<string> = new Set(['MeterValues', 'Heartbeat']);

/** What a handler may ask of the object besides its storage, built once per object life. */
export type ObjectServices = Pick<HandlerContext, 'sendCommand' | 'wakeAt' | 'deliverCertificate'>;

export class CallDispatcher {
  /** Ids of the charge point's CALLs being processed: a second CALL with one of them is refused. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly parts: ObjectParts,
    private readonly liveness: Liveness,
    private readonly alarms: Alarm,
    private readonly outbox: Outbox,
    private readonly services: ObjectServices,
  ) {}

  async message(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const frame = parseFrame(message, this.parts.registration.version);
    const now = new Date();
    const at = now.getTime();
    const text = typeof message === 'string' ? message : `(${message.byteLength} bytes binary)`;
    const frames = this.parts.frames;
    // No per-frame write of the last-seen time: every inbound frame is in the frame log with its
    // time, which is where lastSeen() reads it (ADR 010, addendum on the MeterValues write path).
    if (this.liveness.timedOut()) this.liveness.backOnline(at);
    if (!this.alarms.armed) await this.alarms.armHeartbeat(at);
    switch (frame.type) {
      case 'invalid': {
        const id = frame.id === '-1' ? null : frame.id;
        frames.write({
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
        const call = this.parts.store.pendingCall(frame.id);
        const [type, code] = frame.type === 'result' ? [3, null] : [CALLERROR, frame.code];
        const event = frame.type === 'result' ? 'Command' : 'Error';
        frames.write({
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
        const event = eventTypeOfInboundAction(frame.action, frame.payload);
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
        if (pending === null) frames.write(inbound);
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
          if (pending !== null) frames.write(pending);
        }
        for (const task of later) {
          this.parts.ctx.waitUntil(
            task().catch((error: unknown) => console.error(`[ocpp] ${frame.action} follow-up failed`, error)),
          );
        }
      }
    }
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
    this.parts.frames.writeAll(inbound ? [inbound, out] : [out]);
  }

  /** The connector a charge point's CALL is about: its connectorId, or the transaction's for a Stop. */
  private connectorOfCall(action: string, payload: unknown): number | null {
    const direct = connectorOf(payload);
    if (direct !== null || action !== 'StopTransaction') return direct;
    const tx = (payload as { transactionId?: unknown }).transactionId;
    return typeof tx === 'number' && Number.isInteger(tx)
      ? (this.parts.store.transaction(tx)?.connectorId ?? null)
      : null;
  }

  private handlerContext(now: Date, later: (() => Promise<void>)[]): HandlerContext | null {
    const { identity, stationId, ip, version } = this.parts.registration;
    if (!identity || stationId === null) return null;
    return {
      store: this.parts.store,
      db: this.parts.db(),
      env: this.parts.env,
      identity,
      version,
      stationId,
      ip,
      now,
      publish: this.parts.publish,
      afterReply: (task) => {
        later.push(task);
      },
      sendCommand: this.services.sendCommand,
      wakeAt: this.services.wakeAt,
      deliverCertificate: this.services.deliverCertificate,
    };
  }
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
