/**
 * The upgrade's answers to failed basic auth (issue 24): an unknown id is answered exactly like a
 * wrong password, and failures are limited per charge point id and per remote address, counted in D1
 * so every isolate sees them (ADR 010, addendum on throttling).
 */

import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../domain/identity/constants';
import { rateLimits, stations } from '../../drizzle/schema';
import { handleUpgrade } from '../../workers/ocpp/src/upgrade';
import { countingD1 } from '../support/counting-d1';
import { aStation, basic, db, PASSWORD, unique, upgrade } from './helpers';

const PER_STATION = RATE_LIMITS.ocppAuthPerStation.max;
const PER_ADDRESS = RATE_LIMITS.ocppAuthPerAddress.max;
const WINDOW_S = RATE_LIMITS.ocppAuthPerStation.windowMinutes * 60;

let addressSeq = 0;
/** A fresh documentation address (RFC 5737) per test, so the per-address counters never meet. */
const anAddress = () => `198.51.100.${++addressSeq}`;

const attempt = (uid: string, password: string, address?: string) =>
  upgrade(uid, { authorization: basic(uid, password), ...(address ? { 'cf-connecting-ip': address } : {}) });

async function answer(res: Response) {
  return { status: res.status, body: await res.text(), headers: [...res.headers.entries()] };
}

async function opened(res: Response): Promise<boolean> {
  res.webSocket?.accept();
  res.webSocket?.close();
  return res.status === 101;
}

describe('unknown charge point ids', () => {
  it('get the very answer of a wrong password: status, body and headers', async () => {
    const { uid } = await aStation();
    const wrong = await answer(await attempt(uid, 'not-the-password', anAddress()));
    const unknown = await answer(await attempt(unique('NOBODY'), 'not-the-password', anAddress()));
    expect(wrong.status).toBe(401);
    expect(unknown).toEqual(wrong);
  });
});

describe('failure limit per charge point id', () => {
  it(`answers 429 with Retry-After after ${PER_STATION} failures, even to the right password, and to no other id`, async () => {
    const { uid } = await aStation();
    const other = await aStation();
    for (let i = 0; i < PER_STATION; i++) expect((await attempt(uid, `guess-${i}`, anAddress())).status).toBe(401);
    const blocked = await attempt(uid, PASSWORD, anAddress());
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(WINDOW_S);
    expect(blocked.webSocket).toBeNull();
    expect(await opened(await attempt(other.uid, PASSWORD, anAddress()))).toBe(true);
  });

  it('answers an unknown id that was guessed at the same way as a known one', async () => {
    const { uid } = await aStation();
    const ghost = unique('GHOST');
    for (let i = 0; i < PER_STATION; i++) {
      await attempt(uid, `guess-${i}`);
      await attempt(ghost, `guess-${i}`);
    }
    const known = await answer(await attempt(uid, 'x'));
    const unknown = await answer(await attempt(ghost, 'x'));
    expect(known.status).toBe(429);
    expect({ ...unknown, headers: unknown.headers.filter(([h]) => h !== 'retry-after') }).toEqual({
      ...known,
      headers: known.headers.filter(([h]) => h !== 'retry-after'),
    });
  });

  it('reads the counters from D1, so a limit reached through other isolates holds here', async () => {
    const { uid } = await aStation();
    await db
      .insert(rateLimits)
      .values({ key: `ocppAuthPerStation:${uid}`, windowStart: Date.now(), count: PER_STATION });
    expect((await attempt(uid, PASSWORD)).status).toBe(429);
  });

  it('lets the id in again once its window has passed', async () => {
    const { uid } = await aStation();
    const past = Date.now() - WINDOW_S * 1000 - 1000;
    await db.insert(rateLimits).values({ key: `ocppAuthPerStation:${uid}`, windowStart: past, count: 50 });
    expect(await opened(await attempt(uid, PASSWORD))).toBe(true);
    expect((await attempt(uid, 'wrong')).status).toBe(401);
    const row = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `ocppAuthPerStation:${uid}`))
      .get();
    expect(row?.count).toBe(1);
  });
});

describe('failure limit per remote address', () => {
  it(`answers 429 to every id from an address with ${PER_ADDRESS} failures; other addresses connect`, async () => {
    const { uid } = await aStation();
    const address = anAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await attempt(unique('SPRAY'), 'guess', address)).status).toBe(401);
    const blocked = await attempt(uid, PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await opened(await attempt(uid, PASSWORD, anAddress()))).toBe(true);
  });

  it("a success does not reset the address's counter of other ids", async () => {
    const { uid } = await aStation();
    const address = anAddress();
    for (let i = 0; i < PER_ADDRESS - 1; i++) await attempt(unique('SPRAY'), 'guess', address);
    expect(await opened(await attempt(uid, PASSWORD, address))).toBe(true);
    expect((await attempt(unique('SPRAY'), 'guess', address)).status).toBe(401);
    expect((await attempt(uid, PASSWORD, address)).status).toBe(429);
  });

  it('holds nothing against loopback (locally every charge point shares 127.0.0.1)', async () => {
    const { uid } = await aStation();
    for (let i = 0; i < PER_ADDRESS; i++) await attempt(unique('LOCAL'), 'guess', '127.0.0.1');
    expect(await opened(await attempt(uid, PASSWORD, '127.0.0.1'))).toBe(true);
  });
});

describe('cost of the check', () => {
  /** The ocpp worker's env with a D1 binding that records each round trip (its statement count). */
  function counted() {
    const { d1, trips } = countingD1(env.DB);
    return { env: { ...env, DB: d1 } as Env, trips };
  }
  const request = (uid: string, password: string) =>
    new Request(`http://localhost/ocpp/${uid}`, {
      headers: {
        upgrade: 'websocket',
        'sec-websocket-protocol': 'ocpp1.6',
        authorization: basic(uid, password),
        'cf-connecting-ip': anAddress(),
      },
    });

  it('a successful upgrade makes one D1 round trip: the station and both counters in one batch', async () => {
    const { uid } = await aStation();
    // The first connection also records the version it negotiated (ADR 058): one more statement, once.
    const first = counted();
    expect(await opened(await handleUpgrade(request(uid, PASSWORD), first.env))).toBe(true);
    expect(first.trips).toEqual([2, 1]);
    const [station] = await db.select().from(stations).where(eq(stations.uid, uid));
    expect(station?.ocppVersionConnected).toBe('ocpp1.6');
    // Every later connection speaking the same version: one round trip.
    const { env: counting, trips } = counted();
    const res = await handleUpgrade(request(uid, PASSWORD), counting);
    expect(await opened(res)).toBe(true);
    expect(trips).toEqual([2]);
  });

  it('a failure adds only its own writes (both counters in one batch)', async () => {
    const { env: counting, trips } = counted();
    const res = await handleUpgrade(request(unique('NOBODY'), 'guess'), counting);
    expect(res.status).toBe(401);
    expect(trips).toEqual([2, 2]);
  });
});
