/**
 * @module Central system → charge point calls: one at a time (OCPP-J 4.1.1 allows a single
 * outstanding CALL), each persisted while pending and settled by its CALLRESULT / CALLERROR, by its
 * timeout, or as offline when the socket closes under it.
 */
import type { CommandOutcome } from '@domain/ocpp/command-outcome';
import { withoutNetworkSecrets } from '@domain/ocpp/network-profile';
import type { OcppVersion } from '@domain/ocpp/versions';
import type { Store } from '../storage/store';
import { callFrame } from './frames';
import { validatePayload } from './validation';

/** How a command ended: one definition, the domain's (the customer-service log reads the same). */
export type CommandResult = CommandOutcome;

interface Waiting {
  action: string;
  socketTag: string;
  settle: (r: CommandResult) => void;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

export class Outbox {
  private readonly waiting = new Map<string, Waiting>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    /** The newest open socket and its tag, or null when the charge point is offline. */
    private readonly socket: () => { ws: WebSocket; tag: string } | null,
    /** Told of every CALL that went out (the frame log). */
    private readonly sent: (id: string, action: string, payload: unknown, frame: string) => void = () => {},
    /** The connection's version: its schemas check the answers (ADR 058). */
    private readonly version: () => OcppVersion = () => 'ocpp1.6',
  ) {}

  /** The timeout counts from this call: time spent queued behind another command is part of it. */
  send(
    action: string,
    payload: unknown,
    timeoutMs: number,
    /** Told the message id once the CALL is on the wire. */
    onSent?: (messageId: string) => void,
  ): Promise<CommandResult> {
    const deadline = Date.now() + timeoutMs;
    if (!this.socket()) return Promise.resolve({ status: 'offline' });
    const turn = this.queue.then(() => this.sendNow(action, payload, deadline - Date.now(), onSent));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private sendNow(
    action: string,
    payload: unknown,
    timeoutMs: number,
    onSent?: (messageId: string) => void,
  ): Promise<CommandResult> {
    const current = this.socket();
    if (!current) return Promise.resolve({ status: 'offline' });
    if (timeoutMs <= 0) return Promise.resolve({ status: 'timeout' });
    const id = crypto.randomUUID();
    const sentAt = Date.now();
    // What is kept (pending calls, frame log) never holds a secret; the charge point gets the real payload.
    const kept = withoutSecrets(action, payload);
    this.store.addPendingCall({ messageId: id, action, sentAt, timeoutAt: sentAt + timeoutMs }, kept);
    return new Promise<CommandResult>((resolve) => {
      const timer = setTimeout(() => this.finish(id, { status: 'timeout' }), timeoutMs);
      this.waiting.set(id, {
        action,
        socketTag: current.tag,
        settle: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
      try {
        current.ws.send(callFrame(id, action, payload));
        this.sent(id, action, kept, callFrame(id, action, kept));
        onSent?.(id);
      } catch {
        this.finish(id, { status: 'offline' });
      }
    });
  }

  /** A CALLRESULT: checked against the action's .conf schema before the caller sees it. */
  result(id: string, reply: unknown): boolean {
    const w = this.waiting.get(id);
    if (!w) return this.forget(id);
    const check = validatePayload(w.action, 'conf', reply, this.version());
    return this.finish(
      id,
      check.ok
        ? { status: 'accepted', reply }
        : {
            status: 'rejected',
            code: check.code,
            description: `Invalid reply from the charge point: ${check.description}`,
          },
    );
  }

  error(id: string, code: string, description: string): boolean {
    if (!this.waiting.has(id)) return this.forget(id);
    return this.finish(id, { status: 'rejected', code, description });
  }

  /** The socket a call went out on closed: its answer can no longer arrive. */
  socketClosed(tag: string): void {
    for (const [id, w] of this.waiting) if (w.socketTag === tag) this.finish(id, { status: 'offline' });
  }

  private finish(id: string, r: CommandResult): boolean {
    const w = this.waiting.get(id);
    this.waiting.delete(id);
    this.store.takePendingCall(id);
    w?.settle(r);
    return w !== undefined;
  }

  /** An answer to nothing we wait for (late, or from before an eviction) is dropped, never answered. */
  private forget(id: string): boolean {
    this.store.takePendingCall(id);
    return false;
  }
}

/** Commands a caller may send: central-system actions with an OCA request schema. */
/**
 * The payload as the object keeps it: a ChangeConfiguration of `AuthorizationKey` carries the
 * station's new basic-auth password in clear, so storage keeps the key name and a mask, never the value;
 * a 2.0.1 SetNetworkProfile keeps its VPN/APN passwords, VPN key and SIM PIN masked.
 */
export function withoutSecrets(action: string, payload: unknown): unknown {
  if (action === 'SetNetworkProfile') return withoutNetworkSecrets(payload);
  const key = (payload as { key?: unknown } | null)?.key;
  if (action !== 'ChangeConfiguration' || key !== 'AuthorizationKey') return payload;
  return { key, value: '********' };
}

export function checkCommand(action: string, payload: unknown): CommandResult | null {
  const check = validatePayload(action, 'req', payload);
  if (check.ok) return null;
  return { status: 'rejected', code: check.code, description: `Not sent: ${check.description}` };
}
