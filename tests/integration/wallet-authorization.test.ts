/**
 * The charger's decision for a driver paid by a prepaid wallet (issue 18 part 3): refused (Blocked,
 * with the amounts) below the minimum to start, counting what the wallet's sessions in progress have
 * committed; otherwise accepted with a money budget of the balance left, which the ChargePoint object
 * stops the session at.
 */
import { describe, expect, it } from 'vitest';
import { decideAuthorization } from '../../drizzle/queries/authorization.store';
import { appendEntry } from '../../drizzle/queries/wallet-ledger.store';
import { chargingSessions, tariffs, wallets } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { db, unique } from './helpers';

const AT = new Date('2026-11-18T10:00:00Z');
const tag = () => unique('W').replace(/\W/g, '').slice(-18).toUpperCase();

/**
 * An operator with a 0.40 EUR/kWh + 1.00 EUR start fee EMSP tariff (20 % VAT): the minimum to start
 * (1 kWh in 10 minutes) is 0.48 + 1.20 = 1.68 EUR; the reference rate of sessions in progress (10 kWh
 * in an hour) is 6.00 EUR / 10 kWh = 0.60 EUR/kWh.
 */
async function world(opts: { tariff?: boolean; dailyLimit?: number } = {}) {
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const fleet = await createCompany(db, { name: unique('Fleet'), isEvfleet: true, parentCompanyId: operator.id });
  const station = await createStation(db, { uid: unique('ST'), companyId: operator.id, type: 'public' });
  if (opts.tariff !== false) {
    await db.insert(tariffs).values({
      companyId: operator.id,
      type: 'emp',
      status: 'approved',
      name: unique('EMSP'),
      elementsJson: JSON.stringify([
        {
          price_components: [
            { type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 },
            { type: 'FLAT', price: 10000, vat_bp: 2000, step_size: 0 },
          ],
        },
      ]),
    });
  }
  return { operator, fleet, station };
}

async function driver(w: Awaited<ReturnType<typeof world>>, over: Parameters<typeof createUser>[1] | object = {}) {
  const user = await createUser(db, {
    companyId: w.fleet.id,
    email: `${unique('driver')}@example.test`,
    canChargePublic: true,
    ...over,
  });
  const idTag = tag();
  await createRfid(db, { companyId: w.fleet.id, uuid: idTag, userId: user.id });
  return { user, idTag };
}

async function wallet(companyId: number, userId: number | null, balance: number) {
  const [row] = await db
    .insert(wallets)
    .values({ companyId, userId, name: unique('wallet'), currency: 'EUR' })
    .returning();
  if (!row) throw new Error('no wallet');
  if (balance !== 0)
    await appendEntry(db, { walletId: row.id, kind: 'top_up', amount: balance, reference: unique('top-up') });
  return row;
}

async function inProgress(w: Awaited<ReturnType<typeof world>>, userId: number, energyWh: number) {
  const id = unique('cdr');
  await db.insert(chargingSessions).values({
    cdrId: id,
    startKey: id,
    stationId: w.station.id,
    connectorNumber: 2,
    companyId: w.operator.id,
    userId,
    authId: unique('OTHER'),
    startAt: new Date(AT.getTime() - 3_600_000),
    meterStartWh: 0,
    energyWh,
    status: 'in_progress',
  });
}

const decide = (w: Awaited<ReturnType<typeof world>>, idTag: string, remote = false) =>
  decideAuthorization(db, { idTag, stationId: w.station.id, connectorNumber: 1, at: AT, remote });

describe('prepaid wallet at the charger', () => {
  it('refuses a balance below the minimum to start, naming both amounts, at the charger and for a remote start', async () => {
    const w = await world();
    const d = await driver(w);
    await wallet(w.fleet.id, d.user.id, 120);
    for (const remote of [false, true]) {
      expect(await decide(w, d.idTag, remote)).toMatchObject({
        status: 'Blocked',
        reason: 'The prepaid balance of 1.20 EUR is below the 1.68 EUR needed to start.',
        userId: d.user.id,
        // A running session refreshing its budget still stops at the balance left.
        budget: { unit: 'currency', limit: 'prepaid', leftMinor: 120 },
      });
    }
  });

  it('accepts a balance at the minimum with a money budget of the balance', async () => {
    const w = await world();
    const d = await driver(w);
    await wallet(w.fleet.id, d.user.id, 168);
    expect(await decide(w, d.idTag)).toMatchObject({
      status: 'Accepted',
      budget: { unit: 'currency', limit: 'prepaid', leftMinor: 168, limitMinor: 168, usedMinor: 0, currency: 'EUR' },
    });
  });

  it("counts the wallet's sessions in progress so two cards cannot spend the same balance", async () => {
    const w = await world();
    const d = await driver(w);
    await wallet(w.fleet.id, d.user.id, 700);
    // 10 kWh in progress on another card: 6.00 EUR committed at the reference rate.
    await inProgress(w, d.user.id, 10_000);
    expect(await decide(w, d.idTag)).toMatchObject({
      status: 'Blocked',
      reason:
        'The prepaid balance of 7.00 EUR (1.00 EUR after the sessions in progress) is below the 1.68 EUR needed to start.',
    });
  });

  it("uses the company wallet for a driver without one, counting the company drivers' sessions", async () => {
    const w = await world();
    const a = await driver(w);
    const b = await driver(w);
    const withOwn = await driver(w);
    await wallet(w.fleet.id, null, 1000);
    await wallet(w.fleet.id, withOwn.user.id, 5000);
    await inProgress(w, b.user.id, 5_000); // paid by the company wallet: 3.00 EUR
    await inProgress(w, withOwn.user.id, 10_000); // paid by their own wallet: not counted
    expect(await decide(w, a.idTag)).toMatchObject({
      status: 'Accepted',
      budget: { limit: 'prepaid', limitMinor: 1000, usedMinor: 300, leftMinor: 700 },
    });
    expect(await decide(w, withOwn.idTag)).toMatchObject({
      status: 'Accepted',
      budget: { limit: 'prepaid', limitMinor: 5000, usedMinor: 600, leftMinor: 4400 },
    });
  });

  it('a driver with a kWh limit and a wallet gets both budgets', async () => {
    const w = await world();
    const d = await driver(w, { dailyLimit: 20 });
    await wallet(w.fleet.id, d.user.id, 1000);
    expect(await decide(w, d.idTag)).toMatchObject({
      status: 'Accepted',
      budget: { wh: 20_000, limit: 'daily', also: { limit: 'prepaid', leftMinor: 1000 } },
    });
  });

  it('no wallet: unchanged; no tariff at the station: free, so an empty wallet is not refused', async () => {
    const w = await world();
    const d = await driver(w);
    expect(await decide(w, d.idTag)).toMatchObject({ status: 'Accepted', budget: null });
    const free = await world({ tariff: false });
    const e = await driver(free);
    await wallet(free.fleet.id, e.user.id, 0);
    expect(await decide(free, e.idTag)).toMatchObject({ status: 'Accepted', budget: null });
  });
});
