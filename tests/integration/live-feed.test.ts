import { env, SELF } from 'cloudflare:test';
import { getServerByName } from 'partyserver';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../domain/live/events';
import { createCompany } from '../../drizzle/seed/factories';
import { BASE, db, failOnConsoleError, login, unique, world } from './helpers';

failOnConsoleError();

const join = (room: string, cookie?: string) =>
  SELF.fetch(`${BASE}/parties/live-feed/${room}`, {
    headers: { upgrade: 'websocket', ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
  });

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
