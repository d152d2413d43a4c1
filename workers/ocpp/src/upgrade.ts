/**
 * @module Checks an OCPP WebSocket upgrade before it reaches the charge point's Durable Object:
 * the subprotocol (ocpp1.6 or ocpp2.0.1, negotiated with the station's configured version, ADR 058),
 * the station's existence and its basic-auth password. Nothing is upgraded until all three pass, so a refused charge point gets a plain HTTP status it can log. An unknown id
 * is answered exactly like a wrong password, and failures are throttled per id and per address
 * (auth-throttle.ts; ADR 010, addendum on throttling).
 */

import { openDb } from '@db/db';
import { recordNegotiatedVersion, stationAndFailureCounters } from '@db/queries/ocpp-upgrade.store';
import { pendingKeyHash, promotePendingKey } from '@db/queries/station-keys.store';
import type { StationRow } from '@db/queries/stations.store';
import { verifyPassword } from '@domain/identity/password';
import { negotiateVersion, offeredProtocols } from '@domain/ocpp/versions';
import {
  begin,
  failed,
  knownRetryAfter,
  remoteAddress,
  storedRetryAfter,
  throttleKeys,
  tooManyAttempts,
} from './auth-throttle';
import { type BasicCredentials, parseBasicAuth } from './basic-auth';
import { forgetHash, passwordMatches } from './credential-cache';

/** Charge point identities: printable, no slash, at most 48 characters (OCPP identity string). */
const IDENTITY = /^[A-Za-z0-9._:*+\-|@]{1,48}$/;

function unauthorized(message: string): Response {
  return new Response(message, { status: 401, headers: { 'www-authenticate': 'Basic realm="OCPP", charset="UTF-8"' } });
}

/**
 * Whether the credentials open this station. An unknown id spends the same hashing time as a wrong
 * password, so it cannot be told apart by timing either. The username must be the identity too (OCPP
 * security profile 1), and a station without a password is never open.
 */
async function credentialsMatch(
  db: ReturnType<typeof openDb>,
  id: string,
  credentials: BasicCredentials,
  station: StationRow | undefined,
): Promise<boolean> {
  if (!station) {
    await verifyPassword(credentials.password, null);
    return false;
  }
  const passwordOk = station.ocppPasswordHash
    ? await passwordMatches(credentials.password, station.ocppPasswordHash)
    : await verifyPassword(credentials.password, null);
  if (credentials.username !== id) return false;
  if (passwordOk) return true;
  // A new AuthorizationKey whose ChangeConfiguration answer never arrived (timeout, dropped socket):
  // the charge point proves it has the key by using it, which promotes it (ADR 014).
  const pending = await pendingKeyHash(db, station.id);
  if (!pending || !(await passwordMatches(credentials.password, pending))) return false;
  await promotePendingKey(db, station.id, pending);
  if (station.ocppPasswordHash) forgetHash(station.ocppPasswordHash);
  return true;
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
  const offered = offeredProtocols(request.headers.get('sec-websocket-protocol'));
  // Checked before the credentials against what the server speaks; the station's own version after.
  const supported = negotiateVersion(offered, null);
  if (!supported.ok) return new Response(supported.reason, { status: 400 });
  const credentials = parseBasicAuth(request.headers.get('authorization'));
  if (!credentials) return unauthorized('Basic authentication required');

  const now = Date.now();
  const keys = throttleKeys(id, remoteAddress(request));
  const known = knownRetryAfter(keys, now);
  if (known !== null) return tooManyAttempts(known);
  const db = openDb(env.DB);
  // One round trip on every attempt, the successful ones included: the station and the failure
  // counters of its id and of the caller's address.
  const { station, counters } = await stationAndFailureCounters(db, id, [
    keys[0].key,
    ...keys.slice(1).map((k) => k.key),
  ]);
  const stored = storedRetryAfter(keys, counters, now) ?? knownRetryAfter(keys, now);
  if (stored !== null) return tooManyAttempts(stored);
  // Checked again just above with no await since, so attempts in flight here count (parallel guesses).
  const end = begin(keys);
  let passwordOk: boolean;
  try {
    passwordOk = await credentialsMatch(db, id, credentials, station);
    if (!passwordOk) await failed(db, keys, now);
  } finally {
    end();
  }
  // Unknown ids get the very answer of a wrong password (status, body, headers), so they cannot be
  // enumerated; onboarding creates the station row (registration 'pending') before it connects.
  if (!passwordOk || !station) return unauthorized('Wrong charge point credentials');
  // Security profiles 2 and 3 (Security Whitepaper) require TLS. A Worker sees the scheme the client
  // used (wss arrives as https:), so a plain ws connection is refused; client certificates (profile 3)
  // are the TLS terminator's to check (ADR 014, addenda 2 and 3).
  if (station.securityProfile >= 2 && url.protocol !== 'https:') {
    return new Response(`Security profile ${station.securityProfile} requires TLS (wss://)`, { status: 403 });
  }

  const negotiated = negotiateVersion(offered, station.ocppVersion ?? null);
  if (!negotiated.ok) return new Response(negotiated.reason, { status: 400 });
  if (station.ocppVersionConnected !== negotiated.version) {
    await recordNegotiatedVersion(db, station.id, negotiated.version);
  }

  const stub = env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(id));
  const forwarded = new Request(request);
  forwarded.headers.set('x-charge-point-id', id);
  forwarded.headers.set('x-station-id', String(station.id));
  forwarded.headers.set('x-ocpp-version', negotiated.version);
  return stub.fetch(forwarded);
}
