/**
 * The fleet settings API: the limit unit switch asks for confirmation, is refused without fleet:limits,
 * touches only the selected company, and keeps the limits' values in the new unit (ADR 028 addendum).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { fleetCompanySettings, userCurrencyLimits, users } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS] };

interface Settings {
  limit_unit: 'kwh' | 'currency';
  currency: string;
  users_with_limits: number;
  can_change: boolean;
}

let manager: World;
let managerSession: Session;
let viewerSession: Session;
let other: World;
let otherSession: Session;
const driver = { withAll: 0, cents: 0, none: 0, otherCompany: 0 };

const driverIn = async (companyId: number, limits: Partial<typeof users.$inferInsert>) => {
  const u = await createUser(db, { companyId, email: `${unique('driver')}@example.test`, ...limits });
  return u.id;
};
const put = (session: Session, json: unknown) =>
  call('/fleet/settings/limit-unit', { ...session, method: 'PUT', json });
const kwhOf = async (id: number) =>
  db
    .select({ d: users.dailyLimit, w: users.weeklyLimit, m: users.monthlyLimit })
    .from(users)
    .where(eq(users.id, id))
    .get();
const moneyOf = async (id: number) =>
  db
    .select({ d: userCurrencyLimits.dailyMinor, w: userCurrencyLimits.weeklyMinor, m: userCurrencyLimits.monthlyMinor })
    .from(userCurrencyLimits)
    .where(eq(userCurrencyLimits.userId, id))
    .get();

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  other = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const viewer = await createUser(
    db,
    {
      companyId: manager.company.id,
      email: `${unique('viewer')}@example.test`,
      password: manager.password,
      roles: [ROLE.FLEET_MANAGER_VIEW],
    },
    { iterations: 1000 },
  );
  driver.withAll = await driverIn(manager.company.id, { dailyLimit: 20, weeklyLimit: 80, monthlyLimit: 250 });
  driver.cents = await driverIn(manager.company.id, {});
  driver.none = await driverIn(manager.company.id, {});
  driver.otherCompany = await driverIn(other.company.id, { monthlyLimit: 40 });
  [managerSession, viewerSession, otherSession] = await Promise.all([
    login(manager.email, manager.password, manager.ip),
    login(viewer.email, manager.password),
    login(other.email, other.password, other.ip),
  ]);
});

describe('fleet settings', () => {
  it('answers the unit (kWh by default) and the drivers with limits', async () => {
    const res = await call('/fleet/settings', viewerSession);
    expect(res.status).toBe(200);
    expect((await res.json()) as Settings).toEqual({
      limit_unit: 'kwh',
      currency: 'EUR',
      users_with_limits: 1,
      can_change: false,
    });
    expect(((await (await call('/fleet/settings', managerSession)).json()) as Settings).can_change).toBe(true);
  });

  it('refuses the switch to a viewer (role 31 lacks fleet:limits)', async () => {
    await expectError(await put(viewerSession, { limit_unit: 'currency', confirm: true }), 403, {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    });
  });

  it('asks for confirmation and changes nothing without it', async () => {
    await expectError(await put(managerSession, { limit_unit: 'currency' }), 409, {
      code: 'CONFIRMATION_REQUIRED',
      message: 'Confirm the switch: existing limits keep their values and are read in the new unit.',
      field: 'confirm',
    });
    expect(
      await db.select().from(fleetCompanySettings).where(eq(fleetCompanySettings.companyId, manager.company.id)).get(),
    ).toBeUndefined();
    expect(await kwhOf(driver.withAll)).toEqual({ d: 20, w: 80, m: 250 });
  });

  it('rejects an unknown unit', async () => {
    const res = await put(managerSession, { limit_unit: 'liters', confirm: true });
    expect(res.status).toBe(400);
  });

  it('switches to the currency: values kept in the new unit, kWh cleared, other companies untouched', async () => {
    const res = await put(managerSession, { limit_unit: 'currency', confirm: true });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Settings).limit_unit).toBe('currency');
    expect(await moneyOf(driver.withAll)).toEqual({ d: 2000, w: 8000, m: 25000 });
    expect(await kwhOf(driver.withAll)).toEqual({ d: null, w: null, m: null });
    expect(await moneyOf(driver.none)).toBeUndefined();
    expect(await kwhOf(driver.otherCompany)).toEqual({ d: null, w: null, m: 40 });
    const other = (await (await call('/fleet/settings', otherSession)).json()) as Settings;
    expect(other.limit_unit).toBe('kwh');
    // The wizard and the user API now read and write limits in the currency.
    const detail = (await (await call(`/users/${driver.withAll}`, managerSession)).json()) as {
      limits: { unit: string; monthly: number | null };
    };
    expect(detail.limits).toMatchObject({ unit: 'currency', monthly: 250 });
  });

  it('the same unit again is a no-op that needs no confirmation', async () => {
    const res = await put(managerSession, { limit_unit: 'currency' });
    expect(res.status).toBe(200);
    expect(await moneyOf(driver.withAll)).toEqual({ d: 2000, w: 8000, m: 25000 });
  });

  it('switches back to kWh: cents dropped, under 1 kWh removed, currency rows gone', async () => {
    await db
      .insert(userCurrencyLimits)
      .values({ userId: driver.cents, dailyMinor: 50, weeklyMinor: 1999, monthlyMinor: null });
    const settings = (await (await call('/fleet/settings', managerSession)).json()) as Settings;
    expect(settings.users_with_limits).toBe(2);
    const res = await put(managerSession, { limit_unit: 'kwh', confirm: true });
    expect(res.status).toBe(200);
    expect(await kwhOf(driver.withAll)).toEqual({ d: 20, w: 80, m: 250 });
    expect(await kwhOf(driver.cents)).toEqual({ d: null, w: 19, m: null });
    expect(await moneyOf(driver.withAll)).toBeUndefined();
    expect(await moneyOf(driver.cents)).toBeUndefined();
    const row = await db
      .select()
      .from(fleetCompanySettings)
      .where(eq(fleetCompanySettings.companyId, manager.company.id))
      .get();
    expect(row?.limitUnit).toBe('kwh');
  });
});
