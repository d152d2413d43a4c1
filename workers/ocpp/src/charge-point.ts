/**
 * @module One Durable Object per charge point: owns its WebSocket (hibernation API) and its state.
 * This first version answers BootNotification and Heartbeat; the OCPP issue completes it.
 */
import { DurableObject } from 'cloudflare:workers';
import { OCPP_SUBPROTOCOL } from './upgrade';

type OcppCall = [2, string, string, Record<string, unknown>];

export class ChargePoint extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    const id = request.headers.get('x-charge-point-id') ?? 'unknown';
    await this.ctx.storage.put('identity', id);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    for (const old of this.ctx.getWebSockets()) old.close(1012, 'Replaced by a newer connection');
    this.ctx.acceptWebSocket(server);
    return new Response(null, {
      status: 101,
      webSocket: client,
      headers: { 'sec-websocket-protocol': OCPP_SUBPROTOCOL },
    });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    let frame: unknown;
    try {
      frame = JSON.parse(typeof message === 'string' ? message : new TextDecoder().decode(message));
    } catch {
      ws.send(JSON.stringify([4, '-1', 'FormationViolation', 'Message is not valid JSON', {}]));
      return;
    }
    if (!Array.isArray(frame) || frame[0] !== 2 || typeof frame[1] !== 'string') return;
    const [, messageId, action, payload] = frame as OcppCall;
    ws.send(JSON.stringify(await this.answer(messageId, action, payload)));
  }

  private async answer(messageId: string, action: string, payload: Record<string, unknown>) {
    const now = new Date().toISOString();
    switch (action) {
      case 'BootNotification': {
        await this.ctx.storage.put('boot', { ...payload, at: now });
        const interval = Number(this.env.HEARTBEAT_INTERVAL_SECONDS ?? 300);
        return [3, messageId, { status: 'Accepted', currentTime: now, interval }];
      }
      case 'Heartbeat':
        await this.ctx.storage.put('lastHeartbeat', now);
        return [3, messageId, { currentTime: now }];
      default:
        return [4, messageId, 'NotImplemented', `${action} is not implemented yet`, {}];
    }
  }

  /** RPC for the web worker: what the object knows of its charge point. */
  async state(): Promise<{ identity: string | null; boot: unknown; lastHeartbeat: string | null; connected: boolean }> {
    return {
      identity: (await this.ctx.storage.get<string>('identity')) ?? null,
      boot: (await this.ctx.storage.get('boot')) ?? null,
      lastHeartbeat: (await this.ctx.storage.get<string>('lastHeartbeat')) ?? null,
      connected: this.ctx.getWebSockets().length > 0,
    };
  }
}
