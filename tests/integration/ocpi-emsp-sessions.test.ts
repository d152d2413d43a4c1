/**
 * OCPI as e-mobility provider, sessions and CDRs (issue 22 part 4, ADR 057 addendum "EMSP: sessions and
 * CDRs"): the test partner acts as CPO. It PUTs a session for our driver's card (linked to the driver,
 * the company and the customer group), PATCHes its periods (a late PATCH changes nothing), POSTs the CDR:
 * the session is closed with the partner's cost and priced for the driver by our customer group's EMSP
 * tariff; a duplicated CDR is ignored; a CDR for an unknown session creates it; a party of another
 * peering and a malformed object are refused.
 */
import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cdr } from '../../domain/ocpi/cdrs';
import { Session } from '../../domain/ocpi/sessions';
import { ROLE } from '../../domain/permissions/roles';
import { customerGroupMembers, customerGroups, ocpiEmspSessions, rfids, tariffs } from '../../drizzle/schema';
import {
  call as api,
  BASE,
  db,
  failOnConsoleError,
  login,
  type Session as UserSession,
  unique,
  type World,
  world,
} from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { callProduct, tokenHeader } from './ocpi-partner';

failOnConsoleError();

const ROOT = `${BASE}/ocpi/2.2.1/emsp`;
let w: World;
let s: UserSession;
let p: ConnectedPartner;
let card: { id: number; uuid: string };
let groupId: number;
let groupTariffId: number;

const token = () => p.state.received.credentials?.token ?? '';
const call = (path: string, method: string, body?: unknown) =>
  SELF.fetch(`${ROOT}/${path}`, {
    method,
    headers: { Authorization: tokenHeader(token()), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const ocpiOf = async (res: Response) => (await res.json()) as { status_code: number; data?: unknown };
const rowOf = (sessionId: string) =>
  db.select().from(ocpiEmspSessions).where(eq(ocpiEmspSessions.partnerSessionId, sessionId)).get();

function session(id: string, over: Partial<Session> = {}): Session {
  return {
    country_code: 'NL',
    party_id: 'PRT',
    id,
    start_date_time: '2026-11-20T10:00:00Z',
    kwh: 0,
    cdr_token: { country_code: 'FR', party_id: 'ABC', uid: card.uuid, type: 'RFID', contract_id: 'FR-ABC-C1' },
    auth_method: 'WHITELIST',
    location_id: 'LOC1',
    evse_uid: '3256',
    connector_id: '1',
    currency: 'EUR',
    status: 'ACTIVE',
    last_updated: '2026-11-20T10:00:00Z',
    ...over,
  };
}

function cdr(id: string, sessionId: string): Cdr {
  return {
    country_code: 'NL',
    party_id: 'PRT',
    id,
    start_date_time: '2026-11-20T10:00:00Z',
    end_date_time: '2026-11-20T11:00:00Z',
    session_id: sessionId,
    cdr_token: { country_code: 'FR', party_id: 'ABC', uid: card.uuid, type: 'RFID', contract_id: 'FR-ABC-C1' },
    auth_method: 'WHITELIST',
    cdr_location: {
      id: 'LOC1',
      name: 'Gent Zuid',
      address: 'F.Rooseveltlaan 3A',
      city: 'Gent',
      country: 'BEL',
      coordinates: { latitude: '51.047599', longitude: '3.729944' },
      evse_uid: '3256',
      evse_id: 'BE*BEC*E041503003',
      connector_id: '1',
      connector_standard: 'IEC_62196_T2',
      connector_format: 'SOCKET',
      connector_power_type: 'AC_3_PHASE',
    },
    currency: 'EUR',
    charging_periods: [
      { start_date_time: '2026-11-20T10:00:00Z', dimensions: [{ type: 'ENERGY', volume: 10 }] },
      { start_date_time: '2026-11-20T10:45:00Z', dimensions: [{ type: 'PARKING_TIME', volume: 0.25 }] },
    ],
    total_cost: { excl_vat: 4.0, incl_vat: 4.84 },
    total_energy_cost: { excl_vat: 4.0 },
    total_energy: 10,
    total_time: 1,
    total_parking_time: 0.25,
    last_updated: '2026-11-20T11:05:00Z',
  };
}

const energyTariff = (price: number) =>
  JSON.stringify([{ price_components: [{ type: 'ENERGY', price, vat_bp: 2000, step_size: 1 }] }]);

beforeAll(async () => {
  w = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES, ROLE.SELF_CHARGE, ROLE.FLEET_MANAGER_VIEW],
    company: { cpms: 'public', country: 'FR', empServices: true, isEvfleet: true },
  });
  s = await login(w.email, w.password, w.ip);
  const uuid = unique('CARD').toUpperCase();
  const [c] = await db
    .insert(rfids)
    .values({ companyId: w.company.id, keyHangerCode: unique('K'), uuid, userId: w.user.id })
    .returning();
  card = { id: c?.id ?? 0, uuid };
  const [g] = await db
    .insert(customerGroups)
    .values({ companyId: w.company.id, name: unique('Roamers') })
    .returning();
  groupId = g?.id ?? 0;
  await db.insert(customerGroupMembers).values({ customerGroupId: groupId, userId: w.user.id });
  // Our EMSP tariffs: 0.50 €/kWh for everyone, 0.30 €/kWh for the driver's customer group (which wins).
  await db.insert(tariffs).values({
    companyId: w.company.id,
    type: 'emp',
    status: 'approved',
    name: unique('emp'),
    elementsJson: energyTariff(5000),
  });
  const [t] = await db
    .insert(tariffs)
    .values({
      companyId: w.company.id,
      type: 'emp',
      status: 'approved',
      name: unique('emp-group'),
      customerGroupId: groupId,
      elementsJson: energyTariff(3000),
    })
    .returning();
  groupTariffId = t?.id ?? 0;
  p = await connectedPartner(s, []);
});
afterAll(() => p?.restore());

describe('sessions receiver', () => {
  it('lists the sessions and CDRs receivers in our version details', async () => {
    const details = (await callProduct(`${BASE}/ocpi/2.2.1`, token())) as {
      data: { endpoints: { identifier: string; role: string; url: string }[] };
    };
    expect(details.data.endpoints).toEqual(
      expect.arrayContaining([
        { identifier: 'sessions', role: 'RECEIVER', url: `${ROOT}/sessions` },
        { identifier: 'cdrs', role: 'RECEIVER', url: `${ROOT}/cdrs` },
      ]),
    );
  });

  it('stores a PUT session for our driver, applies newer PATCHes, ignores a late one, then closes and prices it by its CDR', async () => {
    const put = await call('sessions/NL/PRT/S-1', 'PUT', session('S-1'));
    expect(put.status).toBe(200);
    expect((await ocpiOf(put)).status_code).toBe(1000);
    let row = await rowOf('S-1');
    expect(row).toMatchObject({
      status: 'in_progress',
      protocol: 'OCPI',
      companyId: w.company.id,
      userId: w.user.id,
      rfidId: card.id,
      customerGroupId: groupId,
      userEmail: w.email.toLowerCase(),
      authId: card.uuid,
      operatorId: 'NL*PRT',
      stationId: null,
      locationId: 'LOC1',
      pricingStatus: 'unpriced',
    });

    const periods = [{ start_date_time: '2026-11-20T10:00:00Z', dimensions: [{ type: 'ENERGY', volume: 4.5 }] }];
    const patch = await call('sessions/NL/PRT/S-1', 'PATCH', {
      kwh: 4.5,
      charging_periods: periods,
      total_cost: { excl_vat: 1.8 },
      last_updated: '2026-11-20T10:30:00Z',
    });
    expect((await ocpiOf(patch)).status_code).toBe(1000);
    // A late PATCH (older last_updated) is answered success and changes nothing.
    await call('sessions/NL/PRT/S-1', 'PATCH', { kwh: 1, last_updated: '2026-11-20T10:10:00Z' });
    row = await rowOf('S-1');
    expect(row?.energyWh).toBe(4500);
    const got = await ocpiOf(await call('sessions/NL/PRT/S-1', 'GET'));
    expect(Session.parse(got.data)).toMatchObject({ kwh: 4.5, charging_periods: periods, status: 'ACTIVE' });

    const post = await call('cdrs', 'POST', cdr('CDR-1', 'S-1'));
    expect((await ocpiOf(post)).status_code).toBe(1000);
    const location = post.headers.get('Location') ?? '';
    expect(location).toBe(`${ROOT}/cdrs/NL/PRT/CDR-1`);
    const back = await ocpiOf(await SELF.fetch(location, { headers: { Authorization: tokenHeader(token()) } }));
    expect(Cdr.parse(back.data).id).toBe('CDR-1');

    row = await rowOf('S-1');
    expect(row).toMatchObject({
      status: 'closed',
      ocpiStatus: 'COMPLETED',
      energyWh: 10_000,
      durationS: 3600,
      parkingS: 900,
      connectorEvseId: 'BE*BEC*E041503003',
      stationName: 'Gent Zuid',
      stationCity: 'Gent',
      partnerCdrId: 'CDR-1',
      // What the partner charges us, excl. VAT (and incl.).
      subcpoTotal: 400,
      subcpoEnergy: 400,
      cpoCostInclVat: 484,
      // The driver's price by the customer group's EMSP tariff: 10 kWh × 0.30 = 3.00, 3.60 with 20 % VAT.
      pricingStatus: 'priced',
      empTariffId: groupTariffId,
      empNetTotal: 300,
      empTotal: 360,
      vatValue: 60,
    });
    expect(row?.endAt?.toISOString()).toBe('2026-11-20T11:00:00.000Z');

    // A PUT arriving after the CDR (even newer) does not reopen the session.
    await call(
      'sessions/NL/PRT/S-1',
      'PUT',
      session('S-1', { status: 'ACTIVE', last_updated: '2026-11-20T12:00:00Z' }),
    );
    expect((await rowOf('S-1'))?.status).toBe('closed');
  });

  it('ignores a duplicated CDR', async () => {
    const before = await rowOf('S-1');
    const again = { ...cdr('CDR-1', 'S-1'), total_cost: { excl_vat: 99 } };
    expect((await ocpiOf(await call('cdrs', 'POST', again))).status_code).toBe(1000);
    const after = await rowOf('S-1');
    expect(after?.subcpoTotal).toBe(400);
    expect(after?.cdrJson).toBe(before?.cdrJson);
  });

  it('creates the session of a CDR for a session it never received, priced as well', async () => {
    expect((await ocpiOf(await call('cdrs', 'POST', cdr('CDR-2', 'S-UNKNOWN')))).status_code).toBe(1000);
    expect(await rowOf('S-UNKNOWN')).toMatchObject({
      status: 'closed',
      userId: w.user.id,
      partnerCdrId: 'CDR-2',
      pricingStatus: 'priced',
      empTotal: 360,
    });
  });

  it('refuses another party, a misplaced object and a malformed one', async () => {
    const other = await call('sessions/DE/XYZ/S-9', 'PUT', { ...session('S-9'), country_code: 'DE', party_id: 'XYZ' });
    expect(other.status).toBe(404);
    expect((await ocpiOf(other)).status_code).toBe(2001);
    const otherCdr = await call('cdrs', 'POST', { ...cdr('CDR-9', 'S-9'), country_code: 'DE', party_id: 'XYZ' });
    expect(otherCdr.status).toBe(404);
    expect((await ocpiOf(otherCdr)).status_code).toBe(2001);
    expect((await ocpiOf(await call('sessions/NL/PRT/S-9', 'PUT', session('S-10')))).status_code).toBe(2001);
    const { kwh: _kwh, ...noKwh } = session('S-9');
    expect((await ocpiOf(await call('sessions/NL/PRT/S-9', 'PUT', noKwh))).status_code).toBe(2001);
    expect((await ocpiOf(await call('sessions/NL/PRT/S-9', 'PATCH', { kwh: 2 }))).status_code).toBe(2001);
    expect(await rowOf('S-9')).toBeUndefined();
    // Without a valid token: 401.
    const anonymous = await SELF.fetch(`${ROOT}/sessions/NL/PRT/S-1`);
    expect(anonymous.status).toBe(401);
  });
});

describe('roaming sessions shown', () => {
  type Page = { data: Record<string, unknown>[]; total: number; sums?: Record<string, number | null> };
  const list = async (path: string, json: Record<string, unknown>) => {
    const res = await api(path, { ...s, json });
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };

  it('lists them in the e-mobility provider variant with the partner session id and protocol, summed', async () => {
    const page = await list('/connectors/sessions', { variant: 'emp', items_per_page: 100 });
    const roaming = page.data.filter((r) => r.protocol === 'OCPI');
    expect(roaming.map((r) => r.cdr_partner_session_id).sort()).toEqual(['S-1', 'S-UNKNOWN']);
    expect(roaming[0]).toMatchObject({ cdr_operator_id: 'NL*PRT', station_name: 'Gent Zuid', emp_price_total: 360 });
    expect(page.total).toBe(page.data.length);
    expect(page.sums?.emp_price_total).toBe(720);
    // The export (CSV) lists them too.
    const csv = await api('/connectors/sessions', { ...s, json: { variant: 'emp', format: 'csv' } });
    const text = await csv.text();
    expect(text).toContain('S-UNKNOWN');
    expect(text).toContain('OCPI');
    // Not in the operator variants: those are our stations' sessions.
    const multiflow = await list('/connectors/sessions', { variant: 'multiflow', items_per_page: 100 });
    expect(multiflow.data.filter((r) => r.cdr_partner_session_id === 'S-1')).toEqual([]);
  });

  it("lists them in the fleet's roaming view and the driver's own sessions, unless the driver's group hides roaming", async () => {
    const fleet = await list('/sessions/fleet/roaming', { items_per_page: 100 });
    expect(fleet.data.filter((r) => r.station_name === 'Gent Zuid')).toHaveLength(2);
    const work = await list('/sessions/fleet/work', { items_per_page: 100 });
    expect(work.data.filter((r) => r.station_name === 'Gent Zuid')).toEqual([]);

    const mine = await list('/my-sessions', { items_per_page: 10 });
    expect(mine.total).toBe(2);
    expect(mine.data.map((r) => [r.station_name, r.station_id, r.price_total])).toEqual([
      ['Gent Zuid', null, 360],
      ['Gent Zuid', null, 360],
    ]);
    await db.update(customerGroups).set({ hideRoaming: true }).where(eq(customerGroups.id, groupId));
    expect((await list('/my-sessions', { items_per_page: 10 })).total).toBe(0);
    // The operator and the fleet still see them (what the partner bills and the driver pays).
    expect((await list('/connectors/sessions', { variant: 'emp' })).data.some((r) => r.protocol === 'OCPI')).toBe(true);
  });
});
