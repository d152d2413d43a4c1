/**
 * A station's OCPP credentials (issue 24 §2, ADR 014 addendum 3): a chosen password stored only as a
 * hash and handed over as a hex-encoded AuthorizationKey when the station is connected, and the
 * security profile the ocpp worker enforces at the upgrade.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../domain/identity/password';
import { customerServiceLogs, stations } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { connectChargePoint, ocpp, upgradeRequest } from './fake-charge-point';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const PASSWORD = 'station-password-0001';
let w: World;
let admin: Session;
let basic: Session;
let outsiderUid: string;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  admin = await login(w.email, w.password, w.ip);
  const email = `${unique('r58')}@example.test`;
  await createUser(db, { companyId: w.company.id, email, password: w.password, roles: [58] }, { iterations: 1000 });
  basic = await login(email, w.password);
  const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
  outsiderUid = unique('CREDOUT').toUpperCase();
  await createStation(db, { uid: outsiderUid, companyId: outsider.id, ocppPasswordHash: null });
});

async function newStation() {
  const uid = unique('CRED').toUpperCase();
  const station = await createStation(db, {
    uid,
    companyId: w.company.id,
    ocppPasswordHash: await hashPassword(PASSWORD, 1000),
  });
  return { uid, id: station.id };
}

const storedHash = async (id: number) =>
  (await db.select({ h: stations.ocppPasswordHash }).from(stations).where(eq(stations.id, id)).get())?.h ?? null;

const hex = (s: string) => [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('set station password', () => {
  it('not connected: stores the chosen password only as a hash at once; the station connects with it', async () => {
    const { uid, id } = await newStation();
    const chosen = 'Chosen-Offline-Pass-01';
    const res = await call(`/stations/${uid}/password`, { ...admin, json: { password: chosen } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      password: 'replaced',
      change_configuration: { outcome: 'offline', status: null, error_code: null, error_description: null },
    });
    const hash = await storedHash(id);
    expect(hash).not.toContain(chosen);
    expect(await verifyPassword(chosen, hash)).toBe(true);
    const logs = await db.select().from(customerServiceLogs).where(eq(customerServiceLogs.stationId, id));
    expect(logs.map((l) => l.action)).toContain('SetStationPassword');
    expect(JSON.stringify(logs)).not.toContain(chosen);
    expect((await ocpp().fetch(upgradeRequest(uid, PASSWORD))).status).toBe(401);
    (await connectChargePoint(uid, chosen)).close();
  });

  it('connected: sends ChangeConfiguration AuthorizationKey hex-encoded and replaces the password when Accepted', async () => {
    const { uid, id } = await newStation();
    const cp = await connectChargePoint(uid, PASSWORD);
    cp.handle('ChangeConfiguration', () => ({ status: 'Accepted' }));
    const chosen = 'A-chosen-password-of-40-characters-long!';
    expect(chosen).toHaveLength(40);
    const res = await call(`/stations/${uid}/password`, { ...admin, json: { password: chosen } });
    expect(await res.json()).toEqual({
      password: 'replaced',
      change_configuration: { outcome: 'answered', status: 'Accepted', error_code: null, error_description: null },
    });
    expect(cp.received.at(-1)).toEqual({
      action: 'ChangeConfiguration',
      payload: { key: 'AuthorizationKey', value: hex(chosen) },
    });
    expect(await verifyPassword(chosen, await storedHash(id))).toBe(true);
    const logs = await db.select().from(customerServiceLogs).where(eq(customerServiceLogs.stationId, id));
    expect(JSON.stringify(logs)).not.toContain(hex(chosen));
    expect((await ocpp().fetch(upgradeRequest(uid, PASSWORD))).status).toBe(401);
    (await connectChargePoint(uid, chosen)).close();
    cp.close();
  });

  it('connected: keeps the current password when the charge point rejects the key, and says so', async () => {
    const { uid, id } = await newStation();
    const before = await storedHash(id);
    const cp = await connectChargePoint(uid, PASSWORD);
    cp.handle('ChangeConfiguration', () => ({ status: 'Rejected' }));
    const res = await call(`/stations/${uid}/password`, { ...admin, json: { password: 'Rejected-Pass-0123' } });
    expect(await res.json()).toMatchObject({
      password: 'unchanged',
      change_configuration: { outcome: 'answered', status: 'Rejected' },
    });
    expect(await storedHash(id)).toBe(before);
    cp.close();
  });

  it.each([['a'.repeat(15)], ['a'.repeat(41)], ['has a space in it 0123'], ['non-ascii-é-0123456789']])(
    'refuses %j with 400 on the password field',
    async (password) => {
      const { uid, id } = await newStation();
      const before = await storedHash(id);
      const res = await call(`/stations/${uid}/password`, { ...admin, json: { password } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe('password');
      expect(await storedHash(id)).toBe(before);
    },
  );

  it("403 for basic maintenance 58; another company's station is 404", async () => {
    const { uid } = await newStation();
    const json = { password: 'Some-Valid-Pass-0123' };
    expect((await call(`/stations/${uid}/password`, { ...basic, json })).status).toBe(403);
    await expectError(await call(`/stations/${outsiderUid}/password`, { ...admin, json }), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station uid: ${outsiderUid} not found.`,
    });
  });
});

describe('security profile', () => {
  it('is stored and shown, and from 2 on a connection that did not arrive over TLS is refused', async () => {
    const { uid, id } = await newStation();
    expect(await (await call(`/stations/${uid}/credentials`, admin)).json()).toEqual({
      uid,
      password_set: true,
      password_pending: false,
      security_profile: 1,
      connected: false,
    });
    const res = await call(`/stations/${uid}/security-profile`, {
      ...admin,
      method: 'PUT',
      json: { security_profile: 2 },
    });
    expect(await res.json()).toMatchObject({ security_profile: 2 });
    const plain = await ocpp().fetch(upgradeRequest(uid, PASSWORD));
    expect(plain.status).toBe(403);
    expect(await plain.text()).toBe('Security profile 2 requires TLS (wss://)');
    const overTls = upgradeRequest(uid, PASSWORD);
    const secure = await ocpp().fetch(new Request(overTls.url.replace(/^http:/, 'https:'), overTls));
    expect(secure.status).toBe(101);
    secure.webSocket?.accept();
    secure.webSocket?.close(1000, 'test done');
    const logs = await db.select().from(customerServiceLogs).where(eq(customerServiceLogs.stationId, id));
    expect(logs.find((l) => l.action === 'SetSecurityProfile')?.detailJson).toBe('{"from":1,"to":2}');
    await call(`/stations/${uid}/security-profile`, { ...admin, method: 'PUT', json: { security_profile: 1 } });
    (await connectChargePoint(uid, PASSWORD)).close();
  });

  it('accepts only 0 to 3, and only for callers with the advanced command permission', async () => {
    const { uid } = await newStation();
    for (const security_profile of [-1, 4, 1.5]) {
      const res = await call(`/stations/${uid}/security-profile`, {
        ...admin,
        method: 'PUT',
        json: { security_profile },
      });
      expect(res.status).toBe(400);
    }
    const denied = await call(`/stations/${uid}/security-profile`, {
      ...basic,
      method: 'PUT',
      json: { security_profile: 3 },
    });
    expect(denied.status).toBe(403);
  });
});
