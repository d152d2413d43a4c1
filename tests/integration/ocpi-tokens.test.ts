/**
 * OCPI tokens and commands receiver (issue 22 part 3, ADR 057 addendum "Tokens and commands"): the
 * partner's eMSP pushes its tokens (idempotent by last_updated), a fake charge point presents one and the
 * session starts as the peering's; real-time authorization is answered by the partner, and without it
 * ALLOWED falls back to the cache while NEVER is refused; START_SESSION reaches the charge point as
 * RemoteStartTransaction and its result reaches the partner's response_url; an unknown STOP_SESSION
 * answers UNKNOWN_SESSION.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommandResponse, CommandResult } from '../../domain/ocpi/commands';
import { locationId } from '../../domain/ocpi/location-mapping';
import { envelopeOf, VersionDetails } from '../../domain/ocpi/schemas';
import { Token } from '../../domain/ocpi/tokens';
import { ROLE } from '../../domain/permissions/roles';
import { chargingSessions, connectors, ocpiTokens, stationPeerings } from '../../drizzle/schema';
import { authorizeRoamingToken } from '../../workers/api/src/ocpi/ocpi.authorize';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { BASE, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { callProduct, PARTNER_BASE, partnerModule } from './ocpi-partner';

failOnConsoleError();

let w: World;
let s: Session;
let p: ConnectedPartner;
let cp: FakeChargePoint;
let stationId: number;
/** The station and its connector as the partner names them (domain/ocpi/location-mapping.ts). */
let place: { location_id: string; evse_uid: string; connector_id: string };

/** A connected station's OCPI Location id, EVSE uid and connector id. */
async function placeOf(station: { stationId: number; uid: string; connectorId: number }) {
  const connector = await db.select().from(connectors).where(eq(connectors.id, station.connectorId)).get();
  return {
    location_id: locationId({ id: station.stationId, uid: station.uid }),
    evse_uid: connector?.uid ?? '',
    connector_id: '1',
  };
}

beforeAll(async () => {
  w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
  s = await login(w.email, w.password, w.ip);
  const station = await connectedStation(w.company.id, { prefix: 'OCPT', status: 'available' });
  ({ stationId, cp } = station);
  place = await placeOf(station);
});
afterAll(() => cp?.close());
afterEach(() => p?.restore());

/** A partner connected with these modules, our test station bound (published) to its peering. */
async function boundPartner(modules: ReturnType<typeof partnerModule>[]) {
  const partner = await connectedPartner(s, modules);
  await db.insert(stationPeerings).values({ stationId, peeringId: partner.peeringId, boundAt: new Date() });
  return partner;
}

const partnerToken = () => p.state.received.credentials?.token ?? '';
const tokenUrl = (uid: string, party = 'PRT', type?: string) =>
  `${BASE}/ocpi/2.2.1/tokens/NL/${party}/${uid}${type ? `?type=${type}` : ''}`;
const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const tokenOf = (uid: string, over: Partial<Token> = {}): Token => ({
  country_code: 'NL',
  party_id: 'PRT',
  uid,
  type: 'RFID',
  contract_id: `NL-PRT-${uid}`.slice(0, 36),
  issuer: 'Partner Provider',
  valid: true,
  whitelist: 'ALWAYS',
  last_updated: '2026-11-27T10:00:00Z',
  ...over,
});
const putToken = async (t: Token) =>
  (await callProduct(tokenUrl(t.uid, t.party_id, t.type), partnerToken(), json('PUT', t))) as { status_code: number };
const uidOf = (prefix: string) =>
  unique(prefix)
    .replace(/[^A-Z0-9]/gi, '')
    .slice(0, 20)
    .toUpperCase();

async function start(idTag: string) {
  const auth = (await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string } };
  const started = (await cp.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number; idTagInfo: { status: string } };
  const row = await db.select().from(chargingSessions).where(eq(chargingSessions.id, started.transactionId)).get();
  await cp.call('StopTransaction', {
    transactionId: started.transactionId,
    meterStop: 10,
    timestamp: new Date().toISOString(),
  });
  return { authorize: auth.idTagInfo.status, start: started.idTagInfo.status, row };
}

describe('OCPI tokens receiver', () => {
  it('stores a PUT token, answers it on GET, and a late or duplicated PUT/PATCH never overwrites newer data', async () => {
    p = await connectedPartner(s, [partnerModule('tokens', 'SENDER')]);
    const details = envelopeOf(VersionDetails).parse(await callProduct(`${BASE}/ocpi/2.2.1`, partnerToken()));
    expect(details.data.endpoints).toEqual(
      expect.arrayContaining([
        { identifier: 'tokens', role: 'RECEIVER', url: `${BASE}/ocpi/2.2.1/tokens` },
        { identifier: 'commands', role: 'RECEIVER', url: `${BASE}/ocpi/2.2.1/commands` },
      ]),
    );
    const uid = uidOf('TOK');
    expect(
      (await putToken(tokenOf(uid, { whitelist: 'ALLOWED', last_updated: '2026-11-27T10:00:00Z' }))).status_code,
    ).toBe(1000);
    // Late: an older version arrives after the newer one; duplicated: the same again.
    await putToken(tokenOf(uid, { whitelist: 'NEVER', valid: false, last_updated: '2026-11-27T09:00:00Z' }));
    await putToken(tokenOf(uid, { whitelist: 'NEVER', last_updated: '2026-11-27T10:00:00Z' }));
    const late = await callProduct(
      tokenUrl(uid),
      partnerToken(),
      json('PATCH', { valid: false, last_updated: '2026-11-27T09:30:00Z' }),
    );
    expect(late).toMatchObject({ status_code: 1000 });
    const got = envelopeOf(Token).parse(await callProduct(tokenUrl(uid), partnerToken()));
    expect(got.data).toMatchObject({ uid, whitelist: 'ALLOWED', valid: true, last_updated: '2026-11-27T10:00:00Z' });

    // A newer PATCH applies.
    await callProduct(
      tokenUrl(uid),
      partnerToken(),
      json('PATCH', { valid: false, last_updated: '2026-11-27T11:00:00Z' }),
    );
    const patched = envelopeOf(Token).parse(await callProduct(tokenUrl(uid), partnerToken()));
    expect(patched.data).toMatchObject({ valid: false, whitelist: 'ALLOWED', last_updated: '2026-11-27T11:00:00Z' });
    const rows = await db.select().from(ocpiTokens).where(eq(ocpiTokens.uid, uid)).all();
    expect(rows).toHaveLength(1);
  });

  it('refuses another party, a mismatched object, an invalid one and an unknown token', async () => {
    p = await connectedPartner(s, [partnerModule('tokens', 'SENDER')]);
    const uid = uidOf('TOKX');
    const other = (await callProduct(
      tokenUrl(uid, 'OTH'),
      partnerToken(),
      json('PUT', tokenOf(uid, { party_id: 'OTH' })),
    )) as {
      status_code: number;
    };
    expect(other.status_code).toBe(2000);
    const mismatch = (await callProduct(tokenUrl(uid), partnerToken(), json('PUT', tokenOf('ELSEWHERE')))) as {
      status_code: number;
    };
    expect(mismatch.status_code).toBe(2001);
    const invalid = (await callProduct(
      tokenUrl(uid),
      partnerToken(),
      json('PUT', { ...tokenOf(uid), whitelist: 'X' }),
    )) as {
      status_code: number;
      status_message: string;
    };
    expect(invalid).toMatchObject({ status_code: 2001, status_message: 'Invalid Token object: whitelist' });
    expect(await callProduct(tokenUrl(uid), partnerToken())).toMatchObject({ status_code: 2004 });
    const anonymous = await callProduct(tokenUrl(uid), 'not-a-token');
    expect(anonymous).toMatchObject({ status_code: 2000 });
    expect(await db.select().from(ocpiTokens).where(eq(ocpiTokens.uid, uid)).all()).toEqual([]);
  });
});

describe('authorization of a partner token at our station', () => {
  it('ALWAYS: the fake charge point presents it, the session starts as the peering’s', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER')]);
    const uid = uidOf('ALW');
    await putToken(tokenOf(uid, { whitelist: 'ALWAYS' }));
    const { authorize, start: started, row } = await start(uid);
    expect([authorize, started]).toEqual(['Accepted', 'Accepted']);
    expect(row).toMatchObject({ ocpiPeeringId: p.peeringId, ocpiTokenUid: uid, refusedStatus: null });
    // The cache decided: no real-time request.
    expect(p.state.authorizations).toEqual([]);
  });

  it('OCPP 2.0.1: Authorize of a partner token is answered from the same rules', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER')]);
    const station = await connectedStation(w.company.id, {
      prefix: 'OCP2',
      status: 'available',
      protocol: 'ocpp2.0.1',
    });
    await db
      .insert(stationPeerings)
      .values({ stationId: station.stationId, peeringId: p.peeringId, boundAt: new Date() });
    try {
      const ok = uidOf('V2A');
      const never = uidOf('V2N');
      await putToken(tokenOf(ok, { whitelist: 'ALWAYS' }));
      await putToken(tokenOf(never, { whitelist: 'NEVER' }));
      const authorize = async (idToken: string) =>
        (
          (await station.cp.call('Authorize', { idToken: { idToken, type: 'ISO14443' } })) as {
            idTokenInfo: { status: string };
          }
        ).idTokenInfo.status;
      expect(await authorize(ok)).toBe('Accepted');
      expect(await authorize(never)).toBe('Invalid');
      expect(await authorize(uidOf('V2U'))).toBe('Invalid');
    } finally {
      station.cp.close();
    }
  });

  it('partner unreachable: ALLOWED falls back to the cached token, NEVER is refused, an invalid ALWAYS is refused', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER')]);
    const allowed = uidOf('ALO');
    const never = uidOf('NEV');
    const blocked = uidOf('BLK');
    await putToken(tokenOf(allowed, { whitelist: 'ALLOWED' }));
    await putToken(tokenOf(never, { whitelist: 'NEVER' }));
    await putToken(tokenOf(blocked, { whitelist: 'ALWAYS', valid: false }));
    // The ocpp worker's call goes to the partner's address, where nothing answers in this test.
    const a = await start(allowed);
    expect([a.authorize, a.start]).toEqual(['Accepted', 'Accepted']);
    expect(a.row).toMatchObject({ ocpiPeeringId: p.peeringId, ocpiTokenUid: allowed });
    const n = await start(never);
    expect([n.authorize, n.start]).toEqual(['Invalid', 'Invalid']);
    expect(n.row?.ocpiPeeringId).toBeNull();
    expect((await start(blocked)).authorize).toBe('Invalid');
  });

  it('real-time authorization answered by the partner, with the location and a timeout; the cache when it is down', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER')]);
    const uid = uidOf('RT');
    const refused = uidOf('RTN');
    await putToken(tokenOf(uid, { whitelist: 'NEVER' }));
    await putToken(tokenOf(refused, { whitelist: 'ALLOWED' }));
    p.state.drivers.set(uid, {
      token: tokenOf(uid, { whitelist: 'NEVER' }),
      allowed: 'ALLOWED',
      authorization_reference: 'AUTH-REF-1',
    });
    p.state.drivers.set(refused, { token: tokenOf(refused), allowed: 'NO_CREDIT' });
    const env = { APP_ENV: 'test' };
    const at = new Date();
    expect(await authorizeRoamingToken(db, env, { idTag: uid, stationId, at })).toMatchObject({
      status: 'Accepted',
      peeringId: p.peeringId,
      authorizationReference: 'AUTH-REF-1',
    });
    expect(p.state.authorizations).toEqual([{ uid, type: 'RFID', body: { location_id: place.location_id } }]);
    expect(await authorizeRoamingToken(db, env, { idTag: refused, stationId, at })).toMatchObject({
      status: 'Invalid',
    });

    p.state.down = true;
    expect(await authorizeRoamingToken(db, env, { idTag: uid, stationId, at })).toMatchObject({ status: 'Invalid' });
    expect(await authorizeRoamingToken(db, env, { idTag: refused, stationId, at })).toMatchObject({
      status: 'Accepted',
      authorizationReference: null,
    });
    // A card nobody knows stays unknown.
    expect(await authorizeRoamingToken(db, env, { idTag: uidOf('NOONE'), stationId, at })).toBeNull();
    expect(p.state.problems).toEqual([]);
  });
});

describe('a partner only at the stations bound to it', () => {
  const env = { APP_ENV: 'test' };

  it('a token of a peering the station is not bound to does not authorize there; a future last_updated is clamped', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER')]);
    // The operator's other station, never published to this partner.
    const other = await connectedStation(w.company.id, { prefix: 'OCPU', status: 'available' });
    other.cp.close();
    const uid = uidOf('UNB');
    expect(
      (await putToken(tokenOf(uid, { whitelist: 'ALWAYS', last_updated: '2099-01-01T00:00:00Z' }))).status_code,
    ).toBe(1000);
    const at = new Date();
    expect(await authorizeRoamingToken(db, env, { idTag: uid, stationId: other.stationId, at })).toBeNull();
    expect(await authorizeRoamingToken(db, env, { idTag: uid, stationId, at })).toMatchObject({
      status: 'Accepted',
      peeringId: p.peeringId,
    });
    const row = await db.select().from(ocpiTokens).where(eq(ocpiTokens.uid, uid)).get();
    expect(row?.lastUpdated.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });

  it('the partner answering 2004 Unknown Token refuses an ALLOWED card: no fallback to the cache', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER')]);
    const uid = uidOf('UNK');
    await putToken(tokenOf(uid, { whitelist: 'ALLOWED' }));
    // The partner's driver list does not hold it: it answers OCPI 2004 Unknown Token.
    expect(await authorizeRoamingToken(db, env, { idTag: uid, stationId, at: new Date() })).toMatchObject({
      status: 'Invalid',
      peeringId: p.peeringId,
    });
    expect(p.state.authorizations.map((a) => a.uid)).toEqual([uid]);
  });

  it('START_SESSION at a station of the operator not bound to the peering is REJECTED and never reaches it', async () => {
    p = await boundPartner([partnerModule('commands', 'SENDER')]);
    const other = await connectedStation(w.company.id, { prefix: 'OCPN', status: 'available' });
    try {
      other.cp.handle('RemoteStartTransaction', () => ({ status: 'Accepted' }));
      const target = await placeOf(other);
      const uid = uidOf('NBS');
      const answer = await callProduct(
        `${BASE}/ocpi/2.2.1/commands/START_SESSION`,
        partnerToken(),
        json('POST', {
          response_url: `${PARTNER_BASE}/2.2.1/commands/START_SESSION/${uid}`,
          token: tokenOf(uid),
          location_id: target.location_id,
          evse_uid: target.evse_uid,
        }),
      );
      expect(envelopeOf(CommandResponse).parse(answer).data.result).toBe('REJECTED');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(other.cp.received.filter((r) => r.action === 'RemoteStartTransaction')).toEqual([]);
      expect(p.state.pushes).toEqual([]);
    } finally {
      other.cp.close();
    }
  });
});

describe('OCPI commands receiver', () => {
  const commandUrl = (type: string) => `${BASE}/ocpi/2.2.1/commands/${type}`;

  it('START_SESSION: the charge point gets RemoteStartTransaction, the partner the result, the session its reference', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER'), partnerModule('commands', 'SENDER')]);
    cp.handle('RemoteStartTransaction', () => ({ status: 'Accepted' }));
    const uid = uidOf('CMD');
    const responseUrl = `${PARTNER_BASE}/2.2.1/commands/START_SESSION/${uid}`;
    const answer = await callProduct(
      commandUrl('START_SESSION'),
      partnerToken(),
      json('POST', {
        response_url: responseUrl,
        token: tokenOf(uid, { whitelist: 'NEVER' }),
        location_id: place.location_id,
        evse_uid: place.evse_uid,
        authorization_reference: 'START-REF-9',
      }),
    );
    const response = envelopeOf(CommandResponse).parse(answer);
    expect(response.data.result).toBe('ACCEPTED');
    expect(response.data.timeout).toBeGreaterThan(0);
    await expect.poll(() => cp.received.some((r) => r.action === 'RemoteStartTransaction')).toBe(true);
    expect(cp.received.filter((r) => r.action === 'RemoteStartTransaction').at(-1)?.payload).toEqual({
      connectorId: 1,
      idTag: uid,
    });
    await expect.poll(() => p.state.pushes.find((x) => x.path.endsWith(uid))?.body).toEqual({ result: 'ACCEPTED' });
    expect(CommandResult.safeParse(p.state.pushes.find((x) => x.path.endsWith(uid))?.body).success).toBe(true);
    // The charge point starts with the token: authorized by the command, linked to its reference.
    const { start: started, row } = await start(uid);
    expect(started).toBe('Accepted');
    expect(row).toMatchObject({
      ocpiPeeringId: p.peeringId,
      ocpiTokenUid: uid,
      ocpiAuthorizationReference: 'START-REF-9',
      startMethod: 'Remote',
    });
  });

  it('STOP_SESSION, UNLOCK_CONNECTOR, RESERVE_NOW and CANCEL_RESERVATION reach the charge point; results reach the partner', async () => {
    p = await boundPartner([partnerModule('tokens', 'SENDER'), partnerModule('commands', 'SENDER')]);
    cp.handle('RemoteStopTransaction', () => ({ status: 'Accepted' }));
    cp.handle('UnlockConnector', () => ({ status: 'UnlockFailed' }));
    cp.handle('ReserveNow', () => ({ status: 'Occupied' }));
    cp.handle('CancelReservation', () => ({ status: 'Accepted' }));
    const uid = uidOf('STP');
    await putToken(tokenOf(uid, { whitelist: 'ALWAYS' }));
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: uid,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    const post = async (type: string, key: string, body: object) =>
      envelopeOf(CommandResponse).parse(
        await callProduct(
          commandUrl(type),
          partnerToken(),
          json('POST', { response_url: `${PARTNER_BASE}/2.2.1/commands/${type}/${key}`, ...body }),
        ),
      ).data.result;
    const resultOf = (type: string, key: string) =>
      p.state.pushes.find((x) => x.path.endsWith(`/${type}/${key}`))?.body;

    expect(await post('STOP_SESSION', uid, { session_id: String(started.transactionId) })).toBe('ACCEPTED');
    await expect.poll(() => resultOf('STOP_SESSION', uid)).toEqual({ result: 'ACCEPTED' });
    expect(cp.received.filter((r) => r.action === 'RemoteStopTransaction').at(-1)?.payload).toEqual({
      transactionId: started.transactionId,
    });
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 5,
      timestamp: new Date().toISOString(),
    });
    // Ended: a second stop is refused at once.
    expect(await post('STOP_SESSION', `${uid}b`, { session_id: String(started.transactionId) })).toBe('REJECTED');

    expect(await post('UNLOCK_CONNECTOR', uid, place)).toBe('ACCEPTED');
    await expect.poll(() => (resultOf('UNLOCK_CONNECTOR', uid) as { result?: string })?.result).toBe('FAILED');

    const reservation = { token: tokenOf(uid), expiry_date: '2030-01-01T10:00:00Z', reservation_id: `R-${uid}` };
    expect(
      await post('RESERVE_NOW', uid, { ...reservation, location_id: place.location_id, evse_uid: place.evse_uid }),
    ).toBe('ACCEPTED');
    await expect.poll(() => (resultOf('RESERVE_NOW', uid) as { result?: string })?.result).toBe('EVSE_OCCUPIED');
    const reserveNow = cp.received.filter((r) => r.action === 'ReserveNow').at(-1)?.payload;
    expect(reserveNow).toMatchObject({ connectorId: 1, idTag: uid, expiryDate: '2030-01-01T10:00:00.000Z' });
    expect(await post('CANCEL_RESERVATION', uid, { reservation_id: `R-${uid}` })).toBe('ACCEPTED');
    await expect.poll(() => resultOf('CANCEL_RESERVATION', uid)).toEqual({ result: 'ACCEPTED' });
    expect(cp.received.filter((r) => r.action === 'CancelReservation').at(-1)?.payload).toEqual({
      reservationId: reserveNow?.reservationId,
    });
    expect(await post('CANCEL_RESERVATION', `${uid}x`, { reservation_id: 'NO-SUCH' })).toBe('REJECTED');
    for (const x of p.state.pushes) expect(CommandResult.safeParse(x.body).success).toBe(true);
  });

  it('refuses an unknown session, a location of another operator and an invalid body', async () => {
    p = await boundPartner([partnerModule('commands', 'SENDER')]);
    const stop = envelopeOf(CommandResponse).parse(
      await callProduct(
        commandUrl('STOP_SESSION'),
        partnerToken(),
        json('POST', { response_url: `${PARTNER_BASE}/2.2.1/commands/STOP_SESSION/1`, session_id: 'no-such-session' }),
      ),
    );
    expect(stop.data.result).toBe('UNKNOWN_SESSION');
    const elsewhere = await world({ company: { cpms: 'public' } });
    const foreign = await connectedStation(elsewhere.company.id, { prefix: 'OCPF', status: 'available' });
    foreign.cp.close();
    const unlock = envelopeOf(CommandResponse).parse(
      await callProduct(
        commandUrl('UNLOCK_CONNECTOR'),
        partnerToken(),
        json('POST', {
          response_url: `${PARTNER_BASE}/2.2.1/commands/UNLOCK_CONNECTOR/1`,
          ...(await placeOf(foreign)),
        }),
      ),
    );
    expect(unlock.data.result).toBe('REJECTED');
    expect(
      await callProduct(commandUrl('STOP_SESSION'), partnerToken(), json('POST', { session_id: 'x' })),
    ).toMatchObject({ status_code: 2001 });
    expect(await callProduct(commandUrl('FLY_AWAY'), partnerToken(), json('POST', {}))).toMatchObject({
      status_code: 2001,
    });
    expect(p.state.pushes).toEqual([]);
  });
});
