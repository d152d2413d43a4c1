/**
 * OCPI as e-mobility provider, tokens and commands (issue 22 part 4, ADR 057 addendum "EMSP: tokens and
 * commands"). The test partner acts as CPO: it receives our cards as Tokens when the key hangers API
 * creates, assigns, blocks or moves them, pulls them (paged), asks our real-time authorization (answered
 * by our own decision), answers the commands the back office sends it and posts their results.
 */
import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationId } from '../../domain/ocpi/location-mapping';
import { envelopeOf } from '../../domain/ocpi/schemas';
import { AuthorizationInfo, Token } from '../../domain/ocpi/tokens';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import {
  ocpiCommands,
  ocpiEmspAuthorizations,
  ocpiEmspCommands,
  ocpiTokens,
  stationPeerings,
  users,
} from '../../drizzle/schema';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { authorizeRoamingToken } from '../../workers/api/src/ocpi/ocpi.authorize';
import { BASE, call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { callProduct, PARTNER_BASE, partnerModule, tokenHeader } from './ocpi-partner';

failOnConsoleError();

let w: World;
let s: Session;
let p: ConnectedPartner;

const uidOf = (prefix: string) =>
  unique(prefix)
    .replace(/[^A-Z0-9]/gi, '')
    .slice(0, 20)
    .toUpperCase();
const partnerToken = () => p.state.received.credentials?.token ?? '';
const tokensUrl = `${BASE}/ocpi/2.2.1/emsp/tokens`;

async function createCard(body: Record<string, unknown>) {
  const res = await call('/keyfob', { ...s, json: { code: unique('KH').slice(0, 30), ...body } });
  return { status: res.status, body: (await res.json()) as { id: number; uuid: string; 'error-msg'?: string } };
}
const editCard = (id: number, body: Record<string, unknown>) =>
  call(`/keyfob/${id}`, { ...s, method: 'PUT', json: body });

/** The Tokens the partner received for this uid, in order. */
const pushedTokens = (uid: string) =>
  p.state.pushes.filter((x) => x.method === 'PUT' && x.path.endsWith(`/${uid}`)).map((x) => Token.parse(x.body));

async function authorize(uid: string, body?: unknown, type = 'RFID') {
  return (await callProduct(`${tokensUrl}/${uid}/authorize?type=${type}`, partnerToken(), {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })) as { status_code: number; data?: unknown };
}

beforeAll(async () => {
  w = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES],
    company: { cpms: 'public', country: 'FR', isEvfleet: true, services: [SERVICE.KEY_HANGERS] },
  });
  await db.update(users).set({ canChargePublic: true }).where(eq(users.id, w.user.id));
  s = await login(w.email, w.password, w.ip);
  p = await connectedPartner(s, [
    partnerModule('tokens', 'RECEIVER'),
    partnerModule('commands', 'RECEIVER'),
    partnerModule('tokens', 'SENDER'),
  ]);
});
afterAll(() => p?.restore());

describe('OCPI tokens sender (as e-mobility provider)', () => {
  let cardId: number;
  let uid: string;

  it('pushes a card published to the peering, valid once assigned; refuses a peering the company does not have', async () => {
    uid = uidOf('EMT');
    const created = await createCard({ uuid: uid, peering: String(p.peeringId) });
    expect(created.status).toBe(201);
    cardId = created.body.id;
    expect((await editCard(cardId, { user_id: w.user.id })).status).toBe(200);
    const pushed = pushedTokens(uid);
    expect(pushed.map((t) => t.valid)).toEqual([false, true]);
    expect(pushed[1]).toMatchObject({ uid, type: 'RFID', whitelist: 'ALLOWED', country_code: 'FR' });
    expect(p.state.pushes.at(-1)?.path).toMatch(new RegExp(`^/ocpi/2\\.2\\.1/tokens/FR/[A-Z0-9]{3}/${uid}$`));

    const refused = await createCard({ uuid: uidOf('EMX'), peering: '999999' });
    expect(refused.status).toBe(422);
    expect(refused.body['error-msg']).toBe('The token is not available to the selected peering');
    expect(p.state.problems).toEqual([]);
  });

  it('lets the partner pull the peering’s tokens, paged and filtered by date', async () => {
    const res = await SELF.fetch(`${tokensUrl}?limit=1`, {
      headers: { Authorization: tokenHeader(partnerToken()), 'X-Request-ID': 'r', 'X-Correlation-ID': 'c' },
    });
    expect(res.headers.get('X-Total-Count')).toBe('1');
    const page = envelopeOf(Token.array()).parse(await res.json());
    expect(page.data).toEqual([expect.objectContaining({ uid, valid: true })]);
    const later = envelopeOf(Token.array()).parse(
      await callProduct(`${tokensUrl}?date_from=2099-01-01T00:00:00Z`, partnerToken()),
    );
    expect(later.data).toEqual([]);
    expect(await callProduct(`${tokensUrl}?date_from=yesterday`, partnerToken())).toMatchObject({ status_code: 2001 });
  });

  it('answers real-time authorization from our own decision, with a reference we keep; unknown tokens are 2004', async () => {
    const allowed = await authorize(uid, { location_id: 'LOC1', evse_uids: ['EVSE1'] });
    const info = AuthorizationInfo.parse(allowed.data);
    expect(info).toMatchObject({ allowed: 'ALLOWED', token: { uid, valid: true }, location: { location_id: 'LOC1' } });
    const kept = await db
      .select()
      .from(ocpiEmspAuthorizations)
      .where(eq(ocpiEmspAuthorizations.reference, info.authorization_reference ?? ''))
      .get();
    expect(kept).toMatchObject({ rfidId: cardId, allowed: 'ALLOWED', locationId: 'LOC1', peeringId: p.peeringId });
    expect(await authorize('NOSUCHCARD')).toMatchObject({ status_code: 2004 });
    expect(await authorize(uid, undefined, 'APP_USER')).toMatchObject({ status_code: 2004 });

    // Expired: our decision says so, and the partner hears EXPIRED.
    const expiredUid = uidOf('EME');
    await createCard({ uuid: expiredUid, peering: String(p.peeringId), expires_at: '2026-01-01T00:00:00Z' });
    const expired = (await call('/keyfob/all', { ...s, json: { keyword: expiredUid } }).then((r) => r.json())) as {
      data: { id: number }[];
    };
    await editCard(expired.data[0]?.id ?? 0, { user_id: w.user.id });
    expect(AuthorizationInfo.parse((await authorize(expiredUid)).data).allowed).toBe('EXPIRED');
  });

  it('blocks: the partner receives valid false and hears BLOCKED; a card moved off the peering is unknown there', async () => {
    expect((await call(`/keyfob/${cardId}`, { ...s, method: 'DELETE' })).status).toBe(200);
    expect(pushedTokens(uid).at(-1)?.valid).toBe(false);
    expect(AuthorizationInfo.parse((await authorize(uid)).data).allowed).toBe('BLOCKED');

    const movedUid = uidOf('EMM');
    const moved = await createCard({ uuid: movedUid, peering: String(p.peeringId) });
    expect((await editCard(moved.body.id, { peering: null })).status).toBe(200);
    expect(pushedTokens(movedUid).map((t) => t.valid)).toEqual([false, false]);
    expect(await authorize(movedUid)).toMatchObject({ status_code: 2004 });
  });
});

describe('OCPI commands sender (as e-mobility provider)', () => {
  interface Sent {
    uid: string;
    state: string;
    request: Record<string, unknown>;
    response: { result: string } | null;
    result: { result: string } | null;
  }
  let driverCard: number;
  const send = async (body: Record<string, unknown>) => {
    const res = await call(`/peerings/${p.peeringId}/commands`, { ...s, json: body });
    return { status: res.status, body: (await res.json()) as Sent };
  };
  const listed = async () =>
    ((await call(`/peerings/${p.peeringId}/commands`, s).then((r) => r.json())) as { data: Sent[] }).data;

  beforeAll(async () => {
    const created = await createCard({ uuid: uidOf('EMC'), peering: String(p.peeringId) });
    driverCard = created.body.id;
    await editCard(driverCard, { user_id: w.user.id });
  });

  it('starts a session at the partner for our driver, and stores the result the partner posts to our response_url', async () => {
    const sent = await send({
      command: 'START_SESSION',
      rfid_id: driverCard,
      location_id: 'LOC1',
      evse_uid: 'EVSE1',
      connector_id: '1',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ state: 'waiting', response: { result: 'ACCEPTED' }, result: null });
    const received = p.state.pushes.at(-1);
    expect(received?.path).toBe('/ocpi/2.2.1/commands/START_SESSION');
    const body = received?.body as { response_url: string; authorization_reference: string; token: Token };
    expect(body.token).toMatchObject({ valid: true, whitelist: 'ALLOWED' });
    expect(body.response_url).toBe(`${BASE}/ocpi/2.2.1/emsp/commands/START_SESSION/${sent.body.uid}`);
    expect(p.state.problems).toEqual([]);

    // The result, from the partner, authenticated by its token; the wrong command path is unknown.
    const wrong = body.response_url.replace('START_SESSION', 'STOP_SESSION');
    expect(await callProduct(wrong, partnerToken(), { method: 'POST', body: '{"result":"ACCEPTED"}' })).toMatchObject({
      status_code: 2000,
    });
    const posted = await callProduct(body.response_url, partnerToken(), {
      method: 'POST',
      body: JSON.stringify({ result: 'ACCEPTED' }),
    });
    expect(posted).toMatchObject({ status_code: 1000 });
    expect((await listed()).find((c) => c.uid === sent.body.uid)).toMatchObject({
      state: 'done',
      result: { result: 'ACCEPTED' },
    });
  });

  it('shows a rejected command, a timeout without a result, and refuses incomplete commands and unpublished cards', async () => {
    p.state.commandResponse = { result: 'REJECTED', timeout: 30 };
    const rejected = await send({ command: 'STOP_SESSION', session_id: 'S-1' });
    expect(rejected.body).toMatchObject({ state: 'rejected', request: { session_id: 'S-1' } });
    delete p.state.commandResponse;
    const unlock = await send({ command: 'UNLOCK_CONNECTOR', location_id: 'L', evse_uid: 'E', connector_id: '1' });
    expect(unlock.body.state).toBe('waiting');
    // Its 30 s pass without a result (sent a minute ago).
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await db.update(ocpiEmspCommands).set({ createdAt: aMinuteAgo }).where(eq(ocpiEmspCommands.uid, unlock.body.uid));
    expect((await listed()).find((c) => c.uid === unlock.body.uid)?.state).toBe('timeout');

    expect((await send({ command: 'STOP_SESSION' })).status).toBe(400);
    const loose = await createCard({ uuid: uidOf('EMN') });
    expect((await send({ command: 'START_SESSION', rfid_id: loose.body.id, location_id: 'L' })).status).toBe(422);
  });
});

describe('review fixes on our CPO side', () => {
  const env = { APP_ENV: 'test' };
  let stationId: number;
  let place: { location_id: string; evse_uid: string };
  const partnerTokenOf = (uid: string, whitelist: Token['whitelist'] = 'ALLOWED'): Token => ({
    country_code: 'NL',
    party_id: 'PRT',
    uid,
    type: 'RFID',
    contract_id: `NL-PRT-${uid}`.slice(0, 36),
    issuer: 'Partner Provider',
    valid: true,
    whitelist,
    last_updated: '2026-11-27T10:00:00Z',
  });

  beforeAll(async () => {
    const station = await createStation(db, { uid: unique('EMSTA').slice(0, 30), companyId: w.company.id });
    const connector = await createConnector(db, { stationId: station.id, connectorNumber: 1, status: 'available' });
    await db.insert(stationPeerings).values({ stationId: station.id, peeringId: p.peeringId, boundAt: new Date() });
    stationId = station.id;
    place = { location_id: locationId({ id: station.id, uid: station.uid }), evse_uid: connector.uid };
  });

  it('an Authorize answered in real time is reused by the StartTransaction that follows: the partner is asked once', async () => {
    const uid = uidOf('RTR');
    const put = await callProduct(`${BASE}/ocpi/2.2.1/tokens/NL/PRT/${uid}`, partnerToken(), {
      method: 'PUT',
      body: JSON.stringify(partnerTokenOf(uid)),
    });
    expect(put).toMatchObject({ status_code: 1000 });
    p.state.drivers.set(uid, { token: partnerTokenOf(uid), allowed: 'ALLOWED', authorization_reference: 'REF-ONCE' });
    const at = new Date();
    const asked = await authorizeRoamingToken(db, env, { idTag: uid, stationId, at, purpose: 'authorize' });
    const started = await authorizeRoamingToken(db, env, { idTag: uid, stationId, at, purpose: 'start' });
    expect(asked).toMatchObject({ status: 'Accepted', authorizationReference: 'REF-ONCE', authMethod: 'AUTH_REQUEST' });
    expect(started).toEqual(asked);
    expect(p.state.authorizations.filter((a) => a.uid === uid)).toHaveLength(1);
  });

  it('START_SESSION keeps the partner’s token for the session’s cdr_token and starts it as COMMAND', async () => {
    const uid = uidOf('SST');
    const answer = await callProduct(`${BASE}/ocpi/2.2.1/commands/START_SESSION`, partnerToken(), {
      method: 'POST',
      body: JSON.stringify({
        response_url: `${PARTNER_BASE}/2.2.1/commands/START_SESSION/${uid}`,
        token: partnerTokenOf(uid, 'NEVER'),
        location_id: place.location_id,
        evse_uid: place.evse_uid,
        authorization_reference: 'REF-CMD',
      }),
    });
    expect(answer).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    const cached = await db.select().from(ocpiTokens).where(eq(ocpiTokens.uid, uid)).get();
    expect(cached).toMatchObject({ countryCode: 'NL', partyId: 'PRT', contractId: `NL-PRT-${uid}`.slice(0, 36) });
    // A START_SESSION the charge point accepted (no charge point here: its row as the receiver keeps it).
    const accepted = uidOf('SSA');
    await db.insert(ocpiCommands).values({
      peeringId: p.peeringId,
      command: 'START_SESSION',
      stationId,
      connectorNumber: 1,
      tokenUid: accepted,
      tokenType: 'RFID',
      authorizationReference: 'REF-CMD',
      responseUrl: `${PARTNER_BASE}/2.2.1/commands/START_SESSION/${accepted}`,
      result: 'ACCEPTED',
    });
    const decided = await authorizeRoamingToken(db, env, {
      idTag: accepted,
      stationId,
      at: new Date(),
      purpose: 'start',
    });
    expect(decided).toMatchObject({ status: 'Accepted', authMethod: 'COMMAND', authorizationReference: 'REF-CMD' });
  });
});
