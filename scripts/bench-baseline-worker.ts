/**
 * @module The D1 benchmarks' baseline worker (bench only; never part of the product build): run by
 * Miniflare in the same workerd as the product's workers, bound to the same local D1, so a baseline
 * takes the path the product's calls take (HTTP or WebSocket on loopback, the worker, its direct D1
 * binding) minus the product's own work (ADR 038, benchmarks in workerd).
 * - `POST /__baseline/sql` `{ sql, params }`: runs one statement, answers its rows as JSON.
 * - `GET /__baseline/select1?n=N`: runs `SELECT 1` N times in a row inside the worker and answers the
 *   time of each (what one D1 round trip costs inside workerd, with no client in between).
 * - `/__baseline/ocpp/{id}` (WebSocket, ocpp1.6): answers BootNotification, and Authorize with the
 *   card looked up by uuid (one indexed statement), as the bare counterpart of the ChargePoint object.
 */

interface BaselineEnv {
  DB: D1Database;
}

type Call = [2, string, string, Record<string, unknown>];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

async function answer(env: BaselineEnv, [, id, action, payload]: Call): Promise<unknown[]> {
  if (action === 'BootNotification')
    return [3, id, { status: 'Accepted', currentTime: new Date().toISOString(), interval: 300 }];
  if (action === 'Authorize') {
    const card = await env.DB.prepare('SELECT id, user_id, status FROM rfids WHERE uuid = ?1')
      .bind(String(payload.idTag))
      .first<{ status: string }>();
    const status = !card ? 'Invalid' : card.status === 'active' ? 'Accepted' : 'Blocked';
    return [3, id, { idTagInfo: { status } }];
  }
  return [4, id, 'NotImplemented', `${action} is not part of the baseline`, {}];
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/__baseline/sql' && request.method === 'POST') {
      const { sql, params } = await request.json<{ sql: string; params?: unknown[] }>();
      const result = await env.DB.prepare(sql)
        .bind(...(params ?? []))
        .all();
      return json(result.results);
    }
    if (url.pathname === '/__baseline/select1') {
      const n = Math.min(1000, Math.max(1, Number(url.searchParams.get('n')) || 1));
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await env.DB.prepare('SELECT 1 AS one').first();
        times.push(performance.now() - t0);
      }
      return json(times);
    }
    if (url.pathname.startsWith('/__baseline/ocpp/') && request.headers.get('upgrade') === 'websocket') {
      const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
      server.accept();
      server.addEventListener('message', async (event) => {
        const call = JSON.parse(String(event.data)) as Call;
        server.send(JSON.stringify(await answer(env, call)));
      });
      return new Response(null, { status: 101, webSocket: client, headers: { 'sec-websocket-protocol': 'ocpp1.6' } });
    }
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<BaselineEnv>;
