/**
 * @module The /ocpi transport's answers and middleware (transport_and_format.asciidoc): the envelope on
 * every answer, errors included; `X-Request-ID` and `X-Correlation-ID` echoed (made up when a caller sent
 * none); the caller resolved from its `Authorization: Token` (base64 or raw); the hub routing headers
 * checked; every message of a known peering written to its log, tokens redacted.
 */
import { openDb } from '@db/db';
import { sha256Hex } from '@domain/identity/encoding';
import { hubParty, rolesBehindHub, rolesOf, routedModule, routingHeadersOf } from '@domain/ocpi/hub';
import type { tokenAllows } from '@domain/ocpi/registration';
import { tokenAllows as allows } from '@domain/ocpi/registration';
import { envelope, OcpiStatus } from '@domain/ocpi/status';
import { redactForLog, routingHeaders, tokenCandidates } from '@domain/ocpi/transport';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { OcpiEnv } from './ocpi.env';
import { hubClientsOf } from './ocpi.hub.store';
import { logMessage, type PeeringRow, peeringByTokenHash } from './ocpi.store';

export type OcpiContext = Context<OcpiEnv>;
export type RouteKind = Parameters<typeof tokenAllows>[1];

/** An envelope answer: `data` with status 1000 unless told otherwise. */
export function answer(
  c: OcpiContext,
  data: unknown,
  options: { http?: ContentfulStatusCode; code?: number; message?: string; headers?: Record<string, string> } = {},
) {
  const body = envelope(data, options.code ?? OcpiStatus.success, options.message ?? 'Success', new Date());
  return c.json(body, options.http ?? 200, options.headers);
}

/** An error envelope (no `data`). */
export const failure = (c: OcpiContext, http: ContentfulStatusCode, code: number, message: string) =>
  answer(c, undefined, { http, code, message });

export const unauthorized = (c: OcpiContext) =>
  failure(c, 401, OcpiStatus.clientError, 'Unknown, missing or no longer valid credentials token');

/** The caller's peering when its token may reach this kind of route; null after answering 401 (`c.res`). */
export function callerFor(c: OcpiContext, kind: RouteKind) {
  const peering = c.var.peering;
  return peering && allows(peering, kind) ? peering : null;
}

/**
 * A hub peering as its calls see it: the parties behind the hub that are not SUSPENDED count as its own
 * registered roles (HubClientInfo), so their tokens, commands and profiles are the peering's. One read,
 * only for a hub's calls.
 */
async function behindHub(c: OcpiContext, peering: PeeringRow): Promise<PeeringRow> {
  const clients = await hubClientsOf(c.var.db, peering.id);
  return { ...peering, partnerRolesJson: JSON.stringify(rolesBehindHub(rolesOf(peering.partnerRolesJson), clients)) };
}

/** Request and correlation ids, the caller's peering, the routing headers, and the message log. */
export const transport: MiddlewareHandler<OcpiEnv> = async (c, next) => {
  const started = Date.now();
  const db = openDb(c.env.DB);
  c.set('db', db);
  c.set('requestId', c.req.header('X-Request-ID') || crypto.randomUUID());
  c.set('correlationId', c.req.header('X-Correlation-ID') || crypto.randomUUID());
  c.set('peering', null);
  c.set('presentedToken', null);
  for (const token of tokenCandidates(c.req.header('Authorization'))) {
    const peering = await peeringByTokenHash(db, await sha256Hex(token));
    if (peering) {
      c.set('peering', peering);
      c.set('presentedToken', token);
      break;
    }
  }
  const requestBody = c.req.method === 'GET' ? '' : await c.req.raw.clone().text();
  const routing = routingHeaders((name) => c.req.header(name));
  if ('error' in routing) {
    c.set('routing', {});
    c.res = failure(c, 400, OcpiStatus.invalidParameters, `Malformed routing header ${routing.error}`);
  } else {
    c.set('routing', routing);
    const peering = c.var.peering;
    if (peering && hubParty(peering.partnerRolesJson)) c.set('peering', await behindHub(c, peering));
    await next();
    // An answer through a hub carries the routing headers back, sides swapped (transport_and_format).
    const { from, to } = routing;
    if (from && to && routedModule(new URL(c.req.url).pathname))
      for (const [name, value] of Object.entries(routingHeadersOf(to, from))) c.res.headers.set(name, value);
  }
  c.res.headers.set('X-Request-ID', c.var.requestId);
  c.res.headers.set('X-Correlation-ID', c.var.correlationId);
  const peering = c.var.peering;
  if (!peering) return;
  const responseBody = await c.res.clone().text();
  let ocpiStatus: number | null = null;
  try {
    ocpiStatus = (JSON.parse(responseBody) as { status_code?: number }).status_code ?? null;
  } catch {
    // not an envelope: logged without a status code
  }
  await logMessage(db, {
    peeringId: peering.id,
    direction: 'in',
    method: c.req.method,
    urlPath: new URL(c.req.url).pathname,
    httpStatus: c.res.status,
    ocpiStatus,
    durationMs: Date.now() - started,
    requestId: c.var.requestId,
    correlationId: c.var.correlationId,
    body: redactForLog(requestBody || responseBody),
  });
};
