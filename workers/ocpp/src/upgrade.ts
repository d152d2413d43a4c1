/** @module Checks an OCPP WebSocket upgrade before it reaches the charge point's Durable Object. */

export const OCPP_SUBPROTOCOL = 'ocpp1.6';

/** Charge point identities: printable, no slash, at most 48 characters (OCPP identity string). */
const IDENTITY = /^[A-Za-z0-9._:*+\-|@]{1,48}$/;

export async function handleUpgrade(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const id = decodeURIComponent(url.pathname.slice('/ocpp/'.length));
  if (!IDENTITY.test(id)) return new Response('Invalid charge point identity', { status: 400 });
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
    return new Response('Expected a WebSocket upgrade', { status: 426, headers: { upgrade: 'websocket' } });
  }
  const offered = (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(OCPP_SUBPROTOCOL)) {
    return new Response(`Subprotocol ${OCPP_SUBPROTOCOL} required`, { status: 400 });
  }
  const stub = env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(id));
  const forwarded = new Request(request);
  forwarded.headers.set('x-charge-point-id', id);
  return stub.fetch(forwarded);
}
