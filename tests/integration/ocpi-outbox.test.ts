/**
 * Delivery of OCPI pushes (issue 22 part 7, ADR 057 addendum): a push reaches the partner at once when
 * it is up; while it is down pushes wait in the outbox with backoff, and when it is back the cron
 * delivers everything, each object's pushes in the order they were made; a push without a payload is
 * not doubled while queued; a push to an unregistered peering is dropped.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { ocpiOutbox, ocpiPeerings } from '../../drizzle/schema';
import { drainOcpiOutbox } from '../../workers/api/src/ocpi/ocpi.connect';
import {
  callPartner,
  partnerEndpoint,
  push,
  pushOutcome,
  registerPushKind,
} from '../../workers/api/src/ocpi/ocpi.outbox';
import { peeringById } from '../../workers/api/src/ocpi/ocpi.store';
import { db, failOnConsoleError, login, type Session, world } from './helpers';
import { type ConnectedPartner, connectedPartner } from './ocpi-fixture';
import { partnerModule } from './ocpi-partner';

failOnConsoleError();

// A push kind of the test: PUTs its payload (or the object's "state" at delivery) to the partner.
const current = new Map<string, number>();
registerPushKind('test_object', async ({ db, env, peering, row, payload }) => {
  const url = partnerEndpoint(peering, 'test_module', 'RECEIVER');
  if (!url) return 'no endpoint';
  const body = payload ?? { key: row.objectKey, state: current.get(row.objectKey ?? '') };
  const sent = await callPartner(db, env, peering, { method: 'PUT', url: `${url}/${row.objectKey}`, body });
  return pushOutcome(sent);
});

let s: Session;
let p: ConnectedPartner | undefined;
afterEach(() => p?.restore());
beforeAll(async () => {
  const admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public', country: 'FR' } });
  s = await login(admin.email, admin.password, admin.ip);
});

const env = () => ({ APP_ENV: 'test' });
const bodies = (c: ConnectedPartner) => c.state.pushes.map((x) => x.body);

describe('OCPI outbox', () => {
  it('delivers at once, waits while the partner is down, then delivers everything in order per object', async () => {
    p = await connectedPartner(s, [partnerModule('test_module', 'RECEIVER')]);
    const t0 = new Date();
    await push(
      db,
      env(),
      { peeringId: p.peeringId, kind: 'test_object', objectKey: 'a', payload: { n: 1 } },
      { now: true, at: t0 },
    );
    expect(bodies(p)).toEqual([{ n: 1 }]);

    p.state.down = true;
    for (const [key, n] of [
      ['a', 2],
      ['b', 1],
      ['a', 3],
      ['b', 2],
      ['a', 4],
    ] as const)
      await push(
        db,
        env(),
        { peeringId: p.peeringId, kind: 'test_object', objectKey: key, payload: { key, n } },
        { now: true, at: t0 },
      );
    expect(bodies(p)).toHaveLength(1);
    // An hour of cron runs while it is down: attempts fail, nothing is lost or given up.
    for (let minute = 5; minute <= 60; minute += 5)
      await drainOcpiOutbox(db, env(), new Date(t0.getTime() + minute * 60_000));
    const waiting = await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, p.peeringId)).all();
    expect(waiting.filter((r) => r.state === 'queued')).toHaveLength(5);
    expect(waiting.some((r) => r.state === 'dead')).toBe(false);
    expect(waiting.find((r) => r.objectKey === 'a' && r.state === 'queued')?.lastError).toContain(
      'Network connection lost',
    );

    p.state.down = false;
    // Back: the cron's runs deliver the backlog (first the head of each object, then the next…).
    for (let minute = 65; minute <= 24 * 60; minute += 5)
      await drainOcpiOutbox(db, env(), new Date(t0.getTime() + minute * 60_000));
    const got = bodies(p).slice(1) as { key: string; n: number }[];
    expect(got.filter((b) => b.key === 'a').map((b) => b.n)).toEqual([2, 3, 4]);
    expect(got.filter((b) => b.key === 'b').map((b) => b.n)).toEqual([1, 2]);
    const after = await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, p.peeringId)).all();
    expect(after.filter((r) => r.kind === 'test_object').every((r) => r.state === 'done')).toBe(true);
  });

  it('sends the latest state once for changes queued while a push without payload waits', async () => {
    p = await connectedPartner(s, [partnerModule('test_module', 'RECEIVER')]);
    p.state.down = true;
    const t0 = new Date();
    for (const n of [1, 2, 3]) {
      current.set('c', n);
      await push(db, env(), { peeringId: p.peeringId, kind: 'test_object', objectKey: 'c' }, { now: true, at: t0 });
    }
    const rows = await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, p.peeringId)).all();
    expect(rows.filter((r) => r.kind === 'test_object')).toHaveLength(1);
    p.state.down = false;
    await drainOcpiOutbox(db, env(), new Date(t0.getTime() + 2 * 60_000));
    expect(bodies(p)).toEqual([{ key: 'c', state: 3 }]);
  });

  it('settles a push the partner refuses (OCPI 2001) as dead so the next push of the object goes', async () => {
    p = await connectedPartner(s, [partnerModule('test_module', 'RECEIVER')]);
    const partner = p;
    partner.state.down = true;
    const t0 = new Date();
    for (const n of [1, 2, 3])
      await push(
        db,
        env(),
        { peeringId: partner.peeringId, kind: 'test_object', objectKey: 'e', payload: { n } },
        { now: true, at: t0 },
      );
    partner.state.down = false;
    // It refuses the first for good (2001) and the third for now (3000, a server error): only the first dies.
    let third = 0;
    partner.state.refuse = ({ body }) => {
      const n = (body as { n: number }).n;
      if (n === 1) return 2001;
      if (n === 3 && third++ === 0) return 3000;
      return undefined;
    };
    for (let minute = 2; minute <= 120; minute += 2)
      await drainOcpiOutbox(db, env(), new Date(t0.getTime() + minute * 60_000));
    expect(bodies(partner)).toEqual([{ n: 2 }, { n: 3 }]);
    const rows = await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, partner.peeringId)).all();
    const e = rows.filter((r) => r.objectKey === 'e').sort((x, y) => x.id - y.id);
    expect(e.map((r) => r.state)).toEqual(['dead', 'done', 'done']);
    expect(e[0]?.lastError).toContain('OCPI 2001');
    expect(e[2]?.attempts).toBe(2);
  });

  it('drops a push to an unregistered peering and never calls the partner', async () => {
    p = await connectedPartner(s, [partnerModule('test_module', 'RECEIVER')]);
    await db.update(ocpiPeerings).set({ state: 'unregistered' }).where(eq(ocpiPeerings.id, p.peeringId));
    await push(
      db,
      env(),
      { peeringId: p.peeringId, kind: 'test_object', objectKey: 'd', payload: { n: 1 } },
      { now: true },
    );
    expect(bodies(p)).toEqual([]);
    const row = await db.select().from(ocpiOutbox).where(eq(ocpiOutbox.peeringId, p.peeringId)).all();
    expect(row.find((r) => r.kind === 'test_object')).toMatchObject({
      state: 'done',
      lastError: 'The peering was unregistered',
    });
    expect((await peeringById(db, p.peeringId))?.state).toBe('unregistered');
  });
});
