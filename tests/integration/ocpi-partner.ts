/**
 * An independent OCPI 2.2.1 party for the tests (ADR 057): a small Hono app that speaks strictly per the
 * reference and checks every message of ours with the reference's schemas (domain/ocpi/schemas.ts, which
 * parse the official examples). It answers at PARTNER_BASE; the test routes the product's outgoing
 * fetches there (`routeFetchesTo`). It calls the product through SELF, as a platform on the Internet would.
 */
import { SELF } from 'cloudflare:test';
import { Hono } from 'hono';
import { vi } from 'vitest';
import { COMMAND_BODIES, type CommandResponse, CommandType } from '../../domain/ocpi/commands';
import { Credentials, envelopeOf, Version, VersionDetails } from '../../domain/ocpi/schemas';
import { type AllowedType, LocationReferences, type Token } from '../../domain/ocpi/tokens';

export const PARTNER_BASE = 'http://127.0.0.1:9/ocpi';
const ok = (data: unknown) => ({
  data,
  status_code: 1000,
  status_message: 'Success',
  timestamp: '2026-11-27T10:00:00Z',
});
const fail = (code: number, message: string) => ({
  status_code: code,
  status_message: message,
  timestamp: '2026-11-27T10:00:00Z',
});

export interface PartnerState {
  /** Tokens it accepts, and what each may reach. */
  tokens: Map<string, 'A' | 'B' | 'C'>;
  /** Versions it lists (tests remove 2.2.1 to make the handshake fail). */
  versions: string[];
  /** What it received: our credentials, the token B we gave, and every problem it found with our messages. */
  received: { credentials?: Credentials; deleted?: boolean };
  problems: string[];
  seen: { method: string; path: string; auth: string | null; requestId: string | null; correlationId: string | null }[];
  /** Module endpoints it lists besides credentials (tests add the modules they exchange). */
  endpoints: { identifier: string; role: 'SENDER' | 'RECEIVER'; url: string }[];
  /** Every PUT, PATCH or POST it received on a module endpoint (not credentials), in order. */
  pushes: { method: string; path: string; body: unknown }[];
  /** While true it is down: every call fails at the network level. */
  down: boolean;
  /** The OCPI status it answers a push with instead of success (with HTTP 200), when it refuses it. */
  refuse?: (push: { method: string; path: string; body: unknown }) => number | undefined;
  /** Its drivers' tokens as its tokens SENDER authorizes them in real time (uid → answer). */
  drivers: Map<string, { token: Token; allowed: AllowedType; authorization_reference?: string }>;
  /** Every real-time authorization request it received. */
  authorizations: { uid: string; type: string | null; body: unknown }[];
  /** As CPO: the objects its locations and tariffs SENDERs list, `senderPageSize` per page (Link to the next). */
  sender: { locations: unknown[]; tariffs: unknown[] };
  senderPageSize: number;
  /** What its commands RECEIVER (as CPO) answers our commands (default ACCEPTED, timeout 30 s). */
  commandResponse?: CommandResponse;
}

/** A module endpoint of the partner, for `state.endpoints`. */
export const partnerModule = (identifier: string, role: 'SENDER' | 'RECEIVER') => ({
  identifier,
  role,
  url: `${PARTNER_BASE}/2.2.1/${identifier}`,
});

const ROLES = [
  { role: 'CPO', party_id: 'PRT', country_code: 'NL', business_details: { name: 'Partner Operator' } },
  { role: 'EMSP', party_id: 'PRT', country_code: 'NL', business_details: { name: 'Partner Provider' } },
] as const;

/** The Token header of 2.2.1: base64 of the token. */
export const tokenHeader = (token: string) => `Token ${btoa(token)}`;

export function createPartner(tokenA: string) {
  const state: PartnerState = {
    tokens: new Map([[tokenA, 'A']]),
    versions: ['2.1.1', '2.2.1'],
    received: {},
    problems: [],
    seen: [],
    endpoints: [],
    pushes: [],
    down: false,
    drivers: new Map(),
    authorizations: [],
    sender: { locations: [], tariffs: [] },
    senderPageSize: 2,
  };
  const app = new Hono().basePath('/ocpi');
  app.use(async (c, next) => {
    const auth = c.req.header('Authorization') ?? null;
    state.seen.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      auth,
      requestId: c.req.header('X-Request-ID') ?? null,
      correlationId: c.req.header('X-Correlation-ID') ?? null,
    });
    if (!c.req.header('X-Request-ID') || !c.req.header('X-Correlation-ID'))
      state.problems.push(`${c.req.method} ${c.req.path} without X-Request-ID or X-Correlation-ID`);
    const token = auth?.startsWith('Token ') ? atob(auth.slice(6)) : null;
    const kind = token ? state.tokens.get(token) : undefined;
    if (!kind) return c.json(fail(2000, 'Unauthorized'), 401);
    c.set('kind' as never, kind as never);
    await next();
  });
  app.get('/versions', (c) => c.json(ok(state.versions.map((v) => ({ version: v, url: `${PARTNER_BASE}/${v}` })))));
  app.get('/2.2.1', (c) =>
    c.json(
      ok({
        version: '2.2.1',
        endpoints: [
          { identifier: 'credentials', role: 'RECEIVER', url: `${PARTNER_BASE}/2.2.1/credentials` },
          ...state.endpoints,
        ],
      }),
    ),
  );
  app.post('/2.2.1/credentials', async (c) => {
    if (c.get('kind' as never) !== 'A') return c.json(fail(2000, 'Already registered'), 405);
    const parsed = Credentials.safeParse(await c.req.json());
    if (!parsed.success) {
      state.problems.push(`credentials: ${parsed.error.message}`);
      return c.json(fail(2001, 'Invalid credentials'), 200);
    }
    // As the spec wants: read the client's versions and endpoints with its token B before answering.
    const versions = await callProduct(parsed.data.url, parsed.data.token);
    const v = envelopeOf(Version.array()).safeParse(versions);
    const ours = v.success ? v.data.data.find((x) => x.version === '2.2.1') : undefined;
    if (!ours) {
      state.problems.push(`our versions: ${JSON.stringify(versions)}`);
      return c.json(fail(3001, 'Cannot read versions'), 200);
    }
    const details = envelopeOf(VersionDetails).safeParse(await callProduct(ours.url, parsed.data.token));
    if (!details.success || !details.data.data.endpoints.some((e) => e.identifier === 'credentials')) {
      state.problems.push('our version details');
      return c.json(fail(3003, 'No credentials endpoint'), 200);
    }
    state.received.credentials = parsed.data;
    state.tokens.delete(tokenA);
    state.tokens.set('partner-token-c', 'C');
    return c.json(ok({ token: 'partner-token-c', url: `${PARTNER_BASE}/versions`, roles: ROLES }));
  });
  app.delete('/2.2.1/credentials', (c) => {
    if (c.get('kind' as never) !== 'C') return c.json(fail(2000, 'Not registered'), 405);
    state.received.deleted = true;
    state.tokens.delete('partner-token-c');
    return c.json(ok(undefined));
  });
  // Its tokens SENDER's real-time authorization (mod_tokens POST): checks our LocationReferences.
  app.post('/2.2.1/tokens/:uid/authorize', async (c) => {
    const body = c.req.header('Content-Type')?.includes('json') ? ((await c.req.json()) as unknown) : null;
    const uid = c.req.param('uid');
    state.authorizations.push({ uid, type: c.req.query('type') ?? null, body });
    if (body !== null && !LocationReferences.safeParse(body).success)
      state.problems.push(`authorize ${uid}: not LocationReferences: ${JSON.stringify(body)}`);
    const driver = state.drivers.get(uid);
    if (!driver) return c.json(fail(2004, 'Unknown token'), 404);
    const { token, allowed, authorization_reference } = driver;
    return c.json(ok({ allowed, token, ...(authorization_reference ? { authorization_reference } : {}) }));
  });
  // Its commands RECEIVER (as CPO): checks our command object, records it in `pushes`, answers a CommandResponse.
  app.post('/2.2.1/commands/:command', async (c) => {
    const command = CommandType.safeParse(c.req.param('command'));
    const body = (await c.req.json()) as unknown;
    if (!command.success || !COMMAND_BODIES[command.data].safeParse(body).success)
      state.problems.push(`command ${c.req.param('command')}: ${JSON.stringify(body)}`);
    state.pushes.push({ method: 'POST', path: new URL(c.req.url).pathname, body });
    return c.json(ok(state.commandResponse ?? { result: 'ACCEPTED', timeout: 30 }));
  });
  // As CPO: its locations and tariffs SENDERs, paged with offset/limit, Link, X-Total-Count, X-Limit.
  app.get('/2.2.1/:module{locations|tariffs}', (c) => {
    const all = state.sender[c.req.param('module') as 'locations' | 'tariffs'];
    const offset = Number(c.req.query('offset') ?? 0);
    const limit = Math.min(Number(c.req.query('limit') ?? state.senderPageSize), state.senderPageSize);
    const headers: Record<string, string> = {
      'X-Total-Count': String(all.length),
      'X-Limit': String(state.senderPageSize),
    };
    if (offset + limit < all.length)
      headers.Link = `<${PARTNER_BASE}/2.2.1/${c.req.param('module')}?offset=${offset + limit}&limit=${limit}>; rel="next"`;
    return c.json(ok(all.slice(offset, offset + limit)), 200, headers);
  });
  // A module receiver: records what we push (tests check it with the module's schema) and accepts it.
  app.on(['PUT', 'PATCH', 'POST'], '/2.2.1/:module{(?!credentials)[a-z_]+}/*', async (c) => {
    let body: unknown = null;
    try {
      body = await c.req.json();
    } catch {
      state.problems.push(`${c.req.method} ${c.req.path}: body is not JSON`);
      return c.json(fail(2001, 'Not JSON'), 400);
    }
    const received = { method: c.req.method, path: new URL(c.req.url).pathname, body };
    const refused = state.refuse?.(received);
    if (refused !== undefined) return c.json(fail(refused, 'Refused'));
    state.pushes.push(received);
    return c.json(ok(undefined));
  });
  return { app, state };
}

/** A GET of the product as the partner makes it: Token header, ids; the answer's JSON. */
export async function callProduct(url: string, token: string, init: RequestInit = {}) {
  const res = await SELF.fetch(url, {
    ...init,
    headers: {
      Authorization: tokenHeader(token),
      'X-Request-ID': crypto.randomUUID(),
      'X-Correlation-ID': crypto.randomUUID(),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return res.json() as Promise<unknown>;
}

/** The product's outgoing fetches to PARTNER_BASE go to this partner app (no socket: same isolate); none while it is down. */
export function routeFetchesTo(partner: { app: Hono; state?: PartnerState }) {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (request.url.startsWith(PARTNER_BASE)) {
      if (partner.state?.down) return Promise.reject(new TypeError('Network connection lost'));
      return Promise.resolve(partner.app.fetch(request));
    }
    return original(input, init);
  });
}
