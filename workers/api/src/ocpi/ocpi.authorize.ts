/**
 * @module A partner's token presented at one of our stations (mod_tokens.asciidoc, "Real-time
 * authorization"), asked by the ocpp worker for a card that is none of ours: a START_SESSION the
 * partner sent for this token and station accepts it with its authorization reference; else the cached
 * token (tokens receiver) decides by its whitelist type: ALWAYS from the cache; ALLOWED, ALLOWED_OFFLINE
 * and NEVER by `POST {partner tokens SENDER}/{uid}/authorize?type=` with the location reference and a
 * short timeout; without an answer ALLOWED / ALLOWED_OFFLINE fall back to the cache and NEVER is refused;
 * the partner's explicit OCPI error (2004 Unknown Token…) refuses the card like any refusal. An Authorize
 * answered in real time is reused by the StartTransaction that follows (AUTHORIZE_REUSE_MS), so the
 * partner is asked once and the session keeps that answer's authorization_reference. Each decision says
 * how it was made (AUTH_REQUEST, COMMAND, WHITELIST): the Session's and CDR's `auth_method`.
 */
import type { Db } from '@db/db';
import type { AuthorizationStatus } from '@domain/charging-authorization/decide';
import { locationId } from '@domain/ocpi/location-mapping';
import {
  type AllowedType,
  AuthorizationInfo,
  cachedVerdict,
  fallbackWithoutAnswer,
  type WhitelistType,
} from '@domain/ocpi/tokens';
import { startSessionFor } from './ocpi.commands.store';
import { callPartner, type KeyEnv, partnerEndpoint } from './ocpi.outbox';
import { peeringById } from './ocpi.store';
import { type CachedTokenRow, cachedTokenAt } from './ocpi.tokens.store';

/** How long a station's driver waits for the eMSP's real-time answer before the cache decides. */
export const REALTIME_TIMEOUT_MS = 4_000;

/** A START_SESSION counts for the StartTransaction that follows it within this time. */
export const START_SESSION_WINDOW_MS = 10 * 60_000;

/** A real-time answer to an Authorize counts for the StartTransaction of the same card at the same station this long. */
export const AUTHORIZE_REUSE_MS = 2 * 60_000;

/** How the partner's token was authorized (mod_sessions AuthMethod): what its Session and CDR say. */
export type RoamingAuthMethod = 'AUTH_REQUEST' | 'COMMAND' | 'WHITELIST';

export interface RoamingDecision {
  status: AuthorizationStatus;
  reason: string;
  peeringId: number;
  tokenUid: string;
  authorizationReference: string | null;
  authMethod: RoamingAuthMethod;
}

/**
 * Real-time answers to an Authorize, kept in memory (the station's Durable Object runs in one isolate)
 * for the StartTransaction that follows: the partner is asked once per charge, and the session carries
 * the reference of that one answer. Keyed by station and card; bounded.
 */
const recentAnswers = new Map<string, { decision: RoamingDecision; until: number }>();
const REUSE_MAX_ENTRIES = 500;

function remember(key: string, decision: RoamingDecision, now: number) {
  if (recentAnswers.size >= REUSE_MAX_ENTRIES)
    for (const [k, v] of recentAnswers) if (v.until <= now) recentAnswers.delete(k);
  if (recentAnswers.size >= REUSE_MAX_ENTRIES) recentAnswers.clear();
  recentAnswers.set(key, { decision, until: now + AUTHORIZE_REUSE_MS });
}

const REFUSAL: Record<Exclude<AllowedType, 'ALLOWED'>, AuthorizationStatus> = {
  BLOCKED: 'Blocked',
  EXPIRED: 'Expired',
  NO_CREDIT: 'Invalid',
  NOT_ALLOWED: 'Invalid',
};

/**
 * The roaming decision for `idTag` at `stationId`, or null when no partner knows it (the card stays
 * unknown). Two reads at most, and only for cards that are none of ours.
 */
export async function authorizeRoamingToken(
  db: Db,
  env: KeyEnv,
  input: { idTag: string; stationId: number; at: Date; timeoutMs?: number; purpose?: 'authorize' | 'start' },
): Promise<RoamingDecision | null> {
  const reuseKey = `${input.stationId}:${input.idTag.trim().toUpperCase()}`;
  const now = input.at.getTime();
  const recent = input.purpose === 'start' ? recentAnswers.get(reuseKey) : undefined;
  recentAnswers.delete(reuseKey);
  if (recent && recent.until > now) return recent.decision;
  const decided = await decideRoaming(db, env, input);
  if (input.purpose === 'authorize' && decided?.status === 'Accepted' && decided.authMethod === 'AUTH_REQUEST')
    remember(reuseKey, decided, now);
  return decided;
}

async function decideRoaming(
  db: Db,
  env: KeyEnv,
  input: { idTag: string; stationId: number; at: Date; timeoutMs?: number },
): Promise<RoamingDecision | null> {
  const started = await startSessionFor(db, input.idTag, input.stationId, input.at.getTime() - START_SESSION_WINDOW_MS);
  if (started)
    return {
      status: 'Accepted',
      reason: 'Started by the partner (OCPI START_SESSION)',
      peeringId: started.peering_id,
      tokenUid: started.token_uid,
      authorizationReference: started.authorization_reference,
      authMethod: 'COMMAND',
    };
  const token = await cachedTokenAt(db, input.idTag, input.stationId);
  if (!token) return null;
  const cached = { valid: token.valid === 1, whitelist: token.whitelist as WhitelistType };
  const base = {
    peeringId: token.peering_id,
    tokenUid: token.uid,
    authorizationReference: null,
    authMethod: 'WHITELIST' as const,
  };
  const verdict = cachedVerdict(cached);
  if (verdict === 'accept') return { ...base, status: 'Accepted', reason: 'Partner token, whitelisted (ALWAYS)' };
  if (verdict === 'refuse') return { ...base, status: 'Invalid', reason: 'Partner token not valid' };
  const answer = await askPartner(db, env, token, input);
  if (answer.ok) {
    const info = answer.info;
    if (info.allowed === 'ALLOWED')
      return {
        ...base,
        status: 'Accepted',
        reason: 'Partner token, authorized in real time',
        authorizationReference: info.authorization_reference ?? null,
        authMethod: 'AUTH_REQUEST',
      };
    return { ...base, status: REFUSAL[info.allowed], reason: `Partner token refused in real time (${info.allowed})` };
  }
  if (answer.refused)
    return { ...base, status: 'Invalid', reason: `Partner token refused in real time: ${answer.error}` };
  return fallbackWithoutAnswer(cached)
    ? { ...base, status: 'Accepted', reason: `Partner token from the cache (${cached.whitelist}): ${answer.error}` }
    : {
        ...base,
        status: 'Invalid',
        reason: `Partner token needs real-time authorization (${cached.whitelist}): ${answer.error}`,
      };
}

/** `refused`: the partner answered with an OCPI error about the token (2004 Unknown Token…), not silence. */
type Asked = { ok: true; info: AuthorizationInfo } | { ok: false; error: string; refused: boolean };

/**
 * Whether a failed call is the partner's explicit answer: an OCPI envelope with a client-error status
 * (2xxx, e.g. 2004 Unknown Token) and no HTTP 5xx. Timeouts, transport errors, HTTP 5xx, the partner's
 * server errors (3xxx) and a hub's errors (4xxx: unknown receiver, timeout, connection problem) are
 * no answer: the cache decides.
 */
function isExplicitRefusal(sent: { ocpiStatus?: number; httpStatus?: number }): boolean {
  if (sent.ocpiStatus === undefined) return false;
  if (sent.httpStatus !== undefined && sent.httpStatus >= 500) return false;
  return sent.ocpiStatus < 3000;
}

/** POST {tokens SENDER}/{uid}/authorize?type= with the location, within the timeout. */
async function askPartner(
  db: Db,
  env: KeyEnv,
  token: CachedTokenRow,
  input: { stationId: number; timeoutMs?: number },
): Promise<Asked> {
  const peering = await peeringById(db, token.peering_id);
  if (!peering) return { ok: false, refused: false, error: 'the peering is gone' };
  const sender = partnerEndpoint(peering, 'tokens', 'SENDER');
  if (!sender) return { ok: false, refused: false, error: 'the partner lists no tokens SENDER endpoint' };
  const url = `${sender.replace(/\/$/, '')}/${encodeURIComponent(token.uid)}/authorize?type=${token.type}`;
  try {
    const sent = await callPartner(db, env, peering, {
      method: 'POST',
      url,
      body: { location_id: locationId({ id: input.stationId, uid: token.station_uid }) },
      schema: AuthorizationInfo,
      timeoutMs: input.timeoutMs ?? REALTIME_TIMEOUT_MS,
    });
    return sent.ok
      ? { ok: true, info: sent.data as AuthorizationInfo }
      : { ok: false, refused: isExplicitRefusal(sent), error: sent.error };
  } catch (err) {
    // The sealed token cannot be opened here (no SSO_SECRET_KEY in this worker): as if the partner were silent.
    return { ok: false, refused: false, error: err instanceof Error ? err.message : String(err) };
  }
}
