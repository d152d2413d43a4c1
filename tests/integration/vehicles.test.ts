/** The vehicles API (spec 2 section 7.13): catalog, CRUD, VIN and plate rules, scope, webhooks. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { chargingSessions, vehicleWebhooks } from '../../drizzle/schema';
import { seedVehicleCatalog } from '../../drizzle/seed/demo-vehicles';
import { createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, services: [SERVICE.CAR_TELEMATICS] };

interface Model {
  id: number;
  brand_id: number;
  brand: string;
  name: string;
  battery_kwh: number;
}
interface Vehicle {
  id: number;
  user_id: number;
  vin: string | null;
  license_plate: string | null;
  brand: { id: number; name: string } | null;
  model: Model | null;
  odometer_km: number | null;
  soc_percent: number | null;
  telemetry_at: string | null;
  webhook: { id: number; url: string } | null;
}
interface Hook {
  id: number;
  url: string;
  secret: string;
  secret_fingerprint: string;
}

let manager: World;
let session: Session;
let other: World;
let otherSession: Session;
let driver: Awaited<ReturnType<typeof createUser>>;
let otherDriver: Awaited<ReturnType<typeof createUser>>;
let zoe: Model;

const driverOf = (w: World) => createUser(db, { companyId: w.company.id, email: `${unique('driver')}@example.test` });

async function created(userId: number, body: Record<string, unknown>, s = session): Promise<Vehicle> {
  const res = await call(`/users/${userId}/vehicles`, { ...s, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as Vehicle;
}

async function sign(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

beforeAll(async () => {
  await seedVehicleCatalog(db);
  manager = await world({ roles: [ROLE.VEHICLE_CHARGING_RIGHTS], company: FLEET });
  session = await login(manager.email, manager.password, manager.ip);
  other = await world({ roles: [ROLE.VEHICLE_CHARGING_RIGHTS], company: FLEET });
  otherSession = await login(other.email, other.password, other.ip);
  driver = await driverOf(manager);
  otherDriver = await driverOf(other);
  const res = await call('/vehicles', session);
  const models = ((await res.json()) as { data: Model[] }).data;
  const found = models.find((m) => m.brand === 'Renault' && m.name === 'Zoe R135');
  if (!found) throw new Error('catalog not seeded');
  zoe = found;
});

describe('catalog', () => {
  it('lists models, brands, one brand with its models, e-HDV types', async () => {
    expect(zoe.battery_kwh).toBe(52);
    const brands = (await (await call('/vehicles/brands', session)).json()) as {
      data: { id: number; name: string; models: number }[];
    };
    const renault = brands.data.find((b) => b.name === 'Renault');
    expect(renault?.models).toBeGreaterThanOrEqual(4);
    const one = await call(`/vehicles/brands/${renault?.id}`, session);
    expect(one.status).toBe(200);
    const detail = (await one.json()) as { name: string; models: Model[] };
    expect(detail.name).toBe('Renault');
    expect(detail.models.every((m) => m.brand === 'Renault')).toBe(true);
    expect((await call('/vehicles/brands/999999', session)).status).toBe(404);
    const types = (await (await call('/vehicles/ehdv-types', session)).json()) as { data: { code: string }[] };
    expect(types.data.map((t) => t.code)).toEqual(['M3', 'N1', 'N2', 'N3']);
  });
});

describe('per-user CRUD', () => {
  it('creates, reads, lists, updates and deletes a vehicle', async () => {
    const v = await created(driver.id, { model_id: zoe.id, vin: 'vf1ag000x64123456', license_plate: 'ab-123-cd' });
    expect(v).toMatchObject({
      user_id: driver.id,
      vin: 'VF1AG000X64123456',
      license_plate: 'AB-123-CD',
      brand: { id: zoe.brand_id, name: 'Renault' },
      model: { id: zoe.id, name: 'Zoe R135' },
      webhook: null,
    });
    const read = await call(`/users/${driver.id}/vehicles/${v.id}`, session);
    expect(((await read.json()) as Vehicle).id).toBe(v.id);
    const mine = (await (await call(`/users/${driver.id}/vehicles`, session)).json()) as { data: Vehicle[] };
    expect(mine.data.map((x) => x.id)).toContain(v.id);

    const patched = await call(`/users/${driver.id}/vehicles`, {
      ...session,
      method: 'PATCH',
      json: { user_vehicle_id: v.id, model_id: zoe.id, vin: '1M8GDM9AXKP042788', license_plate: 'ZZ-999-ZZ' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ vin: '1M8GDM9AXKP042788', license_plate: 'ZZ-999-ZZ' });
    // A plate left out keeps the stored one (the form leaves it out unchanged; in demo mode it shows a placeholder).
    const kept = await call(`/users/${driver.id}/vehicles`, {
      ...session,
      method: 'PATCH',
      json: { user_vehicle_id: v.id, model_id: zoe.id, vin: '1M8GDM9AXKP042788', telematics_provider: 'Smartcar' },
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ license_plate: 'ZZ-999-ZZ', telematics_provider: 'Smartcar' });

    const list = await call(`/vehicles/company?keyword=ZZ-999&itemsPerPage=5`, session);
    const page = (await list.json()) as { data: Vehicle[]; total: number; itemsPerPage: number };
    expect(page).toMatchObject({ total: 1, itemsPerPage: 5 });
    expect(page.data[0]?.id).toBe(v.id);

    const del = await call(`/users/${driver.id}/vehicles/${v.id}`, { ...session, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await call(`/users/${driver.id}/vehicles/${v.id}`, session)).status).toBe(404);
  });

  it('pages the company list', async () => {
    const d = await driverOf(manager);
    for (let i = 0; i < 3; i++) await created(d.id, { license_plate: `PG-10${i}-AA` });
    const first = (await (await call('/vehicles/company?keyword=PG-10&itemsPerPage=2&page=0', session)).json()) as {
      data: Vehicle[];
      total: number;
    };
    const second = (await (await call('/vehicles/company?keyword=PG-10&itemsPerPage=2&page=1', session)).json()) as {
      data: Vehicle[];
    };
    expect(first.total).toBe(3);
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
  });
});

describe('validation', () => {
  const bad = async (body: Record<string, unknown>, message: string, field: string, code = 'VALIDATION_FAILED') =>
    expectError(await call(`/users/${driver.id}/vehicles`, { ...session, json: body }), 400, { code, message, field });

  it('names the VIN and plate failures', async () => {
    await bad({ vin: 'VF1AG000X6412345' }, 'The VIN must be exactly 17 characters.', 'vin');
    await bad(
      { vin: 'VF1AG000O64123456' },
      'The VIN may only contain digits and letters other than I, O and Q.',
      'vin',
    );
    await bad(
      { vin: '1M8GDM9A1KP042788' },
      'The VIN check digit (9th character) does not match: check the VIN for a typo.',
      'vin',
    );
    await bad(
      { license_plate: 'AB123CD' },
      'The license plate must match the French pattern, e.g. AB-999-CD.',
      'license_plate',
    );
    await bad(
      { model_id: zoe.id, brand_id: zoe.brand_id + 1000 },
      'The model does not belong to the selected brand.',
      'model_id',
    );
  });

  it('requires a plate when the company makes it mandatory', async () => {
    const strict = await world({
      roles: [ROLE.VEHICLE_CHARGING_RIGHTS],
      company: { ...FLEET, mandatoryLicensePlate: true },
    });
    const s = await login(strict.email, strict.password, strict.ip);
    const d = await driverOf(strict);
    const res = await call(`/users/${d.id}/vehicles`, { ...s, json: { vin: 'VF1AG000X64123456' } });
    await expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'The license plate is mandatory.',
      field: 'license_plate',
    });
  });
});

describe('access', () => {
  it('refuses without the permission or the car telematics service', async () => {
    const noRole = await world({ roles: [ROLE.RFID_MANAGEMENT], company: FLEET });
    const s1 = await login(noRole.email, noRole.password, noRole.ip);
    expect((await call('/vehicles/company', s1)).status).toBe(403);
    const noService = await world({ roles: [ROLE.VEHICLE_CHARGING_RIGHTS], company: { isEvfleet: true } });
    const s2 = await login(noService.email, noService.password, noService.ip);
    expect((await call('/vehicles', s2)).status).toBe(403);
  });

  it('finds drivers of the scope only', async () => {
    const mine = (await (
      await call(`/vehicles/drivers?keyword=${encodeURIComponent(driver.email)}`, session)
    ).json()) as {
      data: { id: number }[];
    };
    expect(mine.data.map((u) => u.id)).toEqual([driver.id]);
    const theirs = (await (
      await call(`/vehicles/drivers?keyword=${encodeURIComponent(otherDriver.email)}`, session)
    ).json()) as { data: unknown[] };
    expect(theirs.data).toEqual([]);
  });

  it("answers 404 for another company's user and vehicle", async () => {
    const theirs = await created(otherDriver.id, { license_plate: 'OT-111-HE' }, otherSession);
    expect((await call(`/users/${otherDriver.id}/vehicles`, session)).status).toBe(404);
    expect((await call(`/users/${otherDriver.id}/vehicles`, { ...session, json: {} })).status).toBe(404);
    expect((await call(`/users/${otherDriver.id}/vehicles/${theirs.id}`, session)).status).toBe(404);
    // Their vehicle under my user's id: still unknown.
    expect((await call(`/users/${driver.id}/vehicles/${theirs.id}`, session)).status).toBe(404);
    const del = await call(`/users/${otherDriver.id}/vehicles/${theirs.id}`, { ...session, method: 'DELETE' });
    expect(del.status).toBe(404);
    expect(
      (await call(`/users/${otherDriver.id}/vehicles/${theirs.id}/webhook`, { ...session, method: 'POST' })).status,
    ).toBe(404);
    const mine = (await (await call('/vehicles/company?keyword=OT-111', session)).json()) as { total: number };
    expect(mine.total).toBe(0);
  });
});

describe('telematics webhook', () => {
  it('creates a webhook, accepts a signed update, refuses a bad signature, rotates and deletes', async () => {
    const v = await created(driver.id, { model_id: zoe.id, license_plate: 'TL-100-EM' });
    const station = await createStation(db, { uid: unique('VEH-ST'), companyId: manager.company.id });
    const [charging] = await db
      .insert(chargingSessions)
      .values({
        cdrId: unique('CDR'),
        stationId: station.id,
        connectorNumber: 1,
        companyId: manager.company.id,
        userId: driver.id,
        authId: 'VEH-TAG',
        startKey: unique('start'),
        startAt: new Date(),
        meterStartWh: 0,
      })
      .returning();
    const res = await call(`/users/${driver.id}/vehicles/${v.id}/webhook`, { ...session, method: 'POST' });
    expect(res.status).toBe(201);
    const hook = (await res.json()) as Hook;
    expect(hook.secret).toMatch(/^whsec_/);
    const stored = await db.select().from(vehicleWebhooks).where(eq(vehicleWebhooks.id, hook.id)).get();
    expect(stored?.secretSealed).not.toContain(hook.secret);
    const again = await call(`/users/${driver.id}/vehicles/${v.id}/webhook`, { ...session, method: 'POST' });
    expect(again.status).toBe(409);
    const info = (await (await call(`/users/${driver.id}/vehicles/${v.id}/webhook`, session)).json()) as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({ id: hook.id, url: hook.url, secret_fingerprint: hook.secret_fingerprint });
    expect(info.secret).toBeUndefined();

    const path = new URL(hook.url).pathname.replace(/^\/api/, '');
    const body = JSON.stringify({
      odometer_km: 12345.6,
      soc_percent: 72,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    const good = await call(path, { raw: body, headers: { 'x-signature': await sign(hook.secret, body) } });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ applied: true });
    const after = (await (await call(`/users/${driver.id}/vehicles/${v.id}`, session)).json()) as Vehicle;
    expect(after).toMatchObject({ odometer_km: 12345.6, soc_percent: 72 });
    // …and on the driver's session in progress.
    const row = await db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, charging?.id ?? 0))
      .get();
    expect(row?.odometerKm).toBe(12346);

    const tampered = body.replace('72', '99');
    const badSig = await call(path, { raw: tampered, headers: { 'x-signature': await sign(hook.secret, body) } });
    await expectError(badSig, 401, {
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: 'The webhook signature is missing or invalid.',
    });
    expect((await call(path, { raw: body })).status).toBe(401);

    const invalid = JSON.stringify({ odometer_km: -1, soc_percent: 72, at: new Date().toISOString() });
    expect(
      (await call(path, { raw: invalid, headers: { 'x-signature': await sign(hook.secret, invalid) } })).status,
    ).toBe(400);

    const older = JSON.stringify({
      odometer_km: 1,
      soc_percent: 10,
      at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const late = await call(path, { raw: older, headers: { 'x-signature': await sign(hook.secret, older) } });
    expect(await late.json()).toEqual({ applied: false });

    const rotated = await call(`/users/${driver.id}/vehicles/${v.id}/webhook/${hook.id}`, {
      ...session,
      method: 'PATCH',
    });
    expect(rotated.status).toBe(200);
    const fresh = (await rotated.json()) as Hook;
    expect(fresh.secret).not.toBe(hook.secret);
    expect(fresh.url).toBe(hook.url);
    const next = JSON.stringify({ odometer_km: 12400, soc_percent: 60, at: new Date().toISOString() });
    expect((await call(path, { raw: next, headers: { 'x-signature': await sign(hook.secret, next) } })).status).toBe(
      401,
    );
    expect((await call(path, { raw: next, headers: { 'x-signature': await sign(fresh.secret, next) } })).status).toBe(
      200,
    );

    const del = await call(`/users/${driver.id}/vehicles/${v.id}/webhook/${hook.id}`, { ...session, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await call(path, { raw: next, headers: { 'x-signature': await sign(fresh.secret, next) } })).status).toBe(
      404,
    );
  });
});
