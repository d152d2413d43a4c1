/** The authorization decision against D1: every outcome, with the facts it reads from the tables. */
import { describe, expect, it } from 'vitest';
import { decideAuthorization } from '../../drizzle/queries/authorization';
import { chargingSessions } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { db, sql, unique } from './helpers';

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
  o: { energyWh: number | null; startAt: Date; status?: 'in_progress' | 'closed'; connectorNumber?: number },
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
});
