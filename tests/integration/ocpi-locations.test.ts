/**
 * OCPI locations and tariffs as CPO (issue 22 parts 3, 5 and 8; ADR 057 addendum "Locations and
 * tariffs"): a station bound to a peering through onboarding reaches the partner as a valid Location,
 * a StatusNotification of its charge point reaches it as an EVSE status PATCH, the partner pulls
 * locations with paging and date filters and the operator's tariffs, a station not published there is
 * an unknown Location (2003), a public peering refuses a private station, a refused publish is reported
 * and a retry resends, unbinding sends the EVSEs as removed.
 */
import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Connector, Evse, Location, LocationPatch } from '../../domain/ocpi/locations';
import { envelopeOf, VersionDetails } from '../../domain/ocpi/schemas';
import { Tariff } from '../../domain/ocpi/tariffs';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { connectors, stations, tariffs } from '../../drizzle/schema';
import { drainOcpiOutbox } from '../../workers/api/src/ocpi/ocpi.connect';
import { connectedStation } from './fake-charge-point';
import { BASE, call, db, failOnConsoleError, login, type Session, world } from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { partnerModule, tokenHeader } from './ocpi-partner';

failOnConsoleError();

let s: Session;
let companyId: number;
let p: ConnectedPartner;
afterEach(() => {
  p.state.down = false;
});
beforeAll(async () => {
  const admin = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES],
    company: { cpms: 'public', country: 'FR', services: [SERVICE.ONBOARD_STATIONS] },
  });
  companyId = admin.company.id;
  s = await login(admin.email, admin.password, admin.ip);
  p = await connectedPartner(s, [partnerModule('locations', 'RECEIVER'), partnerModule('tariffs', 'RECEIVER')]);
  return () => p.restore();
});

const env = () => ({ APP_ENV: 'test' });
const ocpi = (path: string) => `${BASE}/ocpi/2.2.1/${path}`;
/** A GET of ours as the partner makes it (with the token we gave it), keeping the answer's headers. */
async function pull(url: string) {
  const token = p.state.received.credentials?.token ?? '';
  const res = await SELF.fetch(url, {
    headers: { Authorization: tokenHeader(token), 'X-Request-ID': 'r1', 'X-Correlation-ID': 'c1' },
  });
  return { res, body: (await res.json()) as { data?: unknown; status_code: number; status_message: string } };
}

/** A station of the company with a connected fake charge point, its address and plug filled in. */
async function station(prefix: string, over: Partial<typeof stations.$inferInsert> = {}) {
  const made = await connectedStation(companyId, { prefix, status: 'available' });
  await db
    .update(stations)
    .set({
      name: `Station ${prefix}`,
      address: 'Rue de la Paix',
      streetNumber: '3',
      postalCode: '75002',
      city: 'Paris',
      country: 'FR',
      latitude: 48.869,
      longitude: 2.331,
      type: 'public',
      openToPublic: true,
      ...over,
    })
    .where(eq(stations.id, made.stationId));
  await db
    .update(connectors)
    .set({ plugType: 'Type 2', plugFormat: 'SOCKET', powerType: 'AC_3_PHASE', voltage: 230, amperage: 32 })
    .where(eq(connectors.id, made.connectorId));
  const [c] = await db.select().from(connectors).where(eq(connectors.id, made.connectorId));
  return { ...made, connectorUid: c?.uid ?? '' };
}

const bind = (uid: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  call(`/stations/${uid}/bind-peering/${p.peeringId}`, { ...s, method });
const pushesTo = (fragment: string) => p.state.pushes.filter((x) => x.path.includes(fragment));

describe('OCPI locations as CPO', () => {
  it('lists locations and tariffs as SENDER modules in our version details', async () => {
    const { body } = await pull(ocpi('').replace(/\/$/, ''));
    const details = envelopeOf(VersionDetails).parse(body).data;
    const ids = details.endpoints.map((e) => `${e.identifier}:${e.role}`);
    expect(ids).toEqual(expect.arrayContaining(['locations:SENDER', 'tariffs:SENDER']));
  });

  it('bind-peering pushes a valid Location; a StatusNotification reaches the partner as an EVSE PATCH', async () => {
    const st = await station('ola');
    const res = await bind(st.uid);
    expect(res.status).toBe(200);
    const put = pushesTo(`/locations/`).find((x) => x.method === 'PUT' && x.path.endsWith(`/${st.uid}`));
    expect(put?.path).toMatch(new RegExp(`^/ocpi/2\\.2\\.1/locations/FR/[A-Z0-9]{3}/${st.uid}$`));
    const location = Location.parse(put?.body);
    expect(location).toMatchObject({
      id: st.uid,
      publish: true,
      address: 'Rue de la Paix 3',
      country: 'FRA',
      coordinates: { latitude: '48.86900', longitude: '2.33100' },
    });
    expect(location.evses?.map((e) => [e.uid, e.status, e.connectors[0]?.standard])).toEqual([
      [st.connectorUid, 'AVAILABLE', 'IEC_62196_T2'],
    ]);
    const state = (await res.json()) as { steps?: unknown };
    expect(JSON.stringify(state)).toContain('peering');

    // An edit through the API reaches the partner at once; bound to a public peering, the station stays public.
    const renamed = await call(`/stations/${st.stationId}/detail`, {
      ...s,
      method: 'PATCH',
      json: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(Location.parse(pushesTo(`/${st.uid}`).at(-1)?.body).name).toBe('Renamed');
    const privatised = await call(`/stations/${st.stationId}/detail`, {
      ...s,
      method: 'PATCH',
      json: { type: 'private' },
    });
    expect(privatised.status).toBe(400);
    expect(JSON.stringify(await privatised.json())).toContain('Public peering requires the station to be public.');

    await st.cp.call('StatusNotification', {
      connectorId: 1,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: new Date().toISOString(),
    });
    // The OCPP worker queues the push in the status change's batch; the API worker's cron delivers it.
    await drainOcpiOutbox(db, env(), new Date(Date.now() + 1000));
    const patch = pushesTo(`/${st.uid}/${st.connectorUid}`).at(-1);
    expect(patch?.method).toBe('PATCH');
    expect(LocationPatch.parse(patch?.body)).toMatchObject({ status: 'CHARGING' });
    expect(p.state.problems).toEqual([]);
    st.cp.close();
  });

  it('the partner pulls locations with paging, date filters, one Location, EVSE or Connector', async () => {
    const before = new Date(Date.now() - 1000);
    const made = [];
    for (const prefix of ['olb', 'olc', 'old']) {
      const st = await station(prefix);
      expect((await bind(st.uid)).status).toBe(200);
      made.push(st);
    }
    const first = await pull(ocpi('locations?limit=2'));
    expect(first.res.status).toBe(200);
    const total = Number(first.res.headers.get('X-Total-Count'));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.res.headers.get('X-Limit')).toBe('100');
    const page1 = Location.array().parse(first.body.data);
    expect(page1).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.res.headers.get('Link') ?? '')?.[1];
    expect(next).toContain('offset=2');
    const all = [...page1];
    let url: string | undefined = next;
    while (url) {
      const page = await pull(url);
      all.push(...Location.array().parse(page.body.data));
      url = /<([^>]+)>; rel="next"/.exec(page.res.headers.get('Link') ?? '')?.[1];
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((l) => l.id)).size).toBe(total);
    for (const st of made) expect(all.map((l) => l.id)).toContain(st.uid);

    const dateFrom = before.toISOString().slice(0, 19);
    const recent = Location.array().parse((await pull(ocpi(`locations?date_from=${dateFrom}Z`))).body.data);
    expect(recent.map((l) => l.id)).toEqual(expect.arrayContaining(made.map((m) => m.uid)));
    const future = await pull(ocpi(`locations?date_from=${new Date(Date.now() + 3_600_000).toISOString()}`));
    expect(future.body.data).toEqual([]);
    expect(future.res.headers.get('X-Total-Count')).toBe('0');
    const older = Location.array().parse((await pull(ocpi(`locations?date_to=${dateFrom}Z`))).body.data);
    expect(older.map((l) => l.id)).not.toContain(made[0]?.uid);
    expect((await pull(ocpi('locations?date_from=yesterday'))).body.status_code).toBe(2001);

    const st = made[0];
    if (!st) throw new Error('no station');
    const one = await pull(ocpi(`locations/${st.uid}`));
    expect(Location.parse(one.body.data).id).toBe(st.uid);
    const evse = Evse.parse((await pull(ocpi(`locations/${st.uid}/${st.connectorUid}`))).body.data);
    expect(evse.uid).toBe(st.connectorUid);
    const connector = Connector.parse((await pull(ocpi(`locations/${st.uid}/${st.connectorUid}/1`))).body.data);
    expect(connector).toMatchObject({ id: '1', max_voltage: 230, max_amperage: 32 });
    const missingEvse = await pull(ocpi(`locations/${st.uid}/nope`));
    expect([missingEvse.res.status, missingEvse.body.status_code]).toEqual([404, 2003]);
    for (const x of made) x.cp.close();
  });

  it('a station not published to the peering is an unknown Location (2003)', async () => {
    const st = await station('ole');
    const got = await pull(ocpi(`locations/${st.uid}`));
    expect([got.res.status, got.body.status_code, got.body.status_message]).toEqual([404, 2003, 'Unknown Location']);
    st.cp.close();
  });

  it('a public peering requires the station to be public (spec section 5), nothing is pushed', async () => {
    const st = await station('olf', { type: 'private' });
    const count = p.state.pushes.length;
    const res = await bind(st.uid);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 'PUBLIC_PEERING_NEEDS_PUBLIC_STATION',
      'error-msg': 'Public peering requires the station to be public.',
    });
    expect(p.state.pushes.length).toBe(count);
    expect((await pull(ocpi(`locations/${st.uid}`))).body.status_code).toBe(2003);
    st.cp.close();
  });

  it('publish-on-emp reports the partner being unreachable; a retry resends; unbinding sends the EVSEs as removed', async () => {
    const st = await station('olg');
    p.state.down = true;
    const refused = await call(`/stations/${st.uid}/publish-on-emp/${p.peeringId}`, { ...s, method: 'POST' });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; 'error-msg': string };
    expect(body.code).toBe('PARTNER_REFUSED');
    expect(body['error-msg']).toMatch(/^The roaming partner did not accept the station: .+\. Retry later\.$/);
    const steps = await call(`/stations/${st.uid}/onboarding`, s);
    expect(JSON.stringify(await steps.json())).toContain(
      'The roaming partner did not accept the station. Retry later.',
    );

    p.state.down = false;
    const retried = await call(`/stations/${st.uid}/publish-on-emp/${p.peeringId}`, { ...s, method: 'POST' });
    expect(retried.status).toBe(200);
    expect(pushesTo(`/${st.uid}`).filter((x) => x.method === 'PUT')).toHaveLength(1);

    const unbound = await bind(st.uid, 'DELETE');
    expect(unbound.status).toBe(200);
    const removed = Location.parse(pushesTo(`/${st.uid}`).at(-1)?.body);
    expect(removed.evses?.map((e) => e.status)).toEqual(['REMOVED']);
    expect((await pull(ocpi(`locations/${st.uid}`))).body.status_code).toBe(2003);
    expect((await bind(st.uid, 'DELETE')).status).toBe(404);
    st.cp.close();
  });
});

describe('OCPI tariffs as CPO', () => {
  it('the partner pulls the operator’s approved CPO tariffs (paged), and an approval pushes the tariff', async () => {
    const elements = [{ price_components: [{ type: 'ENERGY', price: 2500, vat_bp: 2000, step_size: 1 }] }];
    const [row] = await db
      .insert(tariffs)
      .values({
        companyId,
        type: 'cpo',
        status: 'approved',
        name: 'Roaming',
        elementsJson: JSON.stringify(elements),
        approvedAt: new Date(),
      })
      .returning();
    await db.insert(tariffs).values({
      companyId,
      type: 'cpo',
      status: 'approved',
      name: 'Only for another provider',
      elementsJson: JSON.stringify(elements),
      emsp: 'DE*XYZ',
    });
    const got = await pull(ocpi('tariffs'));
    expect(got.res.headers.get('X-Total-Count')).toBe('1');
    const list = Tariff.array().parse(got.body.data);
    expect(list.map((t) => [t.id, t.elements[0]?.price_components[0]])).toEqual([
      [String(row?.id), { type: 'ENERGY', price: 0.25, vat: 20, step_size: 1 }],
    ]);
    expect((await pull(ocpi(`tariffs?date_from=${new Date(Date.now() + 60_000).toISOString()}`))).body.data).toEqual(
      [],
    );

    const created = await call('/tariff', {
      ...s,
      json: { type: 'cpo', name: 'Approved now', elements, company_id: companyId },
    });
    if (created.status === 201) {
      const { data } = (await created.json()) as { data: { id: number } };
      const approved = await call(`/tariff/id/${data.id}/approve`, { ...s, method: 'POST' });
      expect(approved.status).toBe(200);
      const pushed = pushesTo(`/tariffs/`).at(-1);
      expect(pushed?.method).toBe('PUT');
      expect(Tariff.parse(pushed?.body).id).toBe(String(data.id));
    } else {
      throw new Error(`tariff creation answered ${created.status}: ${await created.text()}`);
    }
  });
});
