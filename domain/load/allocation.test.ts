import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, drawMatters, type LoadSession, lowersFirst, raiseWithin, uncontrolledA } from './allocation';

const aSession = (key: string, over: Partial<LoadSession> = {}): LoadSession => ({
  key,
  minA: 6,
  maxA: 32,
  priority: 1,
  startedAt: 0,
  drawA: null,
  limitA: null,
  ...over,
});
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('allocate', () => {
  it.each([
    { limit: 100, n: 4, each: 25 },
    { limit: 100, n: 3, each: 32 },
    { limit: 100, n: 20, each: 6.2 },
    { limit: 100, n: 6, each: 16.6 },
  ])('shares $limit A equally among $n sessions ($each A each, at most 32)', ({ limit, n, each }) => {
    const sessions = Array.from({ length: n }, (_, i) => aSession(`s${i}`, { startedAt: i }));
    const out = allocate(limit, sessions);
    if (n === 20) {
      // 16 minimums fit (96 A) and share the rest (6.25 A, sent as 6.2); the last four by arrival are paused.
      expect([...out.values()].filter((a) => a === each)).toHaveLength(16);
      expect(['s16', 's17', 's18', 's19'].map((k) => out.get(k))).toEqual([0, 0, 0, 0]);
    } else {
      for (const a of out.values()) expect(a).toBe(each);
    }
    expect(sum(out)).toBeLessThanOrEqual(limit);
  });

  it('keeps minimums for the higher priority first and shares the rest by weight', () => {
    const out = allocate(20, [
      aSession('early', { startedAt: 0 }),
      aSession('late', { startedAt: 1 }),
      aSession('vip', { startedAt: 2, priority: 3 }),
    ]);
    // Every minimum fits (18 A); the 2 A left go by weight, so vip rises above the others.
    expect(out.get('vip')).toBeGreaterThan(out.get('early') as number);
    expect(sum(out)).toBeLessThanOrEqual(20);
    const tight = allocate(10, [aSession('early', { startedAt: 0 }), aSession('vip', { startedAt: 2, priority: 3 })]);
    expect(tight.get('vip')).toBe(10);
    expect(tight.get('early')).toBe(0);
  });

  it('gives what a session does not draw to the others, and gives it back when it draws near its limit', () => {
    const slow = aSession('slow', { drawA: 8, limitA: 25 });
    const out = allocate(50, [slow, aSession('a'), aSession('b')]);
    expect(out.get('slow')).toBe(9);
    expect(out.get('a')).toBe(20.5);
    expect(out.get('b')).toBe(20.5);
    // Next meter interval: it draws 8.9 of its 9 A, so it may want more and gets its equal share again.
    const again = allocate(50, [aSession('slow', { drawA: 8.9, limitA: 9 }), aSession('a'), aSession('b')]);
    expect(again.get('slow')).toBe(16.6);
    // Still drawing 8 under a 9 A limit: the cap holds (no back-and-forth).
    const steady = allocate(50, [aSession('slow', { drawA: 8, limitA: 9 }), aSession('a'), aSession('b')]);
    expect(steady.get('slow')).toBe(9);
  });

  it('never gives a session less than its minimum unless it pauses it', () => {
    const out = allocate(14, [aSession('a', { minA: 8 }), aSession('b', { minA: 8, startedAt: 1 })]);
    expect(out.get('a')).toBe(14);
    expect(out.get('b')).toBe(0);
  });
});

describe('lowersFirst and raiseWithin', () => {
  it('lowers before raising and raises only within what is in force', () => {
    const inForce = new Map<string, number | null>([
      ['a', 50],
      ['b', 50],
      ['c', null],
    ]);
    const targets = new Map([
      ['a', 33.3],
      ['b', 33.3],
      ['c', 33.3],
    ]);
    // c is not charging yet (a car that takes at most 20 A, below its share).
    const held = new Map([['c', 20]]);
    const { lowers, raises } = lowersFirst(inForce, targets, held);
    expect(lowers.map((l) => l.key)).toEqual(['a', 'b']);
    expect(raises).toEqual([{ key: 'c', limitA: 33.3 }]);
    // Before the lowerings are answered, c may rise to nothing.
    expect(raiseWithin(100, inForce, { key: 'c', limitA: 33.3 }, held)).toBe(0);
    inForce.set('a', 33.3);
    // Only a was lowered (b did not answer): c gets the 16.7 A a freed.
    expect(raiseWithin(100, inForce, { key: 'c', limitA: 33.3 }, held)).toBe(16.7);
  });

  it('counts a session with no limit in force at its maximum, so nothing is raised into its room', () => {
    // a just started (no profile applied yet: it draws up to its 32 A); b holds 20 A; the site has 60 A.
    const inForce = new Map<string, number | null>([
      ['a', null],
      ['b', 20],
    ]);
    const held = new Map([['a', uncontrolledA({ maxA: 32, drawA: null })]]);
    const { lowers, raises } = lowersFirst(
      inForce,
      new Map([
        ['a', 30],
        ['b', 30],
      ]),
      held,
    );
    // Bringing a from its 32 A down to 30 A is a lowering: sent and answered before b rises.
    expect(lowers).toEqual([{ key: 'a', limitA: 30 }]);
    expect(raises).toEqual([{ key: 'b', limitA: 30 }]);
    // a's station refused (or did not answer): b may rise only to 60 − 32.
    expect(raiseWithin(60, inForce, { key: 'b', limitA: 30 }, held)).toBe(28);
    // A measured draw above the rated maximum counts instead.
    expect(uncontrolledA({ maxA: 16, drawA: 18.5 })).toBe(18.5);
  });
});

/**
 * Random arrivals, departures and draws on one site: after each event the controller lowers first,
 * some lowerings go unanswered, then raises within the room left. The sum of the limits that may be
 * in force never exceeds the site limit, at any step.
 */
describe('site limit property', () => {
  const event = fc.oneof(
    fc.record({
      kind: fc.constant('arrive' as const),
      min: fc.integer({ min: 0, max: 10 }),
      prio: fc.integer({ min: 1, max: 3 }),
      max: fc.integer({ min: 6, max: 63 }),
    }),
    fc.record({ kind: fc.constant('leave' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('draw' as const),
      pick: fc.nat(),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  );
  it('keeps the sum of limits in force under the site limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 400 }),
        fc.array(event, { maxLength: 60 }),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        (siteLimit, events, answered) => {
          const sessions = new Map<string, LoadSession>();
          const inForce = new Map<string, number | null>();
          let n = 0;
          events.forEach((e, step) => {
            const keys = [...sessions.keys()];
            if (e.kind === 'arrive') {
              const key = `s${n++}`;
              sessions.set(key, aSession(key, { minA: e.min, maxA: e.max, priority: e.prio, startedAt: step }));
              inForce.set(key, null);
            } else if (keys.length > 0) {
              const key = keys[e.pick % keys.length] as string;
              if (e.kind === 'leave') {
                sessions.delete(key);
                inForce.delete(key);
              } else {
                const s = sessions.get(key) as LoadSession;
                const limit = inForce.get(key) ?? null;
                sessions.set(key, { ...s, limitA: limit, drawA: limit === null ? null : limit * e.fraction });
              }
            }
            const targets = allocate(siteLimit, [...sessions.values()]);
            expect(sum(targets)).toBeLessThanOrEqual(siteLimit + 1e-9);
            // A session with no limit in force draws up to its maximum (or its draw when higher).
            const held = new Map([...sessions].map(([key, s]) => [key, uncontrolledA(s)]));
            const drawn = () => [...inForce].reduce((t, [key, v]) => t + (v ?? held.get(key) ?? 0), 0);
            const { lowers, raises } = lowersFirst(inForce, targets, held);
            for (const l of lowers) if (answered[step] !== false) inForce.set(l.key, l.limitA);
            for (const r of raises) {
              const before = drawn();
              const a = raiseWithin(siteLimit, inForce, r, held);
              if (a !== null) inForce.set(r.key, a);
              // A raise never adds to a site over its limit (new, still uncontrolled sessions may be).
              if (drawn() > before + 1e-9) expect(drawn()).toBeLessThanOrEqual(siteLimit + 1e-9);
            }
            for (const [key, s] of sessions) sessions.set(key, { ...s, limitA: inForce.get(key) ?? null });
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('drawMatters (a MeterValues shares the site anew only when its draw changed materially)', () => {
  it('shares the first draw, a change over 10 %, and a session going under or back near its limit', () => {
    expect(drawMatters(null, 16, 16.6)).toBe(true);
    // Near its 16.6 A limit, 16.2 → 16.5 A: nothing to share anew.
    expect(drawMatters(16.2, 16.5, 16.6)).toBe(false);
    // Clearly under its 9 A limit (capped by its draw), 8 → 8.2 A: under 10 %, still under.
    expect(drawMatters(8, 8.2, 9)).toBe(false);
    // Back near its limit (8.6 ≥ 9 − 0.5): it may take its full share again.
    expect(drawMatters(8, 8.6, 9)).toBe(true);
    // Went under its limit.
    expect(drawMatters(16.4, 15.9, 16.6)).toBe(true);
    // No limit sent: only the size of the change counts.
    expect(drawMatters(20, 21.9, null)).toBe(false);
    expect(drawMatters(20, 22.1, null)).toBe(true);
    expect(drawMatters(0, 0.05, null)).toBe(false);
  });
});
