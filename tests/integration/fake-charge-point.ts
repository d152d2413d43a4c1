/**
 * A minimal charge point for the API's integration tests: connects through the ocpp worker's real
 * upgrade (subprotocol, basic auth), answers the commands it is given handlers for and records them.
 */
import { env } from 'cloudflare:test';
import { hashPassword } from '../../domain/identity/password';
import type { ConnectorStatus } from '../../domain/stations/statuses';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { db, unique } from './helpers';

type Handler = (payload: Record<string, unknown>) => Record<string, unknown>;

export interface FakeChargePoint {
  ws: WebSocket;
  handlers: Map<string, Handler>;
  /** Every CALL received: action and payload, in order. */
  received: { action: string; payload: Record<string, unknown> }[];
  handle(action: string, handler: Handler): void;
  /** Sends a CALL and resolves with the CALLRESULT payload. */
  call(action: string, payload: object): Promise<unknown>;
  close(): void;
}

/** The ocpp worker, as the web worker reaches it locally. */
export function ocpp() {
  if (!env.OCPP) throw new Error('no OCPP service binding');
  return env.OCPP;
}

export function upgradeRequest(identity: string, password: string, protocol = 'ocpp1.6'): Request {
  return new Request(`http://localhost/ocpp/${identity}`, {
    headers: {
      upgrade: 'websocket',
      'sec-websocket-protocol': protocol,
      authorization: `Basic ${btoa(`${identity}:${password}`)}`,
    },
  });
}

/** `protocol`: the subprotocol offered, 'ocpp2.0.1' for an OCPP 2.0.1 station (ADR 058). */
export async function connectChargePoint(
  identity: string,
  password: string,
  protocol = 'ocpp1.6',
): Promise<FakeChargePoint> {
  const res = await ocpp().fetch(upgradeRequest(identity, password, protocol));
  const ws = res.webSocket;
  if (res.status !== 101 || !ws) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  ws.accept();
  const handlers = new Map<string, Handler>();
  const received: FakeChargePoint['received'] = [];
  const waiting = new Map<string, (payload: unknown) => void>();
  ws.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as unknown[];
    if (frame[0] === 2) {
      const [, id, action, payload] = frame as [number, string, string, Record<string, unknown>];
      received.push({ action, payload });
      const handler = handlers.get(action);
      ws.send(
        JSON.stringify(
          handler ? [3, id, handler(payload)] : [4, id, 'NotImplemented', `${action} not handled by the test`, {}],
        ),
      );
    } else if (frame[0] === 3) {
      waiting.get(String(frame[1]))?.(frame[2]);
    }
  });
  let seq = 0;
  return {
    ws,
    handlers,
    received,
    handle: (action, handler) => handlers.set(action, handler),
    call(action, payload) {
      seq += 1;
      const id = `t${seq}-${Math.random().toString(36).slice(2, 8)}`;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify([2, id, action, payload]));
      });
    },
    close: () => ws.close(1000, 'test done'),
  };
}

/**
 * A station of the company with one connector (number 1) in `status`, its OCPP password set, and a fake
 * charge point connected as it over `protocol`.
 */
export async function connectedStation(
  companyId: number,
  opts: { prefix: string; status: ConnectorStatus; protocol?: 'ocpp1.6' | 'ocpp2.0.1' },
) {
  const password = `station-password-${opts.prefix}`;
  const uid = unique(opts.prefix).toUpperCase();
  const station = await createStation(db, { uid, companyId, ocppPasswordHash: await hashPassword(password, 1000) });
  const connector = await createConnector(db, { stationId: station.id, connectorNumber: 1, status: opts.status });
  const cp = await connectChargePoint(uid, password, opts.protocol);
  return { uid, stationId: station.id, connectorId: connector.id, cp };
}
