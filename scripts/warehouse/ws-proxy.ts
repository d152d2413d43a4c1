/**
 * @module The WebSocket-to-TCP proxy the neon driver reaches a local PostgreSQL through (its
 * `neonConfig.wsProxy` setting, ADR 052): each WebSocket on `/v1?address=host:port` is piped both ways
 * to a TCP connection to that address, as Neon's own proxy does in production. It listens on 127.0.0.1
 * only and forwards only to the one PostgreSQL address it was started for: any other address is
 * refused (an open relay otherwise).
 */
import { createConnection } from 'node:net';
import { WebSocketServer } from 'ws';

/** The `NEON_WS_PROXY` setting of a proxy on 127.0.0.1:`port`. */
export const proxySetting = (port: number) => `127.0.0.1:${port}/v1`;

export interface WsProxy {
  port: number;
  /** The `NEON_WS_PROXY` value: `127.0.0.1:<port>/v1`. */
  setting: string;
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1:`port` (0: any free port) forwarding only to `target` ('127.0.0.1:5432'). */
export function startWsProxy(port: number, target: string): Promise<WsProxy> {
  const [host, targetPort] = [
    target.slice(0, target.lastIndexOf(':')),
    Number(target.slice(target.lastIndexOf(':') + 1)),
  ];
  const wss = new WebSocketServer({ host: '127.0.0.1', port, path: '/v1' });
  wss.on('connection', (ws, req) => {
    const address = new URL(req.url ?? '', 'http://proxy').searchParams.get('address');
    if (address !== target) {
      ws.close(1008, 'address not allowed');
      return;
    }
    const tcp = createConnection({ host, port: targetPort });
    const pending: Buffer[] = [];
    let open = false;
    tcp.on('connect', () => {
      open = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    ws.on('message', (data: Buffer) => (open ? tcp.write(data) : pending.push(data)));
    tcp.on('data', (data) => ws.send(data));
    tcp.on('close', () => ws.close());
    tcp.on('error', () => ws.close());
    ws.on('close', () => tcp.end());
    ws.on('error', () => tcp.destroy());
  });
  return new Promise((resolve, reject) => {
    wss.once('error', reject);
    wss.once('listening', () => {
      const address = wss.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: bound,
        setting: proxySetting(bound),
        close: () =>
          new Promise<void>((done) => {
            for (const client of wss.clients) client.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}
