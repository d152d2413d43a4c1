/**
 * The authorization decision against D1: every outcome, with the facts it reads from the tables.
 * Every decision is also made by the previous five-statement batch (ADR 030) and must be identical:
 * the single statement (ADR 030, addendum) changes how the facts are read, never the answer.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../drizzle/db';
import {
  type AuthorizationInput,
  decideAuthorization as decideSingle,
} from '../../drizzle/queries/authorization.store';
import { chargingSessions, fleetCompanySettings, tariffs, userCurrencyLimits } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { decideAuthorizationBatch } from '../support/authorization-batch';
import { db, sql, unique } from './helpers';

/** The decision of the single statement, checked against the previous batch's. */
async function decideAuthorization(database: Db, input: AuthorizationInput) {
  const single = await decideSingle(database, input);
  expect(single).toEqual(await decideAuthorizationBatch(database, input));
  return single;
}

const AT = new Date('2026-11-18T10:00:00Z'); // a Wednesday
const tag = () => unique('T').replace(/\W/g, '').slice(-18).toUpperCase();

type UserOpts = Parameters<typeof createUser>[1];

/** A fleet company with one driver (public + work + home by default), a card and a public station. */
async function setup(
  user: Partial<UserOpts> = {},
  card: { status?: 'active' | 'blocked' | 'unlinked'; expiresAt?: Date } = {},
) {
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const fleet = await createCompany(db, { name: unique('Fleet'), isEvfleet: true, parentCompanyId: operator.id });
  const driver = await createUser(db, {
    companyId: fleet.id,
    email: `${unique('driver')}@example.test`,
    canChargePublic: true,
    canChargeWork: true,
    canChargeHome: true,
    ...user,
  });
  const idTag = tag();
  const rfid = await createRfid(db, { companyId: fleet.id, uuid: idTag, userId: driver.id, ...card });
  const station = await createStation(db, { uid: unique('ST'), companyId: operator.id, type: 'public' });
  return { operator, fleet, driver, idTag, rfid, station };
}

async function session(
  s: Awaited<ReturnType<typeof setup>>,
  o: {
    energyWh: number | null;
    startAt: Date;
    status?: 'in_progress' | 'closed';
    connectorNumber?: number;
    /** A priced session's driver price (minor units). */
    empTotal?: number;
  },
) {
  const id = unique('cdr');
  await db.insert(chargingSessions).values({
    cdrId: id,
    startKey: id,
    stationId: s.station.id,
    connectorNumber: o.connectorNumber ?? 1,
    companyId: s.operator.id,
    userId: s.driver.id,
    rfidId: s.rfid.id,
    authId: s.idTag,
    startAt: o.startAt,
    meterStartWh: 0,
    energyWh: o.energyWh,
    status: o.status ?? 'closed',
    ...(o.empTotal !== undefined ? { pricingStatus: 'priced' as const, empTotal: o.empTotal } : {}),
  });
}

/** The driver's company limits in currency (minor units), with a 0.40 EUR/kWh + 20 % VAT EMSP tariff. */
async function inCurrency(
  s: Awaited<ReturnType<typeof setup>>,
  limits: { dailyMinor?: number; weeklyMinor?: number; monthlyMinor?: number },
) {
  await db.insert(fleetCompanySettings).values({ companyId: s.fleet.id, limitUnit: 'currency' });
  await db.insert(userCurrencyLimits).values({ userId: s.driver.id, ...limits });
  await db.insert(tariffs).values({
    companyId: s.operator.id,
    type: 'emp',
    status: 'approved',
    name: unique('EMSP'),
    elementsJson: JSON.stringify([{ price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] }]),
  });
}

describe('decideAuthorization', () => {
  it('accepts an active card of an active user at a public station, whatever the case of the idTag', async () => {
    const s = await setup();
    const d = await decideAuthorization(db, { idTag: s.idTag.toLowerCase(), stationId: s.station.id, at: AT });
    expect(d).toMatchObject({ status: 'Accepted', userId: s.driver.id, rfidId: s.rfid.id });
  });

  it('refuses a remote start of a driver who may charge only with the card, not the card itself', async () => {
    const s = await setup({ chargeOnlyWithRfid: true });
    const input = { idTag: s.idTag, stationId: s.station.id, at: AT };
    expect((await decideAuthorization(db, input)).status).toBe('Accepted');
    expect(await decideAuthorization(db, { ...input, remote: true })).toMatchObject({
      status: 'Blocked',
      reason: 'User may charge only with their RFID card at the charger: remote starts are refused.',
    });
  });

  it('answers Invalid for an unknown idTag', async () => {
    const s = await setup();
    expect(await decideAuthorization(db, { idTag: 'NOPE-NOT-A-CARD', stationId: s.station.id, at: AT })).toEqual({
      status: 'Invalid',
      reason: 'Unknown RFID: no card has this UUID.',
      // None of ours: the ocpp worker then asks the roaming partners' tokens (ADR 057 addendum).
      unknownCard: true,
    });
  });

  it.each([
    { name: 'blocked card', card: { status: 'blocked' as const }, status: 'Blocked' },
    { name: 'unlinked card', card: { status: 'unlinked' as const }, status: 'Invalid' },
    { name: 'expired card', card: { expiresAt: new Date('2026-11-01T00:00:00Z') }, status: 'Expired' },
  ])('$name → $status', async ({ card, status }) => {
    const s = await setup({}, card);
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, at: AT })).status).toBe(status);
  });

  it('answers Expired with the expiry date, Accepted before it', async () => {
    const expiresAt = new Date('2026-12-01T00:00:00Z');
    const s = await setup({}, { expiresAt });
    const before = await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, at: AT });
    expect(before).toMatchObject({ status: 'Accepted', expiryDate: expiresAt.toISOString() });
    const after = await decideAuthorization(db, {
      idTag: s.idTag,
      stationId: s.station.id,
      at: new Date('2026-12-02'),
    });
    expect(after).toMatchObject({ status: 'Expired', expiryDate: expiresAt.toISOString() });
  });

  it('answers Invalid for a card assigned to nobody and Blocked for a deleted user', async () => {
    const s = await setup();
    const nobody = await createRfid(db, { companyId: s.fleet.id, uuid: tag() });
    expect((await decideAuthorization(db, { idTag: nobody.uuid, stationId: s.station.id, at: AT })).status).toBe(
      'Invalid',
    );
    await sql('UPDATE users SET status = ? WHERE id = ?', 'deleted', s.driver.id);
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, at: AT })).status).toBe('Blocked');
  });

  it('refuses a public station without the public permission, and an only-private user', async () => {
    const noPublic = await setup({ canChargePublic: false });
    const d = await decideAuthorization(db, { idTag: noPublic.idTag, stationId: noPublic.station.id, at: AT });
    expect(d).toMatchObject({ status: 'Blocked', reason: 'User has no permission to charge at public stations.' });
    const onlyPrivate = await setup({ onlyPrivate: true });
    const p = await decideAuthorization(db, { idTag: onlyPrivate.idTag, stationId: onlyPrivate.station.id, at: AT });
    expect(p.status).toBe('Blocked');
    const own = await createStation(db, { uid: unique('PRV'), companyId: onlyPrivate.fleet.id, type: 'private' });
    const ok = await decideAuthorization(db, { idTag: onlyPrivate.idTag, stationId: own.id, at: AT });
    expect(ok.status).toBe('Accepted');
  });

  it('allows work stations owned in the family, siblings only when the company says so', async () => {
    const s = await setup();
    const own = await createStation(db, {
      uid: unique('WRK'),
      companyId: s.operator.id,
      ownerCompanyId: s.fleet.id,
      type: 'work',
    });
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: own.id, at: AT })).status).toBe('Accepted');

    const sibling = await createCompany(db, { name: unique('Sibling'), isEvfleet: true });
    const theirs = await createStation(db, { uid: unique('WRK'), companyId: sibling.id, type: 'work' });
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: theirs.id, at: AT })).status).toBe('Blocked');
    await sql('INSERT INTO company_siblings (company_id, sibling_id) VALUES (?, ?)', sibling.id, s.fleet.id);
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: theirs.id, at: AT })).status).toBe('Blocked');
    await sql('UPDATE companies SET siblings_can_charge_on = 1 WHERE id = ?', s.fleet.id);
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: theirs.id, at: AT })).status).toBe('Accepted');

    const noWork = await setup({ canChargeWork: false });
    const w = await createStation(db, { uid: unique('WRK'), companyId: noWork.fleet.id, type: 'work' });
    expect((await decideAuthorization(db, { idTag: noWork.idTag, stationId: w.id, at: AT })).status).toBe('Blocked');
  });

  it('allows only the home station of the user’s own company, with the home permission', async () => {
    const s = await setup();
    const home = await createStation(db, {
      uid: unique('HOM'),
      companyId: s.operator.id,
      ownerCompanyId: s.fleet.id,
      type: 'home',
    });
    const other = await createStation(db, { uid: unique('HOM'), companyId: s.operator.id, type: 'home' });
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: home.id, at: AT })).status).toBe('Accepted');
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: other.id, at: AT })).status).toBe('Blocked');
    const noHome = await setup({ canChargeHome: false });
    const h = await createStation(db, { uid: unique('HOM'), companyId: noHome.fleet.id, type: 'home' });
    expect((await decideAuthorization(db, { idTag: noHome.idTag, stationId: h.id, at: AT })).status).toBe('Blocked');
  });

  it.each([
    // Wednesday 18 Nov: the day began 17 Nov 23:00 UTC, the week 15 Nov 23:00, the month 31 Oct 23:00.
    { limit: { dailyLimit: 10 }, startAt: '2026-11-18T06:00:00Z', name: 'daily' },
    { limit: { weeklyLimit: 10 }, startAt: '2026-11-16T06:00:00Z', name: 'weekly' },
    { limit: { monthlyLimit: 10 }, startAt: '2026-11-02T06:00:00Z', name: 'monthly' },
  ])('refuses once the $name limit is used up, counting the in-progress session', async ({ limit, startAt, name }) => {
    const s = await setup(limit);
    await session(s, { energyWh: 6000, startAt: new Date(startAt) });
    // Outside every period: must not count.
    await session(s, { energyWh: 50_000, startAt: new Date('2026-10-31T22:00:00Z') });
    const under = await decideAuthorization(db, {
      idTag: s.idTag,
      stationId: s.station.id,
      connectorNumber: 1,
      at: AT,
    });
    expect(under.status).toBe('Accepted');
    await session(s, { energyWh: 4000, startAt: new Date(startAt), status: 'in_progress', connectorNumber: 1 });
    const over = await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, connectorNumber: 1, at: AT });
    expect(over).toMatchObject({ status: 'Blocked', reason: `The ${name} limit of 10 kWh is reached (10 kWh used).` });
  });

  it('answers ConcurrentTx when the idTag charges on another connector, not on this one', async () => {
    const s = await setup();
    await session(s, { energyWh: null, startAt: AT, status: 'in_progress', connectorNumber: 2 });
    const same = await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, connectorNumber: 2, at: AT });
    expect(same.status).toBe('Accepted');
    const authorize = await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, at: AT });
    expect(authorize.status).toBe('Accepted');
    const other = await decideAuthorization(db, {
      idTag: s.idTag,
      stationId: s.station.id,
      connectorNumber: 1,
      at: AT,
    });
    expect(other.status).toBe('ConcurrentTx');
    const elsewhere = await createStation(db, { uid: unique('ST'), companyId: s.operator.id, type: 'public' });
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: elsewhere.id, at: AT })).status).toBe(
      'ConcurrentTx',
    );
  });

  it('answers Invalid for an unknown station', async () => {
    const s = await setup();
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: 987654321, at: AT })).status).toBe('Invalid');
  });

  it.each([
    { limit: { dailyMinor: 1000 }, startAt: '2026-11-18T06:00:00Z', name: 'daily' },
    { limit: { weeklyMinor: 1000 }, startAt: '2026-11-16T06:00:00Z', name: 'weekly' },
    { limit: { monthlyMinor: 1000 }, startAt: '2026-11-02T06:00:00Z', name: 'monthly' },
  ])(
    'refuses once the $name currency limit is spent, priced and unpriced sessions counted',
    async ({ limit, startAt, name }) => {
      // kWh limits are ignored for a company limiting in currency.
      const s = await setup({ dailyLimit: 1, weeklyLimit: 1, monthlyLimit: 1 });
      await inCurrency(s, limit);
      await session(s, { energyWh: 5000, startAt: new Date(startAt), empTotal: 600 });
      await session(s, { energyWh: 50_000, startAt: new Date('2026-10-31T22:00:00Z'), empTotal: 90_000 });
      const under = await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, at: AT });
      expect(under).toMatchObject({ status: 'Accepted', budget: { unit: 'currency', usedMinor: 600 } });
      // 10 kWh not priced yet, at 0.48 EUR/kWh: 4.80 EUR more.
      await session(s, { energyWh: 10_000, startAt: new Date(startAt) });
      const over = await decideAuthorization(db, { idTag: s.idTag, stationId: s.station.id, at: AT });
      expect(over).toMatchObject({
        status: 'Blocked',
        reason: `The ${name} limit of 10.00 EUR is reached (10.80 EUR used).`,
      });
    },
  );

  it('treats zero as no limit, in kWh and in currency', async () => {
    const kwh = await setup({ dailyLimit: 0, weeklyLimit: 0, monthlyLimit: 0 });
    await session(kwh, { energyWh: 90_000, startAt: new Date('2026-11-18T06:00:00Z') });
    const k = await decideAuthorization(db, { idTag: kwh.idTag, stationId: kwh.station.id, at: AT });
    expect(k).toMatchObject({ status: 'Accepted', budget: null });
    const money = await setup();
    await inCurrency(money, { dailyMinor: 0, weeklyMinor: 0, monthlyMinor: 0 });
    await session(money, { energyWh: 90_000, startAt: new Date('2026-11-18T06:00:00Z'), empTotal: 99_999 });
    const m = await decideAuthorization(db, { idTag: money.idTag, stationId: money.station.id, at: AT });
    expect(m).toMatchObject({ status: 'Accepted', budget: null });
  });

  it('allows work and private stations of child companies, and of the parent only when the company says so', async () => {
    const s = await setup();
    const child = await createCompany(db, { name: unique('Child'), isEvfleet: true, parentCompanyId: s.fleet.id });
    const childWork = await createStation(db, { uid: unique('WRK'), companyId: child.id, type: 'work' });
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: childWork.id, at: AT })).status).toBe(
      'Accepted',
    );
    const parentPrivate = await createStation(db, { uid: unique('PRV'), companyId: s.operator.id, type: 'private' });
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: parentPrivate.id, at: AT })).status).toBe(
      'Blocked',
    );
    await sql('UPDATE companies SET parent_can_charge_on = 1 WHERE id = ?', s.fleet.id);
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: parentPrivate.id, at: AT })).status).toBe(
      'Accepted',
    );
    // A sibling linked from the other side is found too.
    const sibling = await createCompany(db, { name: unique('Sibling'), isEvfleet: true });
    const theirs = await createStation(db, { uid: unique('WRK'), companyId: sibling.id, type: 'work' });
    await sql('INSERT INTO company_siblings (company_id, sibling_id) VALUES (?, ?)', s.fleet.id, sibling.id);
    await sql('UPDATE companies SET siblings_can_charge_on = 1 WHERE id = ?', s.fleet.id);
    expect((await decideAuthorization(db, { idTag: s.idTag, stationId: theirs.id, at: AT })).status).toBe('Accepted');
  });
});
