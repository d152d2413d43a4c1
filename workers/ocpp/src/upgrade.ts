/**
 * @module Checks an OCPP WebSocket upgrade before it reaches the charge point's Durable Object:
 * the ocpp1.6 subprotocol, the station's existence and its basic-auth password. Nothing is upgraded
 * until all three pass, so a refused charge point gets a plain HTTP status it can log.
 */
import { verifyPassword } from '../../../domain/auth/password';
import { openDb } from '../../../drizzle/db';
import { pendingKeyHash, promotePendingKey } from '../../../drizzle/queries/station-keys';
import { findStationByUid } from '../../../drizzle/queries/stations';
import { parseBasicAuth } from './basic-auth';
import { forgetHash, passwordMatches } from './credential-cache';

export const OCPP_SUBPROTOCOL = 'ocpp1.6';

/** Charge point identities: printable, no slash, at most 48 characters (OCPP identity string). */
const IDENTITY = /^[A-Za-z0-9._:*+\-|@]{1,48}$/;

function unauthorized(message: string): Response {
  return new Response(message, { status: 401, headers: { 'www-authenticate': 'Basic realm="OCPP", charset="UTF-8"' } });
}

export async function handleUpgrade(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  let id: string;
  try {
    id = decodeURIComponent(url.pathname.slice('/ocpp/'.length));
  } catch {
    return new Response('Invalid charge point identity', { status: 400 });
  }
  if (!IDENTITY.test(id)) return new Response('Invalid charge point identity', { status: 400 });
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
    return new Response('Expected a WebSocket upgrade', { status: 426, headers: { upgrade: 'websocket' } });
  }
  const offered = (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(OCPP_SUBPROTOCOL)) {
    return new Response(`Subprotocol ${OCPP_SUBPROTOCOL} required`, { status: 400 });
  }
  const credentials = parseBasicAuth(request.headers.get('authorization'));
  if (!credentials) return unauthorized('Basic authentication required');

  const db = openDb(env.DB);
  const station = await findStationByUid(db, id);
  // Unknown ids are refused; onboarding creates the station row (registration 'pending') first.
  if (!station) return new Response(`Unknown charge point ${id}`, { status: 404 });
  // The username must be the identity too (OCPP security profile 1), and a station without a
  // password is never open.
  let passwordOk = station.ocppPasswordHash
    ? await passwordMatches(credentials.password, station.ocppPasswordHash)
    : await verifyPassword(credentials.password, null);
  if (credentials.username !== id) return unauthorized('Wrong charge point credentials');
  if (!passwordOk) {
    // A new AuthorizationKey whose ChangeConfiguration answer never arrived (timeout, dropped socket):
    // the charge point proves it has the key by using it, which promotes it (ADR 014).
    const pending = await pendingKeyHash(db, station.id);
    if (pending && (await passwordMatches(credentials.password, pending))) {
      await promotePendingKey(db, station.id, pending);
      if (station.ocppPasswordHash) forgetHash(station.ocppPasswordHash);
      passwordOk = true;
    }
  }
  if (!passwordOk) return unauthorized('Wrong charge point credentials');
  // Security profiles 2 and 3 (Security Whitepaper) require TLS. A Worker sees the scheme the client
  // used (wss arrives as https:), so a plain ws connection is refused; client certificates (profile 3)
  // are the TLS terminator's to check (ADR 014, addenda 2 and 3).
  if (station.securityProfile >= 2 && url.protocol !== 'https:') {
    return new Response(`Security profile ${station.securityProfile} requires TLS (wss://)`, { status: 403 });
  }

  const stub = env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(id));
  const forwarded = new Request(request);
  forwarded.headers.set('x-charge-point-id', id);
  forwarded.headers.set('x-station-id', String(station.id));
  return stub.fetch(forwarded);
}
