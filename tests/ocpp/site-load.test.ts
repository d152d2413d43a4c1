/**
 * Site load management (issue 23 part 5, ADR 059): 20 charge points (one connector each, each its own
 * ChargePoint object) on one 100 A site, sessions starting and stopping at random. The test is the
 * charge points: it answers every SetChargingProfile and keeps, in the order they arrive, the limit in
 * force per transaction (a transaction's limit ends with it). At every frame the sum never exceeds
 * 100 A, and after each event every session has its share (the pure allocation of the same sessions)
 * well within one meter interval.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { allocate, floorTenth } from '../../domain/load/allocation';
import { siteObjectName } from '../../domain/load/site-limit';
import { locationStations, locations, siteLoadLimits } from '../../drizzle/schema';
import { aStation, connect, db, iso, type TestCharger, type World } from './helpers';

const SITE_LIMIT_A = 100;
/** The meter interval the charge points would sample at (MeterValueSampleInterval). */
const METER_INTERVAL_MS = 60_000;

interface Point {
  w: World;
  cp: TestCharger;
  tx: number | null;
}

/** Every SetChargingProfile as it arrived: which transaction, its limit, and the sum in force after it. */
interface Received {
  uid: string;
  transactionId: number;
  limitA: number;
  sum: number;
}

async function aSite(limitA: number, worlds: World[]): Promise<number> {
  const [loc] = await db
    .insert(locations)
    .values({
      uid: `LOC-${crypto.randomUUID().slice(0, 8)}`,
      companyId: worlds[0]?.companyId as number,
      name: 'Depot',
      address: 'Rue du Port',
      postalCode: '69001',
      city: 'Lyon',
      country: 'FR',
      latitude: 45.76,
      longitude: 4.83,
    })
    .returning({ id: locations.id });
  const locationId = loc?.id as number;
  for (const w of worlds) await db.insert(locationStations).values({ locationId, stationId: w.stationId });
  await db.insert(siteLoadLimits).values({ locationId, unit: 'A', limitValue: limitA });
  return locationId;
}

const site = (locationId: number) => env.SITE_LOADS.get(env.SITE_LOADS.idFromName(siteObjectName(locationId)));

/** A small seeded random, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Answers every SetChargingProfile of `p` and records it; a transaction already stopped refuses it. */
function answerProfiles(p: Point, inForce: Map<string, number>, log: Received[], ended: Set<string>) {
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      let frame: unknown[];
      try {
        frame = await p.cp.next((f) => f[0] === 2 && f[2] === 'SetChargingProfile', 200);
      } catch {
        continue;
      }
      const payload = frame[3] as {
        csChargingProfiles: {
          transactionId: number;
          chargingProfilePurpose: string;
          chargingSchedule: { chargingRateUnit: string; chargingSchedulePeriod: { limit: number }[] };
        };
      };
      const profile = payload.csChargingProfiles;
      expect(profile.chargingProfilePurpose).toBe('TxProfile');
      expect(profile.chargingSchedule.chargingRateUnit).toBe('A');
      const key = `${p.w.uid}#${profile.transactionId}`;
      const limitA = profile.chargingSchedule.chargingSchedulePeriod[0]?.limit as number;
      if (ended.has(key)) {
        p.cp.sendRaw(JSON.stringify([3, frame[1], { status: 'Rejected' }]));
        continue;
      }
      inForce.set(key, limitA);
      const sum = [...inForce.values()].reduce((a, b) => a + b, 0);
      log.push({ uid: p.w.uid, transactionId: profile.transactionId, limitA, sum });
      p.cp.sendRaw(JSON.stringify([3, frame[1], { status: 'Accepted' }]));
    }
  })();
  return async () => {
    stop = true;
    await loop;
  };
}

/** Waits until every session's charge point holds the share the site computed; answers how long it took. */
async function settled(
  locationId: number,
  inForce: Map<string, number>,
  charging: number,
  deadlineMs = 20_000,
): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const a = await site(locationId).allocation();
    const done =
      !a.busy &&
      a.sessions.length === charging &&
      a.sessions.every((s) => s.targetA !== null && inForce.get(`${s.stationUid}#${s.transactionId}`) === s.targetA);
    if (done) return Date.now() - t0;
    if (Date.now() - t0 > deadlineMs) throw new Error(`not settled: ${JSON.stringify(a.sessions)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('site load management', () => {
  it('keeps 20 connectors on one 100 A site under the limit while sessions start and stop at random', async () => {
    const worlds: World[] = [];
    for (let i = 0; i < 20; i++) worlds.push(await aStation());
    const locationId = await aSite(SITE_LIMIT_A, worlds);
    const inForce = new Map<string, number>();
    const ended = new Set<string>();
    const log: Received[] = [];
    const points: Point[] = [];
    for (const w of worlds) points.push({ w, cp: await connect(w.uid), tx: null });
    const stops = points.map((p) => answerProfiles(p, inForce, log, ended));
    const rnd = random(20261127);
    let clock = Date.now() - 3_600_000;
    let slowest = 0;

    const startOn = async (p: Point) => {
      clock += 1000;
      const r = await p.cp.ok<{ transactionId: number }>('StartTransaction', {
        connectorId: 1,
        idTag: p.w.idTag,
        meterStart: 0,
        timestamp: iso(clock),
      });
      p.tx = r.transactionId;
    };
    const stopOn = async (p: Point) => {
      const key = `${p.w.uid}#${p.tx}`;
      // The transaction's profile ends with it, from the moment the charge point stops.
      ended.add(key);
      inForce.delete(key);
      clock += 1000;
      await p.cp.ok('StopTransaction', { transactionId: p.tx, meterStop: 1000, timestamp: iso(clock) });
      p.tx = null;
    };

    for (let step = 0; step < 40; step++) {
      const idle = points.filter((p) => p.tx === null);
      const busy = points.filter((p) => p.tx !== null);
      // Mostly arrivals first, then a churn of both; sometimes two at once.
      const events = 1 + (rnd() < 0.3 ? 1 : 0);
      const batch: Promise<void>[] = [];
      const picked = new Set<Point>();
      for (let e = 0; e < events; e++) {
        const arrive = busy.length === 0 || (idle.length > 0 && rnd() < (step < 20 ? 0.8 : 0.45));
        const pool = (arrive ? idle : busy).filter((p) => !picked.has(p));
        const p = pool[Math.floor(rnd() * pool.length)];
        if (!p) continue;
        picked.add(p);
        batch.push(arrive ? startOn(p) : stopOn(p));
      }
      await Promise.all(batch);
      slowest = Math.max(slowest, await settled(locationId, inForce, points.filter((p) => p.tx !== null).length));
      // Each session has exactly its share of the sessions now charging.
      const active = points.filter((p) => p.tx !== null);
      const a = await site(locationId).allocation();
      expect(a.sessions).toHaveLength(active.length);
      const expected = allocate(
        SITE_LIMIT_A,
        a.sessions.map((s) => ({
          key: `${s.stationUid}#${s.transactionId}`,
          minA: 6,
          maxA: s.maxA,
          priority: 1,
          startedAt: s.startedAt,
          drawA: null,
          limitA: null,
        })),
      );
      for (const p of active) {
        const key = `${p.w.uid}#${p.tx}`;
        expect({ key, limitA: inForce.get(key) ?? 0, sessions: a.sessions.length }).toEqual({
          key,
          limitA: expected.get(key),
          sessions: active.length,
        });
      }
    }
    for (const stop of stops) await stop();
    for (const p of points) p.cp.close();

    const highest = Math.max(...log.map((r) => r.sum));
    console.log(
      `[site-load] ${log.length} SetChargingProfile frames, highest sum of limits in force ${floorTenth(highest)} A, slowest share ${slowest} ms`,
    );
    expect(log.length).toBeGreaterThan(40);
    for (const r of log) expect(r.sum).toBeLessThanOrEqual(SITE_LIMIT_A + 1e-9);
    expect(slowest).toBeLessThan(METER_INTERVAL_MS);
  }, 180_000);
});
