/**
 * Site load management across versions (ADR 059): a 1.6 and a 2.0.1 station on one 50 A site. Each
 * start shares the limit anew (lowerings before raises), the 2.0.1 station gets its TxProfile in the
 * 2.0.1 form (EVSE id, its own transactionId), and a session drawing less than its share gives the
 * difference to the others after one MeterValues.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteObjectName } from '../../domain/load/site-limit';
import { locationStations, locations, siteLoadLimits } from '../../drizzle/schema';
import { aStation, connect, db, iso, stub, type TestCharger, type World } from './helpers';
import { connect201, txEvent } from './helpers-201';

type Frame = [number, string, ...unknown[]];
interface Got {
  who: string;
  limitA: number;
  /** 2.0.1 form: the station's transactionId; 1.6: ours. */
  transactionId: string | number;
  evseId?: number;
  profileId?: number;
  stackLevel?: number;
}

async function aSite(limitA: number, worlds: World[]): Promise<number> {
  const [loc] = await db
    .insert(locations)
    .values({
      uid: `LOC-${crypto.randomUUID().slice(0, 8)}`,
      companyId: worlds[0]?.companyId as number,
      name: 'Car park',
      address: 'Quai Perrache',
      postalCode: '69002',
      city: 'Lyon',
      country: 'FR',
      latitude: 45.74,
      longitude: 4.82,
    })
    .returning({ id: locations.id });
  const locationId = loc?.id as number;
  for (const w of worlds) await db.insert(locationStations).values({ locationId, stationId: w.stationId });
  await db.insert(siteLoadLimits).values({ locationId, unit: 'A', limitValue: limitA });
  return locationId;
}

/** Answers every SetChargingProfile of `cp` with `status` (Accepted by default) and records it, in the order frames arrive. */
function answering(who: string, cp: TestCharger, got: Got[], status = 'Accepted') {
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      let f: Frame;
      try {
        f = await cp.next((x) => x[0] === 2 && x[2] === 'SetChargingProfile', 200);
      } catch {
        continue;
      }
      const p = f[3] as Record<string, unknown>;
      if ('csChargingProfiles' in p) {
        const prof = p.csChargingProfiles as {
          chargingProfileId: number;
          stackLevel: number;
          transactionId: number;
          chargingProfilePurpose: string;
          chargingSchedule: { chargingSchedulePeriod: { limit: number }[] };
        };
        expect(prof.chargingProfilePurpose).toBe('TxProfile');
        got.push({
          who,
          limitA: prof.chargingSchedule.chargingSchedulePeriod[0]?.limit as number,
          transactionId: prof.transactionId,
          profileId: prof.chargingProfileId,
          stackLevel: prof.stackLevel,
        });
      } else {
        const prof = p.chargingProfile as unknown as {
          transactionId: string;
          chargingProfilePurpose: string;
          chargingSchedule: { chargingRateUnit: string; chargingSchedulePeriod: { limit: number }[] }[];
        };
        expect(prof.chargingProfilePurpose).toBe('TxProfile');
        expect(prof.chargingSchedule[0]?.chargingRateUnit).toBe('A');
        got.push({
          who,
          limitA: prof.chargingSchedule[0]?.chargingSchedulePeriod[0]?.limit as number,
          transactionId: prof.transactionId,
          evseId: p.evseId as number,
        });
      }
      cp.sendRaw(JSON.stringify([3, f[1], { status }]));
    }
  })();
  return async () => {
    stop = true;
    await loop;
  };
}

/** A 1.6 MeterValues of `transactionId` with one phase current. */
const amps = (transactionId: number, value: string) => ({
  connectorId: 1,
  transactionId,
  meterValue: [
    { timestamp: iso(Date.now()), sampledValue: [{ value, measurand: 'Current.Import', phase: 'L1', unit: 'A' }] },
  ],
});

const drawOf = (a: { sessions: { stationUid: string; drawA: number | null }[] }, uid: string) =>
  a.sessions.find((x) => x.stationUid === uid)?.drawA;

async function settle(locationId: number, sessions: number) {
  const site = env.SITE_LOADS.get(env.SITE_LOADS.idFromName(siteObjectName(locationId)));
  for (let i = 0; i < 500; i++) {
    const a = await site.allocation();
    if (!a.busy && a.sessions.length === sessions && a.sessions.every((s) => s.limitA === s.targetA)) return a;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('site did not settle');
}

/** What each station holds now: the latest limit it received. */
const holding = (got: Got[]) => Object.fromEntries(got.map((g) => [g.who, g.limitA]));

describe('site load management with 1.6 and 2.0.1 stations', () => {
  it('shares 50 A, sends the 2.0.1 form to the 2.0.1 station, and gives what a session does not draw to the others', async () => {
    const [a, b, c] = [await aStation(), await aStation(), await aStation()] as [World, World, World];
    const locationId = await aSite(50, [a, b, c]);
    const got: Got[] = [];
    const cpA = await connect(a.uid);
    const cpB = await connect(b.uid);
    const csC = await connect201(c.uid);
    const stops = [answering('A', cpA, got), answering('B', cpB, got), answering('C', csC.cp, got)];
    const now = Date.now();

    // Frame index at each start: from then on, until its first profile, the station may draw its maximum.
    const starts: Record<string, number> = { A: 0 };
    const txA = (
      await cpA.ok<{ transactionId: number }>('StartTransaction', {
        connectorId: 1,
        idTag: a.idTag,
        meterStart: 0,
        timestamp: iso(now - 60_000),
      })
    ).transactionId;
    await settle(locationId, 1);
    expect(holding(got)).toEqual({ A: 31.8 });

    starts.B = got.length;
    await cpB.ok('StartTransaction', { connectorId: 1, idTag: b.idTag, meterStart: 0, timestamp: iso(now - 50_000) });
    await settle(locationId, 2);
    expect(holding(got)).toEqual({ A: 25, B: 25 });
    // A and B both come down to 25 A (B, with no profile yet, may draw its maximum: that is a lowering too).
    expect(
      got
        .slice(1)
        .map((g) => g.who)
        .sort(),
    ).toEqual(['A', 'B']);

    const mark = got.length;
    starts.C = mark;
    await csC.ok('TransactionEvent', txEvent(c, 'C-TX-1', 'Started', 0));
    await settle(locationId, 3);
    expect(holding(got)).toEqual({ A: 16.6, B: 16.6, C: 16.6 });
    const third = got.slice(mark);
    expect(third.map((g) => g.who).sort()).toEqual(['A', 'B', 'C']);
    expect(third.find((g) => g.who === 'C')).toMatchObject({ transactionId: 'C-TX-1', evseId: 1 });

    // A draws 8 A of its 16.6: it keeps 9 A, lowered first; B and C rise to 20.5 within this meter interval.
    const before = got.length;
    await cpA.ok('MeterValues', {
      connectorId: 1,
      transactionId: txA,
      meterValue: [
        {
          timestamp: iso(Date.now()),
          sampledValue: [
            { value: '8', measurand: 'Current.Import', phase: 'L1', unit: 'A' },
            { value: '7.9', measurand: 'Current.Import', phase: 'L2', unit: 'A' },
          ],
        },
      ],
    });
    await settle(locationId, 3);
    expect(holding(got)).toEqual({ A: 9, B: 20.5, C: 20.5 });
    expect(got[before]?.who).toBe('A');
    // No frame raised what the stations may draw together above the site's 50 A.
    expectNoRaiseOver(50, got, starts, 31.8);

    // A session whose end never reached the site (lost) is dropped when its station says it is not open.
    const site = env.SITE_LOADS.get(env.SITE_LOADS.idFromName(siteObjectName(locationId)));
    await site.sessionStarted({
      locationId,
      stationUid: b.uid,
      stationId: b.stationId,
      connectorId: 2,
      transactionId: 987_654_321,
      startedAt: Date.now(),
    });
    const after = await settle(locationId, 3);
    expect(after.sessions.map((s) => s.transactionId)).not.toContain(987_654_321);
    expect(holding(got)).toEqual({ A: 9, B: 20.5, C: 20.5 });
    expectNoRaiseOver(50, got, starts, 31.8);

    // A draws 8.2 A: within 10 % of the 8 A shared and still clearly under its 9 A: kept, not shared anew.
    const quiet = got.length;
    await cpA.ok('MeterValues', amps(txA, '8.2'));
    await expect.poll(async () => drawOf(await site.allocation(), a.uid), { interval: 20 }).toBe(8.2);
    await settle(locationId, 3);
    expect(got.length).toBe(quiet);

    // C (2.0.1) reports one phase in use and 3.68 kW: 16 A on that phase (not 5.3 A over three at 230 V).
    await csC.ok(
      'TransactionEvent',
      txEvent(c, 'C-TX-1', 'Updated', 1, {
        numberOfPhasesUsed: 1,
        meterValue: [
          {
            timestamp: iso(Date.now()),
            sampledValue: [{ value: 3680, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } }],
          },
        ],
      }),
    );
    await expect.poll(async () => drawOf(await site.allocation(), c.uid), { interval: 20 }).toBe(16);
    await settle(locationId, 3);
    // Shared anew with every latest draw (A's 8.2 A kept above): C capped at 17, A at 9.2, B the rest.
    expect(holding(got)).toEqual({ A: 9.2, B: 23.8, C: 17 });

    // A draws near its limit again (8.9 A of 9.2): shared anew, it takes its full share (C's cap of 17 A is above it).
    await cpA.ok('MeterValues', amps(txA, '8.9'));
    await expect.poll(async () => drawOf(await site.allocation(), a.uid), { interval: 20 }).toBe(8.9);
    await settle(locationId, 3);
    expect(holding(got)).toEqual({ A: 16.6, B: 16.6, C: 16.6 });
    expectNoRaiseOver(50, got, starts, 31.8);

    for (const stop of stops) await stop();
    cpA.close();
    cpB.close();
    csC.close();
  }, 60_000);
});

describe('a station that refuses the profile', () => {
  it('is counted at its maximum and not sent the profile again; the others share what is left', async () => {
    const [a, b, c] = [await aStation(), await aStation(), await aStation()] as [World, World, World];
    const locationId = await aSite(50, [a, b, c]);
    const got: Got[] = [];
    const refusedFrames: Got[] = [];
    const cpA = await connect(a.uid);
    const cpB = await connect(b.uid);
    const csC = await connect201(c.uid);
    const stops = [
      answering('A', cpA, refusedFrames, 'Rejected'),
      answering('B', cpB, got),
      answering('C', csC.cp, got),
    ];
    const now = Date.now();
    const starts: Record<string, number> = {};
    await cpA.ok('StartTransaction', { connectorId: 1, idTag: a.idTag, meterStart: 0, timestamp: iso(now - 60_000) });
    const first = await settle(locationId, 1);
    const maxA = first.sessions[0]?.maxA as number;
    expect(first.sessions[0]).toMatchObject({ limitA: null, targetA: null });

    starts.B = got.length;
    await cpB.ok('StartTransaction', { connectorId: 1, idTag: b.idTag, meterStart: 0, timestamp: iso(now - 50_000) });
    await settle(locationId, 2);
    starts.C = got.length;
    await csC.ok('TransactionEvent', txEvent(c, 'C-TX-R', 'Started', 0));
    const last = await settle(locationId, 3);
    // A keeps drawing up to its maximum: B and C share the rest, and at no frame is the site over 50 A.
    const held = holding(got);
    expect(Object.keys(held).sort()).toEqual(['B', 'C']);
    expect(held.B).toBe(held.C);
    expect(held.B).toBeGreaterThan((50 - maxA) / 2 - 0.2);
    // A draws up to its maximum throughout: no frame to B or C raised the site above 50 A with it.
    expectNoRaiseOver(50 - maxA, got, starts, maxA);
    expect(drawnAt(got, starts, maxA, got.length - 1) + maxA).toBeLessThanOrEqual(50);
    expect(last.sessions.find((s) => s.stationUid === a.uid)).toMatchObject({ limitA: null, targetA: null });
    // Refused once, never sent again (three recomputations later).
    expect(refusedFrames).toHaveLength(1);

    for (const stop of stops) await stop();
    cpA.close();
    cpB.close();
    csC.close();
  }, 60_000);
});

describe("an operator's own TxProfile", () => {
  it('caps the site limit sent to that transaction, stacks above it, and gives the rest to the others', async () => {
    const [a, b] = [await aStation(), await aStation()] as [World, World];
    const locationId = await aSite(40, [a, b]);
    const got: Got[] = [];
    const cpA = await connect(a.uid);
    const cpB = await connect(b.uid);
    const stops = [answering('A', cpA, got), answering('B', cpB, got)];
    const now = Date.now();
    const txA = (
      await cpA.ok<{ transactionId: number }>('StartTransaction', {
        connectorId: 1,
        idTag: a.idTag,
        meterStart: 0,
        timestamp: iso(now - 60_000),
      })
    ).transactionId;
    await settle(locationId, 1);
    // The operator holds A's transaction at 10 A on stack level 5 (the site's own default level).
    const own = await stub(a.uid).sendCommand('SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 7,
        transactionId: txA,
        stackLevel: 5,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }] },
      },
    });
    expect(own).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    const mark = got.length;

    await cpB.ok('StartTransaction', { connectorId: 1, idTag: b.idTag, meterStart: 0, timestamp: iso(now - 50_000) });
    await settle(locationId, 2);
    const site = got.slice(mark);
    // Every site limit sent to A since: at most the operator's 10 A, on its own profile, one level above.
    const toA = site.filter((g) => g.who === 'A');
    expect(toA.length).toBeGreaterThan(0);
    for (const g of toA) expect(g).toMatchObject({ profileId: 59_001, stackLevel: 6, transactionId: txA });
    expect(Math.max(...toA.map((g) => g.limitA))).toBeLessThanOrEqual(10);
    // What A cannot take goes to B.
    expect(holding(site)).toEqual({ A: 10, B: 30 });
    // The operator's profile is still known (never replaced nor cleared by the site).
    expect((await stub(a.uid).state()).operatorTxProfiles).toEqual([
      { profileId: 7, connectorId: 1, transactionId: txA, stackLevel: 5, limit: 10, unit: 'A' },
    ]);

    for (const stop of stops) await stop();
    cpA.close();
    cpB.close();
  }, 60_000);
});

describe('disabling a site', () => {
  it('clears the profiles it sent, so no session stays held', async () => {
    const [a, b] = [await aStation(), await aStation()] as [World, World];
    const locationId = await aSite(20, [a, b]);
    const site = env.SITE_LOADS.get(env.SITE_LOADS.idFromName(siteObjectName(locationId)));
    const got: Got[] = [];
    const cpA = await connect(a.uid);
    const cpB = await connect(b.uid);
    const stops = [answering('A', cpA, got), answering('B', cpB, got)];
    const now = Date.now();
    await cpA.ok('StartTransaction', { connectorId: 1, idTag: a.idTag, meterStart: 0, timestamp: iso(now - 60_000) });
    await settle(locationId, 1);
    await cpB.ok('StartTransaction', { connectorId: 1, idTag: b.idTag, meterStart: 0, timestamp: iso(now - 50_000) });
    await settle(locationId, 2);
    expect(holding(got)).toEqual({ A: 10, B: 10 });
    for (const stop of stops) await stop();

    await db.update(siteLoadLimits).set({ enabled: false }).where(eq(siteLoadLimits.locationId, locationId));
    const cleared = site.refresh(locationId);
    for (const cp of [cpA, cpB]) {
      const f = await cp.next((x) => x[0] === 2 && x[2] === 'ClearChargingProfile', 5000);
      expect(f[3]).toEqual({ id: 59_001 });
      cp.sendRaw(JSON.stringify([3, f[1], { status: 'Accepted' }]));
    }
    const after = await cleared;
    expect(after.enabled).toBe(false);
    expect(after.sessions.map((s) => s.limitA)).toEqual([null, null]);
    // Nothing more is sent while the site stays disabled.
    await site.refresh(locationId);
    await expect(cpA.next((x) => x[0] === 2 && x[2] === 'ClearChargingProfile', 300)).rejects.toThrow();
    cpA.close();
    cpB.close();
  }, 60_000);
});

/**
 * What the stations may draw together right after frame `i`: each one's latest limit, or its maximum
 * once its session started (`starts`: frame index at the start) and before its first limit.
 */
function drawnAt(got: Got[], starts: Record<string, number>, maxA: number, i: number, startedBy = i): number {
  const held = holding(got.slice(0, i + 1));
  return Object.entries(starts).reduce((t, [who, at]) => t + (held[who] ?? (at <= startedBy ? maxA : 0)), 0);
}

/** Every frame that raised what the stations may draw together left it within `limitA`. */
function expectNoRaiseOver(limitA: number, got: Got[], starts: Record<string, number>, maxA: number) {
  for (let i = 0; i < got.length; i++) {
    // Sessions started before frame i count at their maximum on both sides of it.
    const before = drawnAt(got, starts, maxA, i - 1, i);
    const after = drawnAt(got, starts, maxA, i);
    if (after > before + 1e-9) expect(after).toBeLessThanOrEqual(limitA);
  }
}
