import { env, runDurableObjectAlarm, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { getServerByName } from 'partyserver';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../domain/identity/encoding';
import type { LiveEvent } from '../../domain/live/events';
import { authSessions } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { BASE, call, db, failOnConsoleError, login, unique, world } from './helpers';

failOnConsoleError();

const join = (room: string, cookie?: string, extra: Record<string, string> = {}) =>
  SELF.fetch(`${BASE}/parties/live-feed/${room}`, {
    headers: { upgrade: 'websocket', ...(cookie ? { cookie: `sid=${cookie}` } : {}), ...extra },
  });

async function joined(room: string, cookie: string, extra: Record<string, string> = {}): Promise<WebSocket> {
  const res = await join(room, cookie, extra);
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error('no socket');
  ws.accept();
  return ws;
}

/** Resolves with the close code once the server closes the socket; null when it stays open 5 s. */
function closeCode(ws: WebSocket): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    ws.addEventListener('close', (e) => {
      clearTimeout(timer);
      resolve(e.code);
    });
  });
}

const EVENT: LiveEvent = {
  type: 'connector-status',
  stationUid: 'CP-LIVE-2',
  connectorNumber: 1,
  status: 'available',
  errorCode: null,
  at: '2026-11-26T10:00:00.000Z',
};

function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
    ws.addEventListener('message', (e) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(e.data)));
    });
  });
}

describe('live feed rooms', () => {
  it('lets a logged-in user join the room of a sub-company and receive what a charge point publishes', async () => {
    const w = await world({ roles: [37], company: { cpms: 'public' } });
    const child = await createCompany(db, { name: unique('Child'), parentCompanyId: w.company.id });
    const session = await login(w.email, w.password, w.ip);
    const res = await join(`company-${child.id}`, session.cookie);
    expect(res.status).toBe(101);
    const ws = res.webSocket;
    if (!ws) throw new Error('no socket');
    ws.accept();
    const received = nextMessage(ws);
    const event: LiveEvent = {
      type: 'connector-status',
      stationUid: 'CP-LIVE-1',
      connectorNumber: 1,
      status: 'charging',
      errorCode: null,
      at: new Date().toISOString(),
    };
    // What the ChargePoint object does, by Durable Object RPC.
    const room = await getServerByName(env.LiveFeed, `company-${child.id}`);
    await expect.poll(() => room.publish(event)).toBe(1);
    expect(await received).toEqual(event);
    ws.close();
  });

  it('refuses logged-out callers, other companies and unknown rooms before the upgrade', async () => {
    const w = await world({ roles: [37] });
    const other = await createCompany(db, { name: unique('Other') });
    const session = await login(w.email, w.password, w.ip);
    expect((await join(`company-${w.company.id}`)).status).toBe(401);
    expect((await join(`company-${other.id}`, session.cookie)).status).toBe(403);
    expect((await join('everything', session.cookie)).status).toBe(404);
  });
});

describe('sockets of an ended session (issue 24)', () => {
  it("closes the session's sockets at once on logout, and no other session's", async () => {
    const w = await world({ roles: [37] });
    const mine = await login(w.email, w.password, w.ip);
    const other = await login(w.email, w.password, w.ip);
    const room = `company-${w.company.id}`;
    const ws = await joined(room, mine.cookie);
    const closed = closeCode(ws);
    // A client naming another session in the header the join check sets does not take it over.
    const bystander = await joined(room, other.cookie, { 'x-live-feed-session': await sha256Hex(mine.cookie) });
    const out = await call('/logout', { ...mine, method: 'POST' });
    expect(out.status).toBe(200);
    expect(await closed).toBe(4001);
    const server = await getServerByName(env.LiveFeed, room);
    const received = nextMessage(bystander);
    expect(await server.publish(EVENT)).toBe(1);
    expect(await received).toEqual(EVENT);
    bystander.close();
  });

  it('closes, at its periodic check, the sockets of a session revoked without a logout', async () => {
    const w = await world({ roles: [37] });
    const revoked = await login(w.email, w.password, w.ip);
    const kept = await login(w.email, w.password, w.ip);
    const room = `company-${w.company.id}`;
    const gone = await joined(room, revoked.cookie);
    const stays = await joined(room, kept.cookie);
    const goneClosed = closeCode(gone);
    // What a password reset does (revokeAllSessions) or an expiry: the row changes, no logout call.
    await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.id, await sha256Hex(revoked.cookie)));
    const stub = env.LiveFeed.get(env.LiveFeed.idFromName(room));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await goneClosed).toBe(4001);
    const received = nextMessage(stays);
    const server = await getServerByName(env.LiveFeed, room);
    expect(await server.publish(EVENT)).toBe(1);
    expect(await received).toEqual(EVENT);
    // The room still has a socket, so it checks again later.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    stays.close();
  });
});
