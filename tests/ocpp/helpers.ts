/**
 * A charge point for tests inside workerd: stations built with the factories (each test its own
 * identity, since storage is shared by the tests of a file) and a socket that correlates replies.
 */
import { env, SELF } from 'cloudflare:test';
import { hashPassword } from '../../domain/identity/password';
import { openDb } from '../../drizzle/db';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';

export const db = openDb(env.DB);
export const PASSWORD = 'cp-secret-1234';

let seq = 0;
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

export interface World {
  uid: string;
  stationId: number;
  companyId: number;
  idTag: string;
  userId: number;
}

/** A public station with two connectors, a password, and an active user with an accepted card. */
export async function aStation(
  opts: { registration?: 'accepted' | 'pending' | 'rejected'; password?: string | null; uid?: string } = {},
): Promise<World> {
  const uid = opts.uid ?? unique('CP');
  const company = await createCompany(db, { name: `Operator ${uid}` });
  const hash = opts.password === null ? null : await hashPassword(opts.password ?? PASSWORD, 1000);
  const station = await createStation(db, {
    uid,
    companyId: company.id,
    name: `Station ${uid}`,
    city: 'Lyon',
    address: 'Rue Garibaldi',
    streetNumber: '7',
    registration: opts.registration ?? 'accepted',
    ocppPasswordHash: hash,
  });
  for (const n of [1, 2]) {
    await createConnector(db, {
      stationId: station.id,
      connectorNumber: n,
      uid: `${uid}-${n}`,
      evseId: `FR*TST*E${n}`,
      plugType: 'Type 2',
      maxPowerW: 22_000,
      status: 'unknown',
    });
  }
  const user = await createUser(db, {
    companyId: company.id,
    email: `${uid.toLowerCase()}@drivers.test`,
    canChargePublic: true,
  });
  const idTag = unique('TAG').replace(/-/g, '').slice(0, 20);
  await createRfid(db, { companyId: company.id, uuid: idTag, userId: user.id });
  return { uid, stationId: station.id, companyId: company.id, idTag, userId: user.id };
}

export function basic(user: string, password: string): string {
  return `Basic ${btoa(`${user}:${password}`)}`;
}

export function upgrade(uid: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`http://localhost/ocpp/${encodeURIComponent(uid)}`, {
    headers: { upgrade: 'websocket', 'sec-websocket-protocol': 'ocpp1.6', ...headers },
  });
}

type Frame = [number, string, ...unknown[]];

export class TestCharger {
  private readonly frames: Frame[] = [];
  private readonly waiters: (() => void)[] = [];
  private seq = 0;
  closed: { code: number; reason: string } | null = null;

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      this.frames.push(JSON.parse(String(e.data)) as Frame);
      for (const w of this.waiters.splice(0)) w();
    });
    ws.addEventListener('close', (e) => {
      this.closed = { code: e.code, reason: e.reason };
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** The next frame matching `pick`, removed from the buffer; fails after `ms`. */
  async next(pick: (f: Frame) => boolean = () => true, ms = 5000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.frames.findIndex(pick);
      if (i >= 0) return this.frames.splice(i, 1)[0] as Frame;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${ms} ms (have ${JSON.stringify(this.frames)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves false when no frame arrives within `ms`. */
  async nothingWithin(ms: number): Promise<boolean> {
    try {
      await this.next(() => true, ms);
      return false;
    } catch {
      return true;
    }
  }

  sendRaw(data: string): void {
    this.ws.send(data);
  }

  /** Sends a CALL and returns the reply frame (CALLRESULT or CALLERROR) with the same id. */
  async call(action: string, payload: unknown, id = `m${++this.seq}`): Promise<Frame> {
    this.ws.send(JSON.stringify([2, id, action, payload]));
    return this.next((f) => (f[0] === 3 || f[0] === 4) && f[1] === id);
  }

  /** The payload of a CALLRESULT; throws on a CALLERROR. */
  async ok<T = Record<string, unknown>>(action: string, payload: unknown): Promise<T> {
    const f = await this.call(action, payload);
    if (f[0] !== 3) throw new Error(`${action} answered ${JSON.stringify(f)}`);
    return f[2] as T;
  }

  close(): void {
    try {
      this.ws.close(1000, 'test done');
    } catch {}
  }
}

export async function connect(uid: string, password = PASSWORD): Promise<TestCharger> {
  const res = await upgrade(uid, { authorization: basic(uid, password) });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade answered ${res.status}: ${await res.text()}`);
  res.webSocket.accept();
  return new TestCharger(res.webSocket);
}

export function stub(uid: string) {
  return env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(uid));
}

/**
 * After a test changed the object's storage behind its back (only the object writes it in
 * production, and a storage reset comes with a new object life), the object forgets what it cached.
 */
export function forgetCached(instance: unknown): void {
  (instance as { store: { forgetCached(): void } }).store.forgetCached();
}

export const iso = (ms: number) => new Date(ms).toISOString();
