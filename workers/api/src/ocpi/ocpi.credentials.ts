/**
 * @module The credentials module as receiver (credentials.asciidoc): a partner holding the token A we
 * issued registers (POST), updates (PUT), reads (GET) and ends (DELETE) its registration. On POST and PUT
 * we read its versions and 2.2.1 endpoints with the token B it sends, then answer our credentials with a
 * new token C; token A stops working at once. Tokens it presents are kept as SHA-256 hashes only, the
 * token B we present is sealed.
 */
import { sha256Hex } from '@domain/identity/encoding';
import { Credentials } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { newCredentialsToken } from '@domain/ocpi/transport';
import { Hono } from 'hono';
import { schedulePullsAfterHandshake } from './ocpi.emsp-pull';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import { discoverPartner, ourCredentials } from './ocpi.partner';
import { sealPartnerToken } from './ocpi.secret';
import type { PeeringRow } from './ocpi.store';
import { updatePeering } from './ocpi.store';

/** Characters of a token kept in clear to tell tokens apart on screen. */
export const TOKEN_PREFIX_LENGTH = 4;

const baseUrl = (c: OcpiContext) => `${new URL(c.req.url).origin}/ocpi`;

/** The request's credentials object, or the answer refusing it (invalid JSON: HTTP 400; else 2001). */
async function credentialsOf(c: OcpiContext) {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return { refusal: failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON') };
  }
  const parsed = Credentials.safeParse(json);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path.join('.') || '(body)';
    return { refusal: failure(c, 200, OcpiStatus.invalidParameters, `Invalid credentials object: ${path}`) };
  }
  return { credentials: parsed.data };
}

/** POST and PUT: read the partner's endpoints, store its token B sealed, answer our credentials with a new token C. */
async function register(c: OcpiContext, peering: PeeringRow) {
  const { credentials, refusal } = await credentialsOf(c);
  if (refusal) return refusal;
  const db = c.var.db;
  const found = await discoverPartner(db, peering.id, credentials.url, credentials.token, c.var.correlationId);
  if (!found.ok) {
    await updatePeering(db, peering.id, { lastError: found.error });
    return failure(c, 200, found.code, found.error);
  }
  const tokenC = newCredentialsToken();
  const now = new Date();
  // Inbound: it registered with us (it presents our C, we its B); outbound: it updates what we registered.
  const kinds = peering.direction === 'outbound' ? { in: 'B', out: 'C' } : { in: 'C', out: 'B' };
  await updatePeering(db, peering.id, {
    state: 'registered',
    lastError: null,
    versionsUrl: credentials.url,
    version: found.version,
    endpointsJson: JSON.stringify(found.endpoints),
    partnerRolesJson: JSON.stringify(credentials.roles),
    incomingTokenHash: await sha256Hex(tokenC),
    incomingTokenPrefix: tokenC.slice(0, TOKEN_PREFIX_LENGTH),
    incomingTokenKind: kinds.in,
    outgoingTokenSealed: await sealPartnerToken(c.env, peering.id, credentials.token),
    outgoingTokenKind: kinds.out,
    registeredAt: peering.registeredAt ?? now,
  });
  c.set('peering', { ...peering, state: 'registered' });
  // First registration: the partner's locations and tariffs are pulled (cron or the user's pull).
  if (peering.state !== 'registered') await schedulePullsAfterHandshake(db, peering.id);
  return answer(c, await ourCredentials(db, peering.companyId, baseUrl(c), tokenC));
}

const notRegistered = (c: OcpiContext) => failure(c, 405, OcpiStatus.clientError, 'Not registered');

export const credentials = new Hono<OcpiEnv>()
  .get('/', async (c) => {
    const peering = callerFor(c, 'credentials');
    if (!peering || !c.var.presentedToken) return unauthorized(c);
    return answer(c, await ourCredentials(c.var.db, peering.companyId, baseUrl(c), c.var.presentedToken));
  })
  .post('/', async (c) => {
    const peering = callerFor(c, 'credentials-register');
    if (peering) return register(c, peering);
    if (c.var.peering?.state === 'registered')
      return failure(c, 405, OcpiStatus.clientError, 'Already registered: use PUT to update the credentials');
    return unauthorized(c);
  })
  .put('/', async (c) => {
    const peering = callerFor(c, 'credentials');
    if (peering) return register(c, peering);
    return c.var.peering?.incomingTokenKind === 'A' ? notRegistered(c) : unauthorized(c);
  })
  .delete('/', async (c) => {
    const peering = callerFor(c, 'credentials');
    if (!peering) return c.var.peering?.incomingTokenKind === 'A' ? notRegistered(c) : unauthorized(c);
    await updatePeering(c.var.db, peering.id, {
      state: 'unregistered',
      incomingTokenHash: null,
      outgoingTokenSealed: null,
      lastError: null,
    });
    return answer(c, undefined);
  })
  .on(['PATCH'], '/', (c) => failure(c, 405, OcpiStatus.clientError, 'PATCH is not part of the credentials module'));
