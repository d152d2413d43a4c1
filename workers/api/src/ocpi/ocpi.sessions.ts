/**
 * @module OCPI Sessions and CDRs as CPO (issue 22 part 3, ADR 057 addendum "sessions and CDRs"): the
 * push kinds `session` (PUT of the session's state at delivery on the partner's sessions receiver) and
 * `cdr` (POST of the CDR made at close on its CDRs receiver), queued by the ocpp worker and by pricing
 * (drizzle/queries/ocpi-sessions.store.ts); and the sender interfaces the partner pulls,
 * `GET /ocpi/2.2.1/sessions` and `GET /ocpi/2.2.1/cdrs`, paged, filtered by `date_from`/`date_to`,
 * each answering only the calling peering's sessions and CDRs.
 */
import { ocpiCdrsPage, ocpiSessionFactsMany, ocpiSessionIdsPage } from '@db/queries/ocpi-pull.store';
import { OCPI_CDR_KIND, OCPI_SESSION_KIND, ocpiSessionFacts } from '@db/queries/ocpi-sessions.store';
import { Cdr } from '@domain/ocpi/cdrs';
import { ocpiDateTime } from '@domain/ocpi/schemas';
import { Session, toOcpiSession } from '@domain/ocpi/sessions';
import { OcpiStatus } from '@domain/ocpi/status';
import { pageHeaders, pageParams } from '@domain/ocpi/transport';
import { Hono } from 'hono';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import { callPartner, partnerEndpoint, pushOutcome, registerPushKind } from './ocpi.outbox';

/** The most sessions or CDRs one page holds (`X-Limit`). */
export const OCPI_PAGE_LIMIT = 100;

const sessionIdOf = (objectKey: string | null) => Number(/^session:(\d+)$/.exec(objectKey ?? '')?.[1] ?? Number.NaN);

registerPushKind(OCPI_SESSION_KIND, async ({ db, env, peering, row, at }) => {
  const facts = await ocpiSessionFacts(db, sessionIdOf(row.objectKey), at);
  // The session is gone or no longer this peering's: nothing to tell.
  if (!facts || facts.peeringId !== peering.id) return null;
  const url = partnerEndpoint(peering, 'sessions', 'RECEIVER');
  if (!url) return null; // the partner takes no session pushes (it may pull them)
  const session = Session.parse(toOcpiSession(facts.input));
  const target = `${url.replace(/\/$/, '')}/${session.country_code}/${session.party_id}/${encodeURIComponent(session.id)}`;
  const sent = await callPartner(db, env, peering, { method: 'PUT', url: target, body: session });
  return pushOutcome(sent);
});

registerPushKind(OCPI_CDR_KIND, async ({ db, env, peering, payload }) => {
  const cdr = Cdr.safeParse(payload);
  if (!cdr.success) return { error: 'The CDR does not match OCPI 2.2.1', permanent: true }; // never sendable
  const url = partnerEndpoint(peering, 'cdrs', 'RECEIVER');
  if (!url) return null; // the partner pulls CDRs (GET /cdrs answers them)
  const sent = await callPartner(db, env, peering, { method: 'POST', url, body: cdr.data });
  return pushOutcome(sent);
});

/** `offset`, `limit`, `date_from`, `date_to` of a pull; a Response when one is malformed. */
function pullFilter(c: OcpiContext) {
  const page = pageParams(c.req.query('offset'), c.req.query('limit'), OCPI_PAGE_LIMIT);
  if (!page) return failure(c, 400, OcpiStatus.invalidParameters, 'offset and limit must be whole numbers');
  const dates: Record<'from' | 'to', Date | null> = { from: null, to: null };
  for (const [key, name] of [
    ['from', 'date_from'],
    ['to', 'date_to'],
  ] as const) {
    const value = c.req.query(name);
    if (value === undefined || value === '') continue;
    if (!ocpiDateTime.safeParse(value).success)
      return failure(c, 400, OcpiStatus.invalidParameters, `${name} must be an RFC 3339 date and time in UTC`);
    dates[key] = new Date(value.endsWith('Z') ? value : `${value}Z`);
  }
  return { ...page, ...dates };
}

/** GET /ocpi/2.2.1/sessions: the calling peering's sessions by last update. */
export const sessionsSender = new Hono<OcpiEnv>().get('/', async (c) => {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const filter = pullFilter(c);
  if (filter instanceof Response) return filter;
  const db = c.var.db;
  const { ids, total } = await ocpiSessionIdsPage(db, peering.id, filter);
  // The page's sessions in one round trip (not one query per session).
  const sessions = (await ocpiSessionFactsMany(db, ids, new Date())).map((facts) => toOcpiSession(facts.input));
  return answer(c, sessions, { headers: pageHeaders(c.req.url, filter, total, OCPI_PAGE_LIMIT) });
});

/** GET /ocpi/2.2.1/cdrs: the CDRs made for the calling peering (credit CDRs included), oldest first. */
export const cdrsSender = new Hono<OcpiEnv>().get('/', async (c) => {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const filter = pullFilter(c);
  if (filter instanceof Response) return filter;
  const { cdrs, total } = await ocpiCdrsPage(c.var.db, peering.id, filter);
  return answer(c, cdrs, { headers: pageHeaders(c.req.url, filter, total, OCPI_PAGE_LIMIT) });
});
