/**
 * The maintenance screen's remote start and stop (issue 24 section 1): the users it offers for a
 * start say truly whether they hold an active card, and a stop goes to the transaction the charge
 * point is running (the latest accepted start), not an older session still recorded as open.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, rfids } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { call, db, login, type Session, unique, type World, world } from './helpers';

let w: World;
let admin: Session;
let stationId: number;
let connectorId: number;
let cp: FakeChargePoint;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  admin = await login(w.email, w.password);
  ({ stationId, connectorId, cp } = await connectedStation(w.company.id, { prefix: 'RMT', status: 'charging' }));
});

afterAll(() => cp?.close());

describe('remote start users', () => {
  it('say a user with an active card may start, and one with only a blocked card may not', async () => {
    const tag = unique('rfu').toLowerCase();
    const holder = await createUser(
      db,
      { companyId: w.company.id, email: `${tag}-a@example.test` },
      { iterations: 1000 },
    );
    const blocked = await createUser(
      db,
      { companyId: w.company.id, email: `${tag}-b@example.test` },
      { iterations: 1000 },
    );
    // Card ids far from the user ids, so a comparison of a card's own id with its user id matches nothing.
    await createRfid(db, { companyId: w.company.id, uuid: unique('CARDA').replace(/-/g, ''), userId: holder.id });
    const card = await createRfid(db, {
      companyId: w.company.id,
      uuid: unique('CARDB').replace(/-/g, ''),
      userId: blocked.id,
    });
    await db.update(rfids).set({ status: 'blocked' }).where(eq(rfids.id, card.id));
    const res = await call(`/maintenance/${connectorId}/users?keyword=${encodeURIComponent(tag)}`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: number; has_active_rfid: boolean }[] };
    expect(body.data.map((u) => [u.id, u.has_active_rfid])).toEqual([
      [holder.id, true],
      [blocked.id, false],
    ]);
  });
});

describe('remote stop', () => {
  it('stops the latest accepted transaction on the connector, not an older one still open', async () => {
    const open = (startKey: string, startAt: number) =>
      db
        .insert(chargingSessions)
        .values({
          cdrId: crypto.randomUUID(),
          stationId,
          connectorNumber: 1,
          companyId: w.company.id,
          authId: 'TAG1',
          startKey,
          startAt: new Date(startAt),
          meterStartWh: 0,
        })
        .returning({ id: chargingSessions.id });
    const [older] = await open('old', Date.UTC(2026, 10, 20, 8));
    const [live] = await open('live', Date.UTC(2026, 10, 20, 9));
    cp.handle('RemoteStopTransaction', () => ({ status: 'Accepted' }));
    const res = await call(`/maintenance/${connectorId}/${w.user.id}/stop`, { ...admin, method: 'POST' });
    expect(res.status).toBe(200);
    const sent = cp.received.filter((r) => r.action === 'RemoteStopTransaction');
    expect(sent).toEqual([{ action: 'RemoteStopTransaction', payload: { transactionId: live?.id } }]);
    expect(older?.id).not.toBe(live?.id);
  });
});
