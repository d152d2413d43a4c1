/**
 * @module The credentials module as sender, through the outbox (ADR 057): `connect` registers us with a
 * partner (its versions with its token A → 2.2.1 details → POST our credentials with a new token B → store
 * its token C, sealed). The work is a row of `ocpi_outbox`: attempted at once by the API's connect action
 * and, while it fails, again by the five-minute cron with backoff (`RETRY_MINUTES`); the peering shows
 * pending, registered, or failed with the partner's reason. `unregister` tells the partner (DELETE).
 */
import type { Db } from '@db/db';
import { sha256Hex } from '@domain/identity/encoding';
import { credentialsEndpoint, nextAttempt } from '@domain/ocpi/registration';
import { Credentials, type Endpoint } from '@domain/ocpi/schemas';
import { newCredentialsToken } from '@domain/ocpi/transport';
import { ocpiCall } from './ocpi.client';
import { schedulePullsAfterHandshake } from './ocpi.emsp-pull';
import { attemptPush } from './ocpi.outbox';
import './ocpi.pushes';
import { TOKEN_PREFIX_LENGTH } from './ocpi.credentials';
import { discoverPartner, ourCredentials } from './ocpi.partner';
import { openPartnerToken, sealPartnerToken } from './ocpi.secret';
import {
  claimOutbox,
  dueOutbox,
  enqueue,
  type OutboxRow,
  outboxRow,
  type PeeringRow,
  peeringById,
  settleOutbox,
  updatePeering,
} from './ocpi.store';

type KeyEnv = Parameters<typeof sealPartnerToken>[0];

/** How long one attempt holds its row: longer than the handshake's calls (four, each with a timeout). */
const HOLD_MS = 90_000;
/** Rows per cron run. */
const DRAIN_BATCH = 20;

/** The outcome of one attempt: null when it succeeded, else why not. */
async function registerWithPartner(db: Db, env: KeyEnv, peering: PeeringRow): Promise<string | null> {
  if (!peering.versionsUrl || !peering.outgoingTokenSealed) return 'The peering has no versions URL or token A';
  const tokenA = await openPartnerToken(env, peering.id, peering.outgoingTokenSealed);
  if (!tokenA) return 'The stored token A cannot be opened (the secret key changed): add the partner again';
  const correlationId = crypto.randomUUID();
  const found = await discoverPartner(db, peering.id, peering.versionsUrl, tokenA, correlationId);
  if (!found.ok) return found.error;
  // Token B must work before the POST: the partner reads our versions with it while answering.
  const tokenB = newCredentialsToken();
  await updatePeering(db, peering.id, {
    version: found.version,
    endpointsJson: JSON.stringify(found.endpoints),
    incomingTokenHash: await sha256Hex(tokenB),
    incomingTokenPrefix: tokenB.slice(0, TOKEN_PREFIX_LENGTH),
    incomingTokenKind: 'B',
  });
  const ours = await ourCredentials(db, peering.companyId, peering.ourBaseUrl, tokenB);
  const posted = await ocpiCall(db, {
    peeringId: peering.id,
    method: 'POST',
    url: found.credentialsUrl,
    token: tokenA,
    correlationId,
    body: ours,
    schema: Credentials,
  });
  if (!posted.ok) return posted.error;
  await updatePeering(db, peering.id, {
    state: 'registered',
    lastError: null,
    partnerRolesJson: JSON.stringify(posted.data.roles),
    outgoingTokenSealed: await sealPartnerToken(env, peering.id, posted.data.token),
    outgoingTokenKind: 'C',
    registeredAt: new Date(),
  });
  // The partner's locations and tariffs are pulled next (cron or the user's pull).
  await schedulePullsAfterHandshake(db, peering.id);
  return null;
}

/** One attempt of one outbox row, if no one else holds it; settles the row and the peering. */
async function attempt(db: Db, env: KeyEnv, row: OutboxRow, at: Date): Promise<void> {
  if (row.kind !== 'connect') return attemptPush(db, env, row, at);
  if (!(await claimOutbox(db, row.id, at, HOLD_MS))) return;
  const peering = await peeringById(db, row.peeringId);
  if (!peering || peering.state === 'registered' || peering.state === 'unregistered') {
    await settleOutbox(db, row.id, { state: 'done' });
    return;
  }
  // Pending while it runs: the partner reads our versions with token B during the POST.
  await updatePeering(db, peering.id, { state: 'pending' }, at);
  const error = await registerWithPartner(db, env, { ...peering, state: 'pending' });
  if (error === null) {
    await settleOutbox(db, row.id, { state: 'done', lastError: null });
    return;
  }
  const next = nextAttempt(row.attempts + 1, at);
  await settleOutbox(
    db,
    row.id,
    next ? { state: 'queued', nextAttemptAt: next, lastError: error } : { state: 'dead', lastError: error },
  );
  await updatePeering(db, peering.id, { state: 'failed', lastError: error });
}

/** Queues the handshake of an outbound peering and attempts it now (the API's connect action). */
export async function connectPeering(db: Db, env: KeyEnv, peeringId: number, at = new Date()): Promise<void> {
  const id = await enqueue(db, peeringId, 'connect', at);
  const row = await outboxRow(db, id);
  if (row) await attempt(db, env, row, at);
}

/**
 * The cron's turn: every due row, oldest first (a push waits for the earlier rows of its object). A
 * few passes, so an object's next row (a session's CDR after its last Session PUT) goes in the same
 * turn once the one before it was delivered, not one cron run later.
 */
export async function drainOcpiOutbox(db: Db, env: KeyEnv, at = new Date()): Promise<number> {
  let attempted = 0;
  for (let pass = 0; pass < DRAIN_PASSES && attempted < DRAIN_BATCH * DRAIN_PASSES; pass++) {
    const rows = await dueOutbox(db, at, DRAIN_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) await attempt(db, env, row, at);
    attempted += rows.length;
  }
  return attempted;
}
/** Passes of one drain (each reads the due rows again: those that waited for a row just delivered). */
const DRAIN_PASSES = 4;

/**
 * Tells the partner we end the registration (DELETE on its credentials endpoint with the token we
 * present); null when it acknowledged, else its reason. Our side ends either way (the caller's decision).
 */
export async function unregisterAtPartner(db: Db, env: KeyEnv, peering: PeeringRow): Promise<string | null> {
  const endpoints = JSON.parse(peering.endpointsJson) as Endpoint[];
  const credentials = credentialsEndpoint({ version: peering.version ?? '', endpoints });
  if (!credentials || !peering.outgoingTokenSealed) return 'The partner lists no credentials endpoint';
  const token = await openPartnerToken(env, peering.id, peering.outgoingTokenSealed);
  if (!token) return 'The stored partner token cannot be opened';
  const deleted = await ocpiCall(db, {
    peeringId: peering.id,
    method: 'DELETE',
    url: credentials.url,
    token,
    correlationId: crypto.randomUUID(),
  });
  return deleted.ok ? null : deleted.error;
}
