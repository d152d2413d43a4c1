/**
 * OCPI through a hub and the charging profiles receiver (issue 22 parts 3 and 6, ADR 057 addendum "Hub
 * and charging profiles"): a hub partner (role HUB) with two eMSPs behind it, checking in strict mode that
 * every module call we make carries the four routing headers (and none on configuration modules); its
 * HubClientInfo pushes tell us the parties; `gireve/get-cpo-id`, `gireve/tokens/get-full` (paged, stored
 * in the token cache) and `tokens/{uuid}`; a party behind the hub pushes a token; a charging profile on a
 * roaming session reaches the fake charge point and its result reaches the party's response_url.
 */
import { env, SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteObjectName } from '../../domain/load/site-limit';
import { ActiveChargingProfileResult, ChargingProfileResponse } from '../../domain/ocpi/charging-profiles';
import { ClientInfo } from '../../domain/ocpi/hub';
import { envelopeOf } from '../../domain/ocpi/schemas';
import type { Token } from '../../domain/ocpi/tokens';
import { ROLE } from '../../domain/permissions/roles';
import {
  chargingSessions,
  locationStations,
  locations,
  ocpiParties,
  siteLoadLimits,
  stationPeerings,
} from '../../drizzle/schema';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { BASE, call, db, failOnConsoleError, login, type Session, type World, world } from './helpers';
import { callProduct, createPartner, PARTNER_BASE, partnerModule, routeFetchesTo, tokenHeader } from './ocpi-partner';

failOnConsoleError();

const HUB_ROLES = [{ role: 'HUB', party_id: 'GIR', country_code: 'FR', business_details: { name: 'Hub' } }];
const AAA = { countryCode: 'DE', partyId: 'AAA' };
const BBB = { countryCode: 'DE', partyId: 'BBB' };
type Party = typeof AAA;
type Profile16 = {
  chargingProfileId: number;
  stackLevel: number;
  chargingSchedule: { chargingSchedulePeriod: { startPeriod: number; limit: number }[] };
};
const routing = (from: Party, to: Party) => ({
  'OCPI-from-country-code': from.countryCode,
  'OCPI-from-party-id': from.partyId,
  'OCPI-to-country-code': to.countryCode,
  'OCPI-to-party-id': to.partyId,
});
const ROUTING = ['OCPI-from-country-code', 'OCPI-from-party-id', 'OCPI-to-country-code', 'OCPI-to-party-id'];

/**
 * The test partner (ocpi-partner.ts) as a hub: registers the HUB role, checks the routing headers of
 * every call, and serves the tokens of the party named in OCPI-to-* from its tokens SENDER, two per page.
 */
function hubPartner(tokenA: string) {
  const inner = createPartner(tokenA);
  inner.state.endpoints.push(
    partnerModule('tokens', 'SENDER'),
    partnerModule('chargingprofiles', 'SENDER'),
    partnerModule('tariffs', 'SENDER'),
  );
  const routed: { method: string; path: string; headers: Record<string, string | null> }[] = [];
  const tokensOf = new Map<string, Token[]>();
  const app = new Hono();
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const headers = Object.fromEntries(ROUTING.map((h) => [h, c.req.header(h) ?? null]));
    const configuration = /\/(versions|credentials|hubclientinfo)(\/|$)|\/2\.2\.1\/?$/.test(path);
    const present = Object.values(headers).filter((v) => v !== null).length;
    if (configuration && present > 0) inner.state.problems.push(`${c.req.method} ${path}: routing headers`);
    if (!configuration) {
      if (present < 4) inner.state.problems.push(`${c.req.method} ${path}: without the routing headers`);
      routed.push({ method: c.req.method, path, headers });
    }
    await next();
  });
  app.post('/ocpi/2.2.1/credentials', async (c) => {
    const res = await inner.app.fetch(c.req.raw);
    const body = (await res.json()) as { data?: { roles?: unknown } };
    if (body.data?.roles) body.data.roles = HUB_ROLES;
    return c.json(body, res.status as 200);
  });
  app.get('/ocpi/2.2.1/tokens', (c) => {
    if (c.req.header('Authorization') !== tokenHeader('partner-token-c'))
      return c.json({ status_code: 2000, status_message: 'Unauthorized', timestamp: '2026-11-27T10:00:00Z' }, 401);
    const all = tokensOf.get(`${c.req.header('OCPI-to-country-code')}*${c.req.header('OCPI-to-party-id')}`) ?? [];
    const offset = Number(c.req.query('offset') ?? 0);
    const limit = Math.min(Number(c.req.query('limit') ?? 2), 2);
    const headers: Record<string, string> = { 'X-Total-Count': String(all.length), 'X-Limit': '2' };
    if (offset + limit < all.length)
      headers.Link = `<${PARTNER_BASE}/2.2.1/tokens?offset=${offset + limit}&limit=${limit}>; rel="next"`;
    const page = all.slice(offset, offset + limit);
    return c.json(
      { data: page, status_code: 1000, status_message: 'Success', timestamp: '2026-11-27T10:00:00Z' },
      200,
      headers,
    );
  });
  app.all('*', (c) => inner.app.fetch(c.req.raw));
  return { app, state: inner.state, routed, tokensOf };
}

let w: World;
let s: Session;
let hub: ReturnType<typeof hubPartner>;
let restore: () => void;
let peeringId: number;
let ours: Party;
let cp: FakeChargePoint;
let stationId: number;
const partnerToken = () => hub.state.received.credentials?.token ?? '';
const tokenOf = (party: Party, uid: string): Token => ({
  country_code: party.countryCode,
  party_id: party.partyId,
  uid,
  type: 'RFID',
  contract_id: `${party.countryCode}-${party.partyId}-${uid}`,
  issuer: `Provider ${party.partyId}`,
  valid: true,
  whitelist: 'ALWAYS',
  last_updated: '2026-11-27T10:00:00Z',
});
const fromHub = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  headers,
});
const clientInfo = (party: Party, status: string, lastUpdated: string) => ({
  country_code: party.countryCode,
  party_id: party.partyId,
  role: 'EMSP',
  status,
  last_updated: lastUpdated,
});

beforeAll(async () => {
  w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
  s = await login(w.email, w.password, w.ip);
  const station = await connectedStation(w.company.id, { prefix: 'OCPH', status: 'available' });
  ({ stationId, cp } = station);
  const tokenA = `hub-token-a-${crypto.randomUUID()}`;
  hub = hubPartner(tokenA);
  restore = routeFetchesTo(hub).mockRestore;
  const res = await call('/peerings', {
    ...s,
    json: { name: 'Hub', versions_url: `${PARTNER_BASE}/versions`, token_a: tokenA },
  });
  const peering = (await res.json()) as { id: number; state: string; partner_roles: { role: string }[] };
  expect(peering.state).toBe('registered');
  expect(peering.partner_roles.map((r) => r.role)).toEqual(['HUB']);
  peeringId = peering.id;
  await db.insert(stationPeerings).values({ stationId, peeringId, boundAt: new Date() });
  const party = await db.select().from(ocpiParties).where(eq(ocpiParties.companyId, w.company.id)).all();
  const cpo = party.find((p) => p.role === 'CPO');
  ours = { countryCode: cpo?.countryCode ?? '', partyId: cpo?.partyId ?? '' };
  // The hub tells us the two eMSPs behind it (AAA's late, older SUSPENDED is not applied).
  const url = (p: Party) => `${BASE}/ocpi/2.2.1/hubclientinfo/${p.countryCode}/${p.partyId}`;
  for (const [p, status, at] of [
    [AAA, 'CONNECTED', '2026-11-27T10:00:00Z'],
    [BBB, 'CONNECTED', '2026-11-27T10:00:00Z'],
    [AAA, 'SUSPENDED', '2026-11-27T09:00:00Z'],
  ] as const) {
    const put = (await callProduct(url(p), partnerToken(), fromHub('PUT', clientInfo(p, status, at)))) as {
      status_code: number;
    };
    expect(put.status_code).toBe(1000);
  }
  hub.tokensOf.set(
    'DE*AAA',
    ['AAA1', 'AAA2', 'AAA3'].map((uid) => tokenOf(AAA, uid)),
  );
  // A token of BBB among AAA's list is not stored as AAA's.
  hub.tokensOf.get('DE*AAA')?.push(tokenOf(BBB, 'STRAY1'));
});
afterAll(() => {
  cp?.close();
  restore?.();
});

describe('OCPI through a hub', () => {
  it('HubClientInfo: stores the parties behind the hub, answers GET, refuses a malformed object', async () => {
    const got = envelopeOf(ClientInfo).parse(
      await callProduct(`${BASE}/ocpi/2.2.1/hubclientinfo/DE/AAA`, partnerToken()),
    );
    expect(got.data).toMatchObject({ country_code: 'DE', party_id: 'AAA', role: 'EMSP', status: 'CONNECTED' });
    const bad = (await callProduct(
      `${BASE}/ocpi/2.2.1/hubclientinfo/DE/CCC`,
      partnerToken(),
      fromHub('PUT', { ...clientInfo({ countryCode: 'DE', partyId: 'CCC' }, 'GONE', '2026-11-27T10:00:00Z') }),
    )) as { status_code: number };
    expect(bad.status_code).toBe(2001);
  });

  it('get-cpo-id and get-full: our CPO party, the eMSP tokens pulled page by page with the routing headers', async () => {
    const ids = (await (await call(`/gireve/get-cpo-id/DE*AAA`, s)).json()) as {
      emsp_status: string;
      cpo_ids: { cpo_id: string; peering_id: number }[];
    };
    expect(ids).toMatchObject({
      emsp_status: 'CONNECTED',
      cpo_ids: [{ cpo_id: `${ours.countryCode}*${ours.partyId}`, peering_id: peeringId }],
    });
    const res = await call(`/gireve/tokens/get-full/${ours.countryCode}*${ours.partyId}/DE*AAA`, {
      ...s,
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      peering_id: peeringId,
      pages: 2,
      received: 4,
      stored: 3,
      rejected: 1,
      total: 4,
      complete: true,
      next_offset: null,
    });
    const pulls = hub.routed.filter((r) => r.method === 'GET' && r.path === '/ocpi/2.2.1/tokens');
    expect(pulls).toHaveLength(2);
    for (const p of pulls) expect(p.headers).toEqual(routing(ours, AAA));
    const one = (await (await call('/tokens/AAA2', s)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({
      uid: 'AAA2',
      credential_id: peeringId,
      scope: { emsp_id: 'DE*AAA', via_hub: true, company_id: w.company.id },
    });
    expect((await call('/tokens/STRAY1', s)).status).toBe(404);
    expect(hub.state.problems).toEqual([]);
  });

  it('without a hub peering the Gireve routes answer a clear error', async () => {
    const other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
    const os = await login(other.email, other.password, other.ip);
    const res = await call('/gireve/tokens/get-full/FR*C01/DE*AAA', { ...os, method: 'POST' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('HUB_PEERING_MISSING');
    expect((await call('/gireve/get-cpo-id/DE*AAA', os)).status).toBe(404);
  });

  it('a party behind the hub pushes its token with routing headers; the answer carries them back', async () => {
    const res = await hubFetch(
      `${BASE}/ocpi/2.2.1/tokens/DE/BBB/BBB1`,
      'PUT',
      tokenOf(BBB, 'BBB1'),
      routing(BBB, ours),
    );
    expect(((await res.json()) as { status_code: number }).status_code).toBe(1000);
    expect(Object.fromEntries(ROUTING.map((h) => [h, res.headers.get(h)]))).toEqual(routing(ours, BBB));
    // A party the hub never announced is not the peering's.
    const stray = await hubFetch(
      `${BASE}/ocpi/2.2.1/tokens/DE/ZZZ/Z1`,
      'PUT',
      tokenOf({ countryCode: 'DE', partyId: 'ZZZ' }, 'Z1'),
      routing({ countryCode: 'DE', partyId: 'ZZZ' }, ours),
    );
    expect(res.status).toBe(200);
    expect(stray.status).toBe(403);
  });

  it('charging profiles on a roaming session: PUT, GET and DELETE reach the charge point, results reach the party', async () => {
    cp.handle('SetChargingProfile', () => ({ status: 'Accepted' }));
    cp.handle('ClearChargingProfile', () => ({ status: 'Accepted' }));
    cp.handle('GetCompositeSchedule', (p) => ({
      status: 'Accepted',
      connectorId: (p as { connectorId: number }).connectorId,
      scheduleStart: '2026-11-27T10:00:00Z',
      chargingSchedule: {
        duration: 900,
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
      },
    }));
    const auth = (await cp.call('Authorize', { idTag: 'AAA1' })) as { idTagInfo: { status: string } };
    expect(auth.idTagInfo.status).toBe('Accepted');
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'AAA1',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    const row = await db.select().from(chargingSessions).where(eq(chargingSessions.id, started.transactionId)).get();
    expect(row?.ocpiPeeringId).toBe(peeringId);
    const url = `${BASE}/ocpi/2.2.1/chargingprofiles/${started.transactionId}`;
    const resultUrl = (key: string) => `${PARTNER_BASE}/2.2.1/chargingprofiles/result/${key}`;
    const asAAA = routing(AAA, ours);
    const responseOf = async (res: Response) => envelopeOf(ChargingProfileResponse).parse(await res.json()).data;
    const pushed = (key: string) => hub.state.pushes.find((x) => x.path.endsWith(`/result/${key}`))?.body;

    const set = {
      charging_profile: {
        charging_rate_unit: 'A',
        charging_profile_period: [
          { start_period: 0, limit: 10 },
          { start_period: 600, limit: 8.5 },
        ],
      },
      response_url: resultUrl('set'),
    };
    const put = await responseOf(await hubFetch(url, 'PUT', set, asAAA));
    expect(put.result).toBe('ACCEPTED');
    expect(put.timeout).toBeGreaterThan(0);
    await expect.poll(() => pushed('set')).toEqual({ result: 'ACCEPTED' });
    expect(cp.received.filter((r) => r.action === 'SetChargingProfile').at(-1)?.payload).toEqual({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 22001,
        transactionId: started.transactionId,
        stackLevel: 6,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 10 },
            { startPeriod: 600, limit: 8.5 },
          ],
        },
      },
    });
    // The result went to the party that asked, through the hub.
    expect(hub.routed.find((r) => r.path.endsWith('/result/set'))?.headers).toEqual(routing(ours, AAA));

    const get = await responseOf(
      await hubFetch(
        `${url}?duration=900&response_url=${encodeURIComponent(resultUrl('get'))}`,
        'GET',
        undefined,
        asAAA,
      ),
    );
    expect(get.result).toBe('ACCEPTED');
    await expect.poll(() => pushed('get')).toBeDefined();
    expect(ActiveChargingProfileResult.parse(pushed('get'))).toEqual({
      result: 'ACCEPTED',
      profile: {
        start_date_time: '2026-11-27T10:00:00Z',
        charging_profile: {
          charging_rate_unit: 'A',
          duration: 900,
          charging_profile_period: [{ start_period: 0, limit: 16 }],
        },
      },
    });
    expect(cp.received.filter((r) => r.action === 'GetCompositeSchedule').at(-1)?.payload).toEqual({
      connectorId: 1,
      duration: 900,
    });

    cp.handle('ClearChargingProfile', () => ({ status: 'Unknown' }));
    const del = await responseOf(
      await hubFetch(`${url}?response_url=${encodeURIComponent(resultUrl('clear'))}`, 'DELETE', undefined, asAAA),
    );
    expect(del.result).toBe('ACCEPTED');
    await expect.poll(() => pushed('clear')).toEqual({ result: 'UNKNOWN' });
    expect(cp.received.filter((r) => r.action === 'ClearChargingProfile').at(-1)?.payload).toEqual({ id: 22001 });

    // Unknown session, an invalid profile, and an ended session.
    const unknown = await responseOf(
      await hubFetch(`${BASE}/ocpi/2.2.1/chargingprofiles/999999999`, 'PUT', set, asAAA),
    );
    expect(unknown.result).toBe('UNKNOWN_SESSION');
    const invalid = (await (
      await hubFetch(url, 'PUT', { ...set, charging_profile: { charging_rate_unit: 'kW' } }, asAAA)
    ).json()) as { status_code: number };
    expect(invalid.status_code).toBe(2001);
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 10,
      timestamp: new Date().toISOString(),
    });
    expect((await responseOf(await hubFetch(url, 'PUT', set, asAAA))).result).toBe('REJECTED');
    expect(hub.state.problems).toEqual([]);
  });

  it('at a managed site a profile is capped at the share and stacked above the share sent before it', async () => {
    const station = await connectedStation(w.company.id, { prefix: 'OCPS', status: 'available' });
    const cp2 = station.cp;
    try {
      await db.insert(stationPeerings).values({ stationId: station.stationId, peeringId, boundAt: new Date() });
      const [loc] = await db
        .insert(locations)
        .values({
          uid: `LOC-${crypto.randomUUID().slice(0, 8)}`,
          companyId: w.company.id,
          name: 'Hub car park',
          address: 'Quai Perrache',
          postalCode: '69002',
          city: 'Lyon',
          country: 'FR',
          latitude: 45.74,
          longitude: 4.82,
        })
        .returning({ id: locations.id });
      await db.insert(locationStations).values({ locationId: loc?.id as number, stationId: station.stationId });
      await db.insert(siteLoadLimits).values({ locationId: loc?.id as number, unit: 'A', limitValue: 20 });
      cp2.handle('SetChargingProfile', () => ({ status: 'Accepted' }));
      const started = (await cp2.call('StartTransaction', {
        connectorId: 1,
        idTag: 'AAA2',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number };
      const profiles = () =>
        cp2.received
          .filter((r) => r.action === 'SetChargingProfile')
          .map((r) => (r.payload as { csChargingProfiles: Profile16 }).csChargingProfiles);
      // The site gave the session its share (20 A, the only session).
      await expect.poll(() => profiles().some((p) => p.chargingProfileId === 59001)).toBe(true);
      const url = `${BASE}/ocpi/2.2.1/chargingprofiles/${started.transactionId}`;
      const set = (limit: number, key: string) => ({
        charging_profile: { charging_rate_unit: 'A', charging_profile_period: [{ start_period: 0, limit }] },
        response_url: `${PARTNER_BASE}/2.2.1/chargingprofiles/result/${key}`,
      });
      const put = async (limit: number, key: string) =>
        envelopeOf(ChargingProfileResponse).parse(
          await (await hubFetch(url, 'PUT', set(limit, key), routing(AAA, ours))).json(),
        ).data.result;
      const ours22001 = () => profiles().filter((p) => p.chargingProfileId === 22001);
      expect(await put(32, 'site-high')).toBe('ACCEPTED');
      await expect.poll(() => ours22001().length).toBe(1);
      // More than the share is never asked of the station.
      expect(ours22001()[0]?.chargingSchedule.chargingSchedulePeriod).toEqual([{ startPeriod: 0, limit: 20 }]);
      expect(await put(10, 'site-low')).toBe('ACCEPTED');
      await expect.poll(() => ours22001().at(-1)?.chargingSchedule.chargingSchedulePeriod[0]?.limit).toBe(10);
      // Ours (level 6) prevails over the share the site sent before it (level 5); the site counts at most 20 A.
      expect(profiles().find((p) => p.chargingProfileId === 59001)?.stackLevel).toBeLessThan(6);
      expect(ours22001().at(-1)?.stackLevel).toBe(6);
      const site = env.SITE_LOADS.get(env.SITE_LOADS.idFromName(siteObjectName(loc?.id as number)));
      const held = (await site.allocation()).sessions.find((x) => x.transactionId === started.transactionId);
      expect(held?.limitA).toBeLessThanOrEqual(20);
      await expect
        .poll(() => hub.state.pushes.find((x) => x.path.endsWith('/result/site-low'))?.body)
        .toEqual({ result: 'ACCEPTED' });
    } finally {
      cp2.close();
    }
  });
  it('our e-mobility provider calls go from our EMSP party: the pull of a CPO sender through the hub', async () => {
    // Our EMSP party under an id of its own, so that a call sent as our CPO party would show.
    const emsp = { countryCode: ours.countryCode, partyId: 'EMZ' };
    const moved = await db
      .update(ocpiParties)
      .set({ countryCode: emsp.countryCode, partyId: emsp.partyId })
      .where(and(eq(ocpiParties.companyId, w.company.id), eq(ocpiParties.role, 'EMSP')))
      .returning();
    expect(moved).toHaveLength(1);
    const res = await call(`/peerings/${peeringId}/pull`, { ...s, json: { modules: ['tariffs'] } });
    expect(res.status).toBe(200);
    const pulls = hub.routed.filter((r) => r.method === 'GET' && r.path === '/ocpi/2.2.1/tariffs');
    expect(pulls).toHaveLength(1);
    expect(pulls[0]?.headers).toEqual(routing(emsp, { countryCode: 'FR', partyId: 'GIR' }));
    expect(hub.state.problems).toEqual([]);
  });
});

/** The hub calling the product with its token C and these headers. */
function hubFetch(url: string, method: string, body: unknown, headers: Record<string, string>) {
  return SELF.fetch(url, {
    method,
    headers: {
      Authorization: tokenHeader(partnerToken()),
      'X-Request-ID': crypto.randomUUID(),
      'X-Correlation-ID': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
