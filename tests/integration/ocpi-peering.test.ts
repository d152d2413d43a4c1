/**
 * OCPI 2.2.1 credentials both ways against an independent partner (tests/integration/ocpi-partner.ts,
 * ADR 057): we register with it (token A → our B → its C) through the peerings API and the outbox, it
 * registers with us (our A → its B → our C); token A stops working, C works base64 and raw, a wrong token
 * gets the 401 envelope, headers are echoed, every error is an envelope, unregister ends both sides.
 */
import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, type MockInstance } from 'vitest';
import { Credentials, Envelope, envelopeOf, Version, VersionDetails } from '../../domain/ocpi/schemas';
import { ROLE } from '../../domain/permissions/roles';
import { ocpiOutbox, ocpiPeerings } from '../../drizzle/schema';
import { drainOcpiOutbox } from '../../workers/api/src/ocpi/ocpi.connect';
import { BASE, call, db, expectError, failOnConsoleError, login, type Session, world } from './helpers';
import { callProduct, createPartner, PARTNER_BASE, routeFetchesTo, tokenHeader } from './ocpi-partner';

failOnConsoleError();

interface Peering {
  id: number;
  state: string;
  last_error: string | null;
  version: string | null;
  partner_roles: { role: string; party_id: string }[];
  endpoints: { identifier: string }[];
  incoming_token: { prefix: string; kind: string } | null;
}
interface Page<T> {
  data: T[];
  total: number;
}

let s: Session;
let spy: MockInstance | undefined;
afterEach(() => spy?.mockRestore());

beforeAll(async () => {
  const admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'IT' } });
  s = await login(admin.email, admin.password, admin.ip);
});

const json = async <T>(res: Response, status = 200) => {
  expect(res.status).toBe(status);
  return (await res.json()) as T;
};
const ocpi = (path: string, init: RequestInit = {}) => SELF.fetch(`${BASE}/ocpi${path}`, init);

describe('we register with a partner (credentials as sender)', () => {
  it('completes the handshake, stores token C, and the partner reaches us with our token B', async () => {
    const partner = createPartner('partner-token-a');
    spy = routeFetchesTo(partner);
    const created = await json<Peering>(
      await call('/peerings', {
        ...s,
        json: { name: 'Partner', versions_url: `${PARTNER_BASE}/versions`, token_a: 'partner-token-a' },
      }),
      201,
    );
    expect(partner.state.problems).toEqual([]);
    expect(created).toMatchObject({ state: 'registered', last_error: null, version: '2.2.1' });
    expect(created.partner_roles.map((r) => r.role)).toEqual(['CPO', 'EMSP']);
    expect(created.incoming_token?.kind).toBe('B');
    // Our credentials as the partner received them: both our roles, under the company's country.
    const ours = Credentials.parse(partner.state.received.credentials);
    expect(ours.roles.map((r) => [r.role, r.country_code])).toEqual([
      ['CPO', 'IT'],
      ['EMSP', 'IT'],
    ]);
    // The token C is sealed, token B hashed: neither is stored in clear.
    const row = await db.select().from(ocpiPeerings).where(eq(ocpiPeerings.id, created.id)).get();
    expect(row?.outgoingTokenSealed).not.toContain('partner-token-c');
    expect(row?.incomingTokenHash).not.toBe(ours.token);
    // The partner now calls us with our token B.
    const got = envelopeOf(Credentials).parse(await callProduct(`${BASE}/ocpi/2.2.1/credentials`, ours.token));
    expect(got.data.token).toBe(ours.token);
    // Every message is in the log, tokens redacted.
    const log = await json<Page<{ direction: string; method: string; body: string | null }>>(
      await call(`/peerings/${created.id}/get-emp-log?items_per_page=50`, s),
    );
    expect(log.data.filter((m) => m.direction === 'out').map((m) => m.method)).toEqual(['POST', 'GET', 'GET']);
    expect(log.data.some((m) => m.direction === 'in')).toBe(true);
    expect(log.data.map((m) => m.body ?? '').join('')).not.toContain(ours.token);

    // Unregister: the partner hears DELETE with token C, our token B stops working.
    const after = await json<Peering>(await call(`/peerings/${created.id}/unregister`, { ...s, method: 'POST' }));
    expect(after).toMatchObject({ state: 'unregistered', last_error: null, incoming_token: null });
    expect(partner.state.received.deleted).toBe(true);
    const refused = await ocpi('/2.2.1/credentials', { headers: { Authorization: tokenHeader(ours.token) } });
    expect(refused.status).toBe(401);
  });

  it('shows a failed handshake with its reason, and the outbox retries it with backoff', async () => {
    const partner = createPartner('partner-token-a');
    partner.state.versions = ['2.1.1'];
    spy = routeFetchesTo(partner);
    const created = await json<Peering>(
      await call('/peerings', {
        ...s,
        json: { name: 'Old partner', versions_url: `${PARTNER_BASE}/versions`, token_a: 'partner-token-a' },
      }),
      201,
    );
    expect(created.state).toBe('failed');
    expect(created.last_error).toContain('no OCPI 2.2.1');
    const queued = await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, created.id)).get();
    expect(queued).toMatchObject({ state: 'queued', attempts: 1 });
    // Not due yet: the cron leaves it; once due (the partner upgraded meanwhile) it registers.
    partner.state.versions = ['2.1.1', '2.2.1'];
    await drainOcpiOutbox(db, { APP_ENV: 'test' }, new Date());
    expect((await json<Peering>(await call(`/peerings/${created.id}`, s))).state).toBe('failed');
    await drainOcpiOutbox(db, { APP_ENV: 'test' }, new Date(Date.now() + 2 * 60_000));
    expect((await json<Peering>(await call(`/peerings/${created.id}`, s))).state).toBe('registered');
    expect((await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, created.id)).get())?.state).toBe('done');
  });

  it('refuses a plain-http versions URL other than 127.0.0.1, and an action in the wrong state', async () => {
    await expectError(
      await call('/peerings', {
        ...s,
        json: { name: 'X', versions_url: 'http://partner.example/versions', token_a: 'a' },
      }),
      400,
      {
        code: 'VALIDATION_ERROR',
        message: 'The versions URL must use https (http only to 127.0.0.1, outside production).',
        field: 'versions_url',
      },
    );
    const invited = await json<{ peering: Peering }>(
      await call('/peerings/invite', { ...s, json: { name: 'Y' } }),
      201,
    );
    await expectError(await call(`/peerings/${invited.peering.id}/suspend`, { ...s, method: 'POST' }), 409, {
      code: 'PEERING_STATE_CONFLICT',
      message: "This is not possible in the peering's current state.",
    });
  });
});

describe('a partner registers with us (credentials as receiver)', () => {
  it('registers with our token A; token A then stops working and token C works, base64 or raw', async () => {
    const invited = await json<{ peering: Peering; token_a: string; versions_url: string }>(
      await call('/peerings/invite', { ...s, json: { name: 'Hub' } }),
      201,
    );
    expect(invited.versions_url).toBe(`${BASE}/ocpi/versions`);
    const tokenA = invited.token_a;
    const versions = envelopeOf(Version.array()).parse(await callProduct(invited.versions_url, tokenA));
    expect(versions.data).toEqual([{ version: '2.2.1', url: `${BASE}/ocpi/2.2.1` }]);
    const details = envelopeOf(VersionDetails).parse(await callProduct(versions.data[0]?.url ?? '', tokenA));
    // Only the modules that answer are listed (credentials, then each module built since).
    expect(details.data.endpoints.map((e) => e.identifier)).toContain('credentials');
    const credentialsUrl = details.data.endpoints.find((e) => e.identifier === 'credentials')?.url ?? '';

    // The partner's side: we read its versions with its token B while answering its POST.
    const partner = createPartner('hub-token-b');
    spy = routeFetchesTo(partner);
    const body = {
      token: 'hub-token-b',
      url: `${PARTNER_BASE}/versions`,
      roles: [{ role: 'HUB', party_id: 'HUB', country_code: 'DE', business_details: { name: 'Hub' } }],
    };
    const registered = envelopeOf(Credentials).parse(
      await callProduct(credentialsUrl, tokenA, { method: 'POST', body: JSON.stringify(body) }),
    );
    expect(registered.status_code).toBe(1000);
    const tokenC = registered.data.token;
    expect(partner.state.seen.map((x) => [x.method, x.path, x.auth])).toEqual([
      ['GET', '/ocpi/versions', tokenHeader('hub-token-b')],
      ['GET', '/ocpi/2.2.1', tokenHeader('hub-token-b')],
    ]);
    const peering = await json<Peering>(await call(`/peerings/${invited.peering.id}`, s));
    expect(peering).toMatchObject({ state: 'registered', incoming_token: { prefix: tokenC.slice(0, 4), kind: 'C' } });
    expect(peering.partner_roles.map((r) => r.role)).toEqual(['HUB']);

    // Token A no longer works; token C does, base64-encoded and raw; a second POST is 405.
    const withA = await ocpi('/versions', { headers: { Authorization: tokenHeader(tokenA) } });
    expect(withA.status).toBe(401);
    expect(Envelope.parse(await withA.json()).status_code).toBe(2000);
    expect((await ocpi('/2.2.1/credentials', { headers: { Authorization: tokenHeader(tokenC) } })).status).toBe(200);
    expect((await ocpi('/2.2.1/credentials', { headers: { Authorization: `Token ${tokenC}` } })).status).toBe(200);
    const again = await ocpi('/2.2.1/credentials', {
      method: 'POST',
      headers: { Authorization: tokenHeader(tokenC), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(again.status).toBe(405);
    expect(Envelope.parse(await again.json()).status_code).toBe(2000);

    // Suspended: its calls are refused; resumed: they work again.
    await json<Peering>(await call(`/peerings/${invited.peering.id}/suspend`, { ...s, method: 'POST' }));
    expect((await ocpi('/versions', { headers: { Authorization: tokenHeader(tokenC) } })).status).toBe(401);
    await json<Peering>(await call(`/peerings/${invited.peering.id}/connect`, { ...s, method: 'POST' }));
    expect((await ocpi('/versions', { headers: { Authorization: tokenHeader(tokenC) } })).status).toBe(200);

    // It unregisters (DELETE): token C stops working.
    const deleted = await ocpi('/2.2.1/credentials', {
      method: 'DELETE',
      headers: { Authorization: tokenHeader(tokenC) },
    });
    expect(Envelope.parse(await deleted.json()).status_code).toBe(1000);
    expect((await json<Peering>(await call(`/peerings/${invited.peering.id}`, s))).state).toBe('unregistered');
    expect((await ocpi('/versions', { headers: { Authorization: tokenHeader(tokenC) } })).status).toBe(401);
  });

  it('answers 2001 for an invalid credentials object and 3001 when it cannot read the partner', async () => {
    const { token_a } = await json<{ token_a: string }>(
      await call('/peerings/invite', { ...s, json: { name: 'Z' } }),
      201,
    );
    const post = (body: string) =>
      ocpi('/2.2.1/credentials', {
        method: 'POST',
        headers: { Authorization: tokenHeader(token_a), 'Content-Type': 'application/json' },
        body,
      });
    const notJson = await post('{');
    expect(notJson.status).toBe(400);
    expect(Envelope.parse(await notJson.json()).status_code).toBe(2001);
    const invalid = await post(JSON.stringify({ token: 'x', url: 'nope', roles: [] }));
    expect(Envelope.parse(await invalid.json()).status_code).toBe(2001);
    const partner = createPartner('someone-else');
    spy = routeFetchesTo(partner);
    const unreadable = await post(
      JSON.stringify({
        token: 'wrong-b',
        url: `${PARTNER_BASE}/versions`,
        roles: [{ role: 'CPO', party_id: 'ABC', country_code: 'FR', business_details: { name: 'A' } }],
      }),
    );
    expect(Envelope.parse(await unreadable.json()).status_code).toBe(3001);
  });
});

describe('transport', () => {
  it('answers every error as an envelope and echoes the request and correlation ids', async () => {
    const missing = await ocpi('/versions', { headers: { 'X-Request-ID': 'req-1', 'X-Correlation-ID': 'cor-1' } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('X-Request-ID')).toBe('req-1');
    expect(missing.headers.get('X-Correlation-ID')).toBe('cor-1');
    expect(Envelope.parse(await missing.json())).toMatchObject({ status_code: 2000 });
    const wrong = await ocpi('/versions', { headers: { Authorization: tokenHeader('no-such-token') } });
    expect(wrong.status).toBe(401);
    expect(Envelope.parse(await wrong.json()).status_code).toBe(2000);
    // A module we do not serve (locations is served since the locations module: without a token it is 401).
    const unknown = await ocpi('/2.2.1/no_such_module');
    expect(unknown.status).toBe(404);
    expect(Envelope.parse(await unknown.json()).status_code).toBe(2000);
    expect(unknown.headers.get('X-Request-ID')).toBeTruthy();
    const routing = await ocpi('/versions', {
      headers: { 'OCPI-from-country-code': 'NLD', 'OCPI-from-party-id': 'EXA' },
    });
    expect(routing.status).toBe(400);
    expect(await routing.json()).toMatchObject({
      status_code: 2001,
      status_message: 'Malformed routing header OCPI-from-country-code',
    });
  });
});
