/**
 * OCPI as e-mobility provider: locations and tariffs (issue 22 parts 4, 6; ADR 057 addendum "EMSP:
 * locations and tariffs"). The test partner acts as CPO: it pushes a Location, an EVSE status and a
 * Tariff to our receivers (a late PATCH and a duplicated PUT change nothing; another party is refused),
 * we pull its senders page by page following Link, and `GET /api/roaming-details/{country}` answers its
 * Locations, EVSEs and priced Tariffs; another company's user sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../domain/ocpi/locations';
import type { Tariff } from '../../domain/ocpi/tariffs';
import { ROLE } from '../../domain/permissions/roles';
import { BASE, call, failOnConsoleError, login, type Session, world } from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { callProduct, partnerModule } from './ocpi-partner';

failOnConsoleError();

let s: Session;
let other: Session;
let p: ConnectedPartner;

const T = (h: number) => `2026-11-27T${String(h).padStart(2, '0')}:00:00Z`;
const connector = (at: string) => ({
  id: '1',
  standard: 'IEC_62196_T2' as const,
  format: 'SOCKET' as const,
  power_type: 'AC_3_PHASE' as const,
  max_voltage: 230,
  max_amperage: 32,
  tariff_ids: ['TAR-1'],
  last_updated: at,
});
const evse = (uid: string, status: 'AVAILABLE' | 'CHARGING', at: string) => ({
  uid,
  status,
  connectors: [connector(at)],
  last_updated: at,
});
const location = (id: string, at: string, party = 'PRT', evses = [evse(`${id}-E1`, 'AVAILABLE', at)]): Location => ({
  country_code: 'NL',
  party_id: party,
  id,
  publish: true,
  address: 'Stationsplein 1',
  city: 'Utrecht',
  country: 'NLD',
  coordinates: { latitude: '52.08900', longitude: '5.11000' },
  time_zone: 'Europe/Amsterdam',
  evses,
  last_updated: at,
});
const tariff = (id: string, at: string): Tariff => ({
  country_code: 'NL',
  party_id: 'PRT',
  id,
  currency: 'EUR',
  elements: [
    { price_components: [{ type: 'ENERGY', price: 0.35, step_size: 1 }] },
    {
      price_components: [
        { type: 'ENERGY', price: 0.25, step_size: 1 },
        { type: 'PARKING_TIME', price: 2, step_size: 60 },
      ],
      restrictions: { start_time: '22:00', end_time: '06:00' },
    },
    { price_components: [{ type: 'FLAT', price: 0.5, step_size: 1 }] },
  ],
  last_updated: at,
});

const token = () => p.state.received.credentials?.token ?? '';
const at = (path: string) => `${BASE}/ocpi/2.2.1/emsp/${path}`;
const send = async (method: string, path: string, body?: unknown) =>
  (await callProduct(at(path), token(), body === undefined ? { method } : { method, body: JSON.stringify(body) })) as {
    status_code: number;
    data?: unknown;
  };

beforeAll(async () => {
  const w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
  s = await login(w.email, w.password, w.ip);
  const o = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
  other = await login(o.email, o.password, o.ip);
  p = await connectedPartner(s, [partnerModule('locations', 'SENDER'), partnerModule('tariffs', 'SENDER')]);
  // Its senders: five Locations (three pages of two), one invalid object, one Location of a party not its own.
  p.state.sender.locations = [
    ...[1, 2, 3, 4].map((i) => location(`PULL-${i}`, T(8))),
    { id: 'BROKEN' },
    location('PULL-X', T(8), 'XXX'),
  ];
  p.state.sender.tariffs = [tariff('TAR-1', T(8))];
});
afterAll(() => p?.restore());

describe('OCPI locations and tariffs receivers (as e-mobility provider)', () => {
  it('stores pushed Locations, EVSEs and Tariffs; a late PATCH or duplicated PUT never overwrites newer data', async () => {
    expect((await send('PUT', 'locations/NL/PRT/PUSH-1', location('PUSH-1', T(10)))).status_code).toBe(1000);
    // The EVSE starts charging at 11:00; a PATCH stamped 10:30 (late) saying AVAILABLE arrives after it.
    const patch = (status: string, stamp: string) =>
      send('PATCH', 'locations/NL/PRT/PUSH-1/PUSH-1-E1', { status, last_updated: stamp });
    expect((await patch('CHARGING', T(11))).status_code).toBe(1000);
    expect((await patch('AVAILABLE', '2026-11-27T10:30:00Z')).status_code).toBe(1000);
    // A duplicated, older PUT of the Location with the EVSE AVAILABLE changes nothing either.
    await send('PUT', 'locations/NL/PRT/PUSH-1', location('PUSH-1', T(10)));
    const got = (await send('GET', 'locations/NL/PRT/PUSH-1/PUSH-1-E1')) as {
      data: { status: string; last_updated: string };
    };
    expect(got.data).toMatchObject({ status: 'CHARGING', last_updated: T(11) });
    const whole = (await send('GET', 'locations/NL/PRT/PUSH-1')) as { data: Location };
    expect(whole.data.last_updated).toBe(T(11));
    expect(whole.data.evses?.map((e) => e.status)).toEqual(['CHARGING']);

    // A party that is not the peering's own CPO party, an invalid object, an unknown Location.
    expect((await send('PUT', 'locations/NL/XXX/PUSH-2', location('PUSH-2', T(10), 'XXX'))).status_code).toBe(2000);
    const invalid = await send('PUT', 'locations/NL/PRT/PUSH-3', { ...location('PUSH-3', T(10)), coordinates: {} });
    expect(invalid.status_code).toBe(2001);
    expect((await send('GET', 'locations/NL/PRT/NOPE')).status_code).toBe(2003);

    // Tariffs: PUT, a late PUT ignored, GET, DELETE.
    expect((await send('PUT', 'tariffs/NL/PRT/TAR-2', tariff('TAR-2', T(10)))).status_code).toBe(1000);
    await send('PUT', 'tariffs/NL/PRT/TAR-2', { ...tariff('TAR-2', T(9)), currency: 'CHF' });
    expect(((await send('GET', 'tariffs/NL/PRT/TAR-2')) as { data: Tariff }).data.currency).toBe('EUR');
    expect((await send('DELETE', 'tariffs/NL/PRT/TAR-2')).status_code).toBe(1000);
    expect((await send('GET', 'tariffs/NL/PRT/TAR-2')).status_code).toBe(2000);
  });

  it('pulls the partner senders page by page following Link, with the progress answered', async () => {
    const res = await call(`/peerings/${p.peeringId}/pull`, { ...s, json: { modules: ['locations', 'tariffs'] } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      pulls: { module: string; state: string; pages: number; objects: number; rejected: number; total: number }[];
    };
    expect(
      body.pulls.map(({ module, state, pages, objects, rejected, total }) => ({
        module,
        state,
        pages,
        objects,
        rejected,
        total,
      })),
    ).toEqual([
      { module: 'locations', state: 'done', pages: 3, objects: 4, rejected: 2, total: 6 },
      { module: 'tariffs', state: 'done', pages: 1, objects: 1, rejected: 0, total: 1 },
    ]);
    const pages = p.state.seen.filter((x) => x.method === 'GET' && x.path === '/ocpi/2.2.1/locations');
    expect(pages).toHaveLength(3);
    expect(((await send('GET', 'locations/NL/PRT/PULL-3')) as { data: Location }).data.id).toBe('PULL-3');
  });

  it('answers roaming details per country for the company scope only', async () => {
    const res = await call('/roaming-details/NL', s);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      country: string;
      countries: string[];
      total: number;
      data: { peering_id: number; locations: number; evses: number; evses_available: number; tariffs: unknown[] }[];
    };
    expect(body.country).toBe('NL');
    expect(body.countries).toEqual(['NL']);
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({ peering_id: p.peeringId, locations: 5, evses: 5, evses_available: 4 });
    expect(body.data[0]?.tariffs).toEqual([
      expect.objectContaining({
        id: 'TAR-1',
        currency: 'EUR',
        energy: { min: 0.25, max: 0.35 },
        parking: { min: 2, max: 2 },
        flat: { min: 0.5, max: 0.5 },
        time: null,
        restricted: true,
      }),
    ]);
    expect(((await (await call('/roaming-details/FR', s)).json()) as { total: number }).total).toBe(0);
    expect((await call('/roaming-details/XX', s)).status).toBe(400);

    // Another company's user: no partner of ours, and our peering is unknown to it.
    expect(((await (await call('/roaming-details/NL', other)).json()) as { total: number }).total).toBe(0);
    expect((await call(`/peerings/${p.peeringId}/pull`, { ...other, json: {} })).status).toBe(404);
  });
});
