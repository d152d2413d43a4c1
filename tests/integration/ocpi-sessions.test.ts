/**
 * OCPI Sessions and CDRs as CPO (issue 22 parts 3 and 9): a charge a partner's token started (its
 * session's `ocpi_peering_id`, set here by a trigger as the tokens module sets it at start) reaches the
 * partner as Session PUTs (ACTIVE, with the energy so far, then COMPLETED) and one CDR whose total is the
 * session's driver price, all parsing with the module schemas; with the partner down for an hour it
 * receives them in order once back; a re-priced session sends a credit CDR and a new one; the partner
 * pulls its own sessions and CDRs, paged and filtered by date.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cdr } from '../../domain/ocpi/cdrs';
import { envelopeOf } from '../../domain/ocpi/schemas';
import { Session as OcpiSession } from '../../domain/ocpi/sessions';
import { ROLE } from '../../domain/permissions/roles';
import { OCPI_SESSIONS_PAGE_SQL } from '../../drizzle/queries/ocpi-pull.store';
import { priceClosedSession } from '../../drizzle/queries/pricing.store';
import { chargingSessions, ocpiTokens, stations, tariffs } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { drainOcpiOutbox } from '../../workers/api/src/ocpi/ocpi.connect';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { db, login, type Session, unique, type World, world } from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { callProduct, partnerModule } from './ocpi-partner';

const env = () => ({ APP_ENV: 'test' });
const OCPI = 'http://localhost/ocpi/2.2.1';

let w: World;
let s: Session;
let p: ConnectedPartner;
let cp: FakeChargePoint;
let stationId: number;
let stationUid: string;
let tag: string;

async function until<T>(read: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const sessionRow = (id: number) => db.select().from(chargingSessions).where(eq(chargingSessions.id, id)).get();
const queued = async (id: number) =>
  (
    await db.$client
      .prepare(`SELECT COUNT(*) AS n FROM ocpi_outbox WHERE object_key = ? AND state = 'queued'`)
      .bind(`session:${id}`)
      .first<{ n: number }>()
  )?.n ?? 0;

/** A charge on the station: start, one meter value, stop; resolves with the session id once priced. */
async function charge(startAt: Date, opts: { afterStart?: (id: number) => Promise<void> } = {}) {
  const t = (min: number) => new Date(startAt.getTime() + min * 60_000).toISOString();
  const start = (await cp.call('StartTransaction', {
    connectorId: 1,
    idTag: tag,
    meterStart: 100_000,
    timestamp: t(0),
  })) as { transactionId: number; idTagInfo: { status: string } };
  expect(start.idTagInfo.status).toBe('Accepted');
  const id = start.transactionId;
  await until(async () => (await queued(id)) > 0, 'the start push queued');
  await opts.afterStart?.(id);
  await cp.call('MeterValues', {
    connectorId: 1,
    transactionId: id,
    meterValue: [{ timestamp: t(30), sampledValue: [{ value: '106000', measurand: 'Energy.Active.Import.Register' }] }],
  });
  await until(async () => (await sessionRow(id))?.energyWh === 6000, 'the energy so far written');
  await cp.call('StopTransaction', { transactionId: id, meterStop: 112_000, timestamp: t(60), reason: 'Local' });
  const priced = await until(async () => {
    const row = await sessionRow(id);
    return row?.pricingStatus === 'priced' && (await queued(id)) >= 2 ? row : null;
  }, 'the session priced and its CDR queued');
  return { id, priced };
}

beforeAll(async () => {
  w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
  s = await login(w.email, w.password, w.ip);
  p = await connectedPartner(s, [partnerModule('sessions', 'RECEIVER'), partnerModule('cdrs', 'RECEIVER')]);
  ({ stationId, uid: stationUid, cp } = await connectedStation(w.company.id, { prefix: 'OCS', status: 'available' }));
  await db
    .update(stations)
    .set({
      country: 'FR',
      city: 'Lyon',
      address: 'Rue de la Gare',
      postalCode: '69001',
      latitude: 45.76,
      longitude: 4.83,
    })
    .where(eq(stations.id, stationId));
  // The driver price: 0.40 per kWh + 20 % VAT.
  await db.insert(tariffs).values({
    companyId: w.company.id,
    type: 'emp',
    status: 'approved',
    name: unique('emp'),
    elementsJson: JSON.stringify([{ price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] }]),
  });
  // The partner's driver: its token is accepted at our station (as the tokens module's cache makes it).
  tag = unique('PRTTAG')
    .replace(/[^A-Z0-9]/gi, '')
    .slice(0, 20)
    .toUpperCase();
  const driver = await createUser(db, {
    companyId: w.company.id,
    email: `${tag.toLowerCase()}@example.test`,
    canChargePublic: true,
  });
  await createRfid(db, { companyId: w.company.id, uuid: tag, userId: driver.id });
  await db.insert(ocpiTokens).values({
    peeringId: p.peeringId,
    countryCode: 'NL',
    partyId: 'PRT',
    uid: tag,
    type: 'RFID',
    contractId: 'NL-PRT-C12345678-X',
    issuer: 'Partner Provider',
    valid: true,
    whitelist: 'ALLOWED',
    lastUpdated: new Date(),
  });
  // What the tokens module does when a partner's token starts a session (the contract of migration 0055).
  await db.$client
    .prepare(
      `CREATE TRIGGER IF NOT EXISTS test_ocpi_sessions_${p.peeringId} AFTER INSERT ON charging_sessions
       WHEN NEW.auth_id = '${tag}' BEGIN
       UPDATE charging_sessions SET ocpi_peering_id = ${p.peeringId}, ocpi_token_uid = NEW.auth_id,
         ocpi_authorization_reference = 'AUTH-REF-1' WHERE id = NEW.id; END`,
    )
    .run();
});

afterAll(async () => {
  cp?.close();
  p?.restore();
  await db.$client.prepare(`DROP TRIGGER IF EXISTS test_ocpi_sessions_${p.peeringId}`).run();
});

/** A signed OCMF reading (its signature is not checked on the way to the partner). */
const signedBegin = {
  value:
    'OCMF|{"FV":"1.0","MS":"M-OCPI","RD":[{"TM":"2026-05-01T10:00:00,000+0000 S","TX":"B","RV":100,"RU":"kWh"}]}|{"SD":"3006020101020101"}',
  format: 'SignedData',
  context: 'Transaction.Begin',
};

const sessionsPushed = () =>
  p.state.pushes.filter((x) => x.method === 'PUT' && x.path.includes('/2.2.1/sessions/')).map((x) => x.body);
const cdrsPushed = () => p.state.pushes.filter((x) => x.method === 'POST' && x.path.endsWith('/2.2.1/cdrs'));

describe('OCPI sessions and CDRs pushed to the partner', () => {
  it('a charge reaches the partner as Session PUTs (ACTIVE, then COMPLETED) and one CDR at the driver price', async () => {
    p.state.pushes.length = 0;
    let active: unknown;
    const { id, priced } = await charge(new Date(Date.now() - 3_600_000), {
      afterStart: async (sessionId) => {
        await drainOcpiOutbox(db, env());
        active = sessionsPushed().at(-1);
        // The meter's signed begin reading (ADR 060): it goes to the partner in the CDR's signed_data.
        await cp.call('MeterValues', {
          connectorId: 1,
          transactionId: sessionId,
          meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [signedBegin] }],
        });
      },
    });
    // The start's push: ACTIVE, the partner's token as it cached it, our location and EVSE.
    const first = OcpiSession.parse(active);
    expect(first).toMatchObject({
      status: 'ACTIVE',
      kwh: 0,
      location_id: stationUid,
      connector_id: '1',
      authorization_reference: 'AUTH-REF-1',
      cdr_token: { uid: tag, type: 'RFID', contract_id: 'NL-PRT-C12345678-X', country_code: 'NL', party_id: 'PRT' },
    });
    await drainOcpiOutbox(db, env());
    const sessions = sessionsPushed().map((b) => OcpiSession.parse(b));
    expect(sessions.map((x) => x.status)).toEqual(['ACTIVE', 'COMPLETED']);
    expect(sessions[1]?.kwh).toBe(12);
    expect(new Set(sessions.map((x) => x.id))).toEqual(new Set([priced.cdrId]));
    const path = p.state.pushes.find((x) => x.method === 'PUT')?.path;
    expect(path).toMatch(new RegExp(`/2.2.1/sessions/FR/[A-Z0-9]{3}/${priced.cdrId}$`));

    expect(cdrsPushed()).toHaveLength(1);
    const cdr = Cdr.parse(cdrsPushed()[0]?.body);
    expect(priced.empTotal).toBe(576); // 12 kWh × 0.40 + 20 %
    expect(cdr.total_cost).toEqual({
      excl_vat: (priced.empNetTotal ?? 0) / 100,
      incl_vat: (priced.empTotal ?? 0) / 100,
    });
    expect(cdr).toMatchObject({
      id: priced.cdrId,
      session_id: priced.cdrId,
      total_energy: 12,
      total_time: 1,
      currency: 'EUR',
      cdr_location: { id: stationUid, country: 'FRA', city: 'Lyon', connector_id: '1' },
    });
    // The tariff that priced the driver, as the tariffs module publishes it, and the signed reading.
    expect(cdr.tariffs).toEqual([
      expect.objectContaining({
        country_code: 'FR',
        currency: 'EUR',
        elements: [{ price_components: [{ type: 'ENERGY', price: 0.4, vat: 20, step_size: 1 }] }],
      }),
    ]);
    expect(cdr.signed_data).toEqual({
      encoding_method: 'OCMF',
      signed_values: [
        { nature: 'Start', plain_data: expect.stringContaining('100000 Wh'), signed_data: signedBegin.value },
      ],
    });
    expect(p.state.problems).toEqual([]);
    expect(await queued(id)).toBe(0);

    // Closing again (a retried close) sends nothing more; a re-pricing with new figures credits and resends.
    await priceClosedSession(db, id);
    await drainOcpiOutbox(db, env());
    expect(cdrsPushed()).toHaveLength(1);
    await db
      .update(tariffs)
      .set({
        elementsJson: JSON.stringify([
          { price_components: [{ type: 'ENERGY', price: 3000, vat_bp: 2000, step_size: 1 }] },
        ]),
      })
      .where(eq(tariffs.companyId, w.company.id));
    await priceClosedSession(db, id, { force: true });
    await drainOcpiOutbox(db, env());
    const [, credit, replacement] = cdrsPushed().map((x) => Cdr.parse(x.body));
    expect(credit).toMatchObject({
      id: `${priced.cdrId}-C`,
      credit: true,
      credit_reference_id: priced.cdrId,
      total_cost: { excl_vat: -cdr.total_cost.excl_vat, incl_vat: -(cdr.total_cost.incl_vat ?? 0) },
    });
    expect(replacement?.credit).toBeUndefined();
    expect(replacement?.id).not.toBe(priced.cdrId);
    expect(replacement?.total_cost).toEqual({ excl_vat: 3.6, incl_vat: 4.32 });
  });

  it('with the partner down for an hour, it receives the session and then its CDR once back', async () => {
    p.state.pushes.length = 0;
    p.state.down = true;
    const { id, priced } = await charge(new Date(Date.now() - 2 * 3_600_000));
    for (let minute = 0; minute <= 60; minute += 5) {
      await drainOcpiOutbox(db, env(), new Date(Date.now() + minute * 60_000));
    }
    expect(p.state.pushes).toEqual([]);
    expect(await queued(id)).toBe(2);
    p.state.down = false;
    await drainOcpiOutbox(db, env(), new Date(Date.now() + 3 * 3_600_000));
    await drainOcpiOutbox(db, env(), new Date(Date.now() + 3 * 3_600_000));
    expect(p.state.pushes.map((x) => x.method)).toEqual(['PUT', 'POST']);
    expect(OcpiSession.parse(p.state.pushes[0]?.body).status).toBe('COMPLETED');
    expect(Cdr.parse(p.state.pushes[1]?.body).id).toBe(priced.cdrId);
    expect(await queued(id)).toBe(0);
  });
});

describe('OCPI sessions and CDRs pulled by the partner', () => {
  const token = () => p.state.received.credentials?.token ?? '';

  it('lists the module endpoints in our version details', async () => {
    const body = (await callProduct(OCPI, token())) as { data: { endpoints: { identifier: string; role: string }[] } };
    expect(body.data.endpoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ identifier: 'sessions', role: 'SENDER' }),
        expect.objectContaining({ identifier: 'cdrs', role: 'SENDER' }),
      ]),
    );
  });

  it('pages the peering’s sessions with Link and X-Total-Count, filters by date, and shows no other session', async () => {
    // A session at the same station that no partner's token started is not the partner's.
    await db.insert(chargingSessions).values({
      cdrId: crypto.randomUUID(),
      stationId,
      connectorNumber: 1,
      companyId: w.company.id,
      authId: 'OWN-DRIVER',
      startKey: unique('own'),
      startAt: new Date(),
      meterStartWh: 0,
    });
    const res = await SELFfetch(`${OCPI}/sessions?limit=1`, token());
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(res.headers.get('X-Limit')).toBe('100');
    const next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    expect(next).toContain('offset=1');
    const page1 = envelopeOf(OcpiSession.array()).parse(await res.json());
    const page2 = envelopeOf(OcpiSession.array()).parse(await callProduct(next ?? '', token()));
    expect([...page1.data, ...page2.data].map((x) => x.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(new Set([...page1.data, ...page2.data].map((x) => x.cdr_token.uid))).toEqual(new Set([tag]));

    const future = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19);
    const none = envelopeOf(OcpiSession.array()).parse(
      await callProduct(`${OCPI}/sessions?date_from=${future}Z`, token()),
    );
    expect(none.data).toEqual([]);
    const all = envelopeOf(OcpiSession.array()).parse(await callProduct(`${OCPI}/sessions?date_to=${future}`, token()));
    expect(all.data).toHaveLength(2);
    const bad = (await callProduct(`${OCPI}/sessions?date_from=yesterday`, token())) as { status_code: number };
    expect(bad.status_code).toBe(2001);
  });

  it('reads a peering’s sessions through its partial index, not by scanning every session', async () => {
    const from = Date.now() - 3_600_000;
    for (const [query, params] of [
      [OCPI_SESSIONS_PAGE_SQL.page, [1, from, null, 10, 0]],
      [OCPI_SESSIONS_PAGE_SQL.count, [1, from, null]],
    ] as const) {
      const plan = await db.$client
        .prepare(`EXPLAIN QUERY PLAN ${query}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join(' | ');
      expect(details).toContain('charging_sessions_ocpi_peering_idx');
      expect(details).not.toMatch(/SCAN charging_sessions(?! USING)/);
    }
  });

  it('answers the peering’s CDRs, credit CDRs included, and refuses an unknown token', async () => {
    const body = envelopeOf(Cdr.array()).parse(await callProduct(`${OCPI}/cdrs`, token()));
    expect(body.data.map((c) => c.credit ?? false)).toEqual([false, true, false, false]);
    const page = await SELFfetch(`${OCPI}/cdrs?offset=3&limit=2`, token());
    expect(page.headers.get('X-Total-Count')).toBe('4');
    expect(page.headers.get('Link')).toBeNull();
    const unknown = await SELFfetch(`${OCPI}/cdrs`, 'not-a-token');
    expect(unknown.status).toBe(401);
  });
});

/** A raw GET of the product as the partner, for the headers. */
async function SELFfetch(url: string, token: string) {
  const { SELF } = await import('cloudflare:test');
  return SELF.fetch(url, { headers: { Authorization: `Token ${btoa(token)}` } });
}
