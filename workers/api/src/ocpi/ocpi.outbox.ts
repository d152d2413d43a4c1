/**
 * @module Delivery of pushes to partners (issue 22 part 7, ADR 057 addendum): a push is an `ocpi_outbox`
 * row of a kind about one object (`location:12`, `session:42`). Each kind has a handler that sends it
 * (PUT/PATCH/POST to the partner's module endpoint) and says null on success or why not. A row is
 * claimed before an attempt (no two drains send it twice), one object's rows go out in id order
 * (`dueOutbox`), a failure that may pass (network, HTTP 5xx, 401, 408, 429, OCPI 3xxx) is retried with
 * backoff for good (`nextPushAttempt`): nothing is lost while a partner is down, and the peering's message
 * log shows every attempt. A push the partner refuses (OCPI 2xxx, other HTTP 4xx) or that cannot be built
 * (an exception in its handler) is `dead` with its reason, so the object's next push goes. A push to a
 * peering that is unregistered is dropped (done, with the reason); to one suspended or not yet
 * registered, it waits.
 */
import type { Db } from '@db/db';
import { hubParty, recipientOf, routedModule, routingHeadersOf } from '@domain/ocpi/hub';
import { nextPushAttempt } from '@domain/ocpi/registration';
import type { Endpoint } from '@domain/ocpi/schemas';
import type { PartyRef } from '@domain/ocpi/transport';
import { type CallResult, ocpiCall } from './ocpi.client';
import { ourParty } from './ocpi.hub.store';
import { openPartnerToken, type sealPartnerToken } from './ocpi.secret';
import {
  claimOutbox,
  enqueuePush,
  firstOfObject,
  type OutboxRow,
  outboxRow,
  type PeeringRow,
  peeringById,
  settleOutbox,
} from './ocpi.store';

export type KeyEnv = Parameters<typeof sealPartnerToken>[0];

/** How long one push attempt holds its row (one call with its timeout, and the reads around it). */
const PUSH_HOLD_MS = 60_000;

export interface PushContext {
  db: Db;
  env: KeyEnv;
  peering: PeeringRow;
  row: OutboxRow;
  /** The row's payload, parsed (null when the push sends the object's state at delivery). */
  payload: unknown;
  at: Date;
}

/** A push that will never go as it is: the row is settled `dead` with the reason. */
export interface PermanentFailure {
  error: string;
  permanent: true;
}

/** What one attempt came to: null when delivered (or nothing to deliver), a reason to retry, or a permanent failure. */
export type PushOutcome = null | string | PermanentFailure;

/** Sends one push and says what came of it (a plain reason is retried with backoff). */
export type PushHandler = (push: PushContext) => Promise<PushOutcome>;

/** HTTP statuses of a refusal that may pass on a later attempt (unauthorized, timeout, rate limit). */
const TRANSIENT_HTTP = new Set([401, 408, 429]);

/**
 * The outcome of a partner's answer to a push: refused for good when it answers an OCPI client error
 * (2xxx) or an HTTP 4xx other than 401, 408, 429; retried on a network error, HTTP 5xx, OCPI 3xxx.
 */
export function pushOutcome(sent: CallResult<unknown>): PushOutcome {
  if (sent.ok) return null;
  const ocpiClientError = sent.ocpiStatus !== undefined && sent.ocpiStatus >= 2000 && sent.ocpiStatus < 3000;
  const httpClientError =
    sent.httpStatus !== undefined &&
    sent.httpStatus >= 400 &&
    sent.httpStatus < 500 &&
    !TRANSIENT_HTTP.has(sent.httpStatus);
  return ocpiClientError || httpClientError ? { error: sent.error, permanent: true } : sent.error;
}

const handlers = new Map<string, PushHandler>();

/** Registers the handler of a push kind (each module registers its own, once, at import). */
export function registerPushKind(kind: string, handler: PushHandler): void {
  handlers.set(kind, handler);
}

/** The partner's endpoint of a module in a role (e.g. `locations` RECEIVER), if it lists one. */
export function partnerEndpoint(peering: PeeringRow, identifier: string, role: 'SENDER' | 'RECEIVER'): string | null {
  const endpoints = JSON.parse(peering.endpointsJson) as Endpoint[];
  return endpoints.find((e) => e.identifier === identifier && e.role === role)?.url ?? null;
}

/**
 * The routing headers of a call to a hub peering's module (none for a direct peering, and none for the
 * configuration modules): from our party of the call's role, to `call.to`, the eMSP of a session's or
 * CDR's token, or the hub itself (broadcast). A string when our party is unknown.
 */
async function hubRouting(
  db: Db,
  peering: PeeringRow,
  call: { url: string; body?: unknown; as?: 'CPO' | 'EMSP'; to?: PartyRef },
): Promise<Record<string, string> | null | string> {
  const hub = hubParty(peering.partnerRolesJson);
  if (!hub || !routedModule(new URL(call.url).pathname)) return null;
  const from = await ourParty(db, peering.companyId, call.as ?? 'CPO');
  if (!from) return `No ${call.as ?? 'CPO'} party of ours to send from through the hub`;
  return routingHeadersOf(from, call.to ?? recipientOf(call.body, hub));
}

/**
 * One call to a registered partner with the token we present to it (logged like every call). For pushes
 * and for the real-time calls of the modules (token authorization, command results).
 */
export async function callPartner<T extends Parameters<typeof ocpiCall>[1]['schema']>(
  db: Db,
  env: KeyEnv,
  peering: PeeringRow,
  call: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    body?: unknown;
    schema?: T;
    correlationId?: string;
    timeoutMs?: number;
    /** Through a hub: our party's role in this call (default CPO) and the party it is for (see `recipientOf`). */
    as?: 'CPO' | 'EMSP';
    to?: PartyRef;
  },
): Promise<CallResult<unknown>> {
  if (peering.state !== 'registered') return { ok: false, error: `The peering is ${peering.state}` };
  if (!peering.outgoingTokenSealed) return { ok: false, error: 'The peering has no token to present' };
  const token = await openPartnerToken(env, peering.id, peering.outgoingTokenSealed);
  if (!token) return { ok: false, error: 'The stored partner token cannot be opened (the secret key changed)' };
  const routing = await hubRouting(db, peering, call);
  if (typeof routing === 'string') return { ok: false, error: routing };
  return ocpiCall(db, {
    ...(routing ? { headers: routing } : {}),
    peeringId: peering.id,
    method: call.method,
    url: call.url,
    token,
    correlationId: call.correlationId ?? crypto.randomUUID(),
    body: call.body,
    schema: call.schema,
    ...(call.timeoutMs ? { timeoutMs: call.timeoutMs } : {}),
  });
}

/** One attempt of a push row (the caller checked its kind has a handler). */
export async function attemptPush(db: Db, env: KeyEnv, row: OutboxRow, at: Date): Promise<void> {
  if (!(await claimOutbox(db, row.id, at, PUSH_HOLD_MS))) return;
  const handler = handlers.get(row.kind);
  const peering = await peeringById(db, row.peeringId);
  if (!handler || !peering || peering.state === 'unregistered') {
    const reason = !handler ? `No handler for ${row.kind}` : 'The peering was unregistered';
    await settleOutbox(db, row.id, { state: 'done', lastError: reason });
    return;
  }
  let outcome: PushOutcome;
  if (peering.state !== 'registered') outcome = `The peering is ${peering.state}`;
  else {
    try {
      const payload = row.payload === null ? null : (JSON.parse(row.payload) as unknown);
      outcome = await handler({ db, env, peering, row, payload, at });
    } catch (err) {
      // The push cannot be built (bad payload, schema): no retry makes it go; the object's next push may.
      outcome = { error: `${row.kind}: ${err instanceof Error ? err.message : String(err)}`, permanent: true };
    }
  }
  if (outcome === null) await settleOutbox(db, row.id, { state: 'done', lastError: null });
  else if (typeof outcome !== 'string')
    await settleOutbox(db, row.id, { state: 'dead', lastError: outcome.error.slice(0, 500) });
  else
    await settleOutbox(db, row.id, {
      state: 'queued',
      nextAttemptAt: nextPushAttempt(row.attempts + 1, at),
      lastError: outcome.slice(0, 500),
    });
}

/**
 * Queues a push and, when `now` is set, attempts it at once (in the caller's request or `waitUntil`):
 * the partner hears of a change in real time, and the cron delivers it later if the partner is down.
 * An attempt is made only when no earlier row of the object waits (order per object).
 */
export async function push(
  db: Db,
  env: KeyEnv,
  item: { peeringId: number; kind: string; objectKey: string; payload?: unknown },
  options: { at?: Date; now?: boolean } = {},
): Promise<number> {
  const at = options.at ?? new Date();
  const id = await enqueuePush(db, item, at);
  if (options.now) {
    const row = await outboxRow(db, id);
    // A reused row that already failed keeps its backoff: a partner that is down is not called at every change.
    if (row && row.attempts === 0 && (await firstOfObject(db, row))) await attemptPush(db, env, row, at);
  }
  return id;
}
