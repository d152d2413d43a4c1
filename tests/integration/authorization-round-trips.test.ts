/**
 * The Authorize decision reads every fact in one D1 round trip of one statement (ADR 030 and its
 * addendum): a D1 binding
 * that counts the calls which reach the database (each `batch`, and each `first`/`all`/`run`/`raw`
 * of a statement outside a batch) wraps the test database.
 */

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../drizzle/db';
import { decideAuthorization } from '../../drizzle/queries/authorization.store';
import { chargingSessions, fleetCompanySettings, tariffs, userCurrencyLimits } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { countingD1 } from '../support/counting-d1';
import { db, unique } from './helpers';

const AT = new Date('2026-11-18T10:00:00Z');
const tag = () => unique('RT').replace(/\W/g, '').slice(-18).toUpperCase();

/** The test database behind a binding that records each round trip (with its statement count). */
function countingDb() {
  const { d1, trips } = countingD1(env.DB);
  return { db: openDb(d1), trips };
}

async function driver(opts: { currency?: boolean; cardStatus?: 'blocked' } = {}) {
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const fleet = await createCompany(db, { name: unique('Fleet'), isEvfleet: true, parentCompanyId: operator.id });
  const user = await createUser(db, {
    companyId: fleet.id,
    email: `${unique('rt')}@example.test`,
    canChargePublic: true,
    dailyLimit: opts.currency ? null : 50,
    monthlyLimit: opts.currency ? null : 500,
  });
  if (opts.currency) {
    await db.insert(fleetCompanySettings).values({ companyId: fleet.id, limitUnit: 'currency' });
    await db.insert(userCurrencyLimits).values({ userId: user.id, dailyMinor: 3000, monthlyMinor: 30000 });
    await db.insert(tariffs).values({
      companyId: operator.id,
      type: 'emp',
      status: 'approved',
      name: unique('EMSP'),
      elementsJson: JSON.stringify([
        { price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] },
      ]),
    });
  }
  const idTag = tag();
  const rfid = await createRfid(db, {
    companyId: fleet.id,
    uuid: idTag,
    userId: user.id,
    ...(opts.cardStatus ? { status: opts.cardStatus } : {}),
  });
  const station = await createStation(db, { uid: unique('RTS'), companyId: operator.id, type: 'public' });
  const cdr = unique('cdr');
  await db.insert(chargingSessions).values({
    cdrId: cdr,
    startKey: cdr,
    stationId: station.id,
    connectorNumber: 1,
    companyId: operator.id,
    userId: user.id,
    rfidId: rfid.id,
    authId: idTag,
    startAt: new Date('2026-11-18T06:00:00Z'),
    meterStartWh: 0,
    energyWh: 8000,
    status: 'closed',
  });
  return { idTag, station, user };
}

describe('decideAuthorization round trips', () => {
  it('accepts a driver with kWh limits in one statement, with the usage counted', async () => {
    const d = await driver();
    const counting = countingDb();
    const decision = await decideAuthorization(counting.db, { idTag: d.idTag, stationId: d.station.id, at: AT });
    expect(decision).toMatchObject({ status: 'Accepted', userId: d.user.id });
    expect(decision.budget).toMatchObject({ wh: 42_000, limit: 'daily', usedWh: 8000 });
    expect(counting.trips).toEqual([1]);
  });

  it('answers a blocked card and an unknown card in one round trip', async () => {
    const d = await driver({ cardStatus: 'blocked' });
    const counting = countingDb();
    const blocked = await decideAuthorization(counting.db, { idTag: d.idTag, stationId: d.station.id, at: AT });
    expect(blocked.status).toBe('Blocked');
    const unknown = await decideAuthorization(counting.db, { idTag: 'NOT-A-CARD-RT', stationId: d.station.id, at: AT });
    expect(unknown.status).toBe('Invalid');
    expect(counting.trips).toEqual([1, 1]);
  });

  it('decides a currency-limit driver in one round trip once the operator tariffs are cached', async () => {
    const d = await driver({ currency: true });
    const counting = countingDb();
    const first = await decideAuthorization(counting.db, { idTag: d.idTag, stationId: d.station.id, at: AT });
    expect(first.status).toBe('Accepted');
    // The first decision for this operator also reads its company chain and EMSP tariffs.
    expect(counting.trips.length).toBe(3);
    counting.trips.length = 0;
    const again = await decideAuthorization(counting.db, { idTag: d.idTag, stationId: d.station.id, at: AT });
    expect(again).toEqual(first);
    expect(counting.trips).toEqual([1]);
  });
});
