/**
 * Currency limits at the charger (ADR 028): the money left when a session starts is compared with
 * the price so far under the tariff that will price it; a spent limit is refused at Authorize and
 * StartTransaction with Blocked; the stop is sent once and the log says which limit, in the currency.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { periodStarts } from '../../domain/charging-authorization/periods';
import {
  chargingSessions,
  customerServiceLogs,
  fleetCompanySettings,
  tariffs,
  userCurrencyLimits,
} from '../../drizzle/schema';
import { aStation, connect, db, iso, unique, type World } from './helpers';

/** This month in the company clock (well after the day started, so all sessions are of the month). */
const BASE = Math.max(Date.now() - 10 * 60_000, periodStarts(new Date()).month.getTime());
const at = (min: number) => iso(BASE + min * 60_000);

function register(atIso: string, wh: number) {
  return {
    timestamp: atIso,
    sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
  };
}

/** A company limiting in currency, a monthly limit, and an EMSP tariff of 0.50 EUR/kWh (no VAT). */
async function inCurrency(monthlyMinor: number, withTariff = true): Promise<World> {
  const w = await aStation();
  await db.insert(fleetCompanySettings).values({ companyId: w.companyId, limitUnit: 'currency' });
  await db.insert(userCurrencyLimits).values({ userId: w.userId, monthlyMinor });
  if (withTariff) {
    await db.insert(tariffs).values({
      companyId: w.companyId,
      type: 'emp',
      status: 'approved',
      name: unique('emp'),
      elementsJson: JSON.stringify([
        { price_components: [{ type: 'ENERGY', price: 5000, vat_bp: null, step_size: 1 }] },
      ]),
    });
  }
  return w;
}

/** A closed session of this month: priced (driver price in minor units) or not (energy only). */
async function earlier(w: World, o: { priced?: number; energyWh: number }) {
  const id = unique('cdr');
  await db.insert(chargingSessions).values({
    cdrId: id,
    startKey: id,
    stationId: w.stationId,
    connectorNumber: 2,
    companyId: w.companyId,
    userId: w.userId,
    authId: w.idTag,
    startAt: new Date(BASE - 60_000),
    endAt: new Date(BASE - 30_000),
    meterStartWh: 0,
    meterStopWh: o.energyWh,
    energyWh: o.energyWh,
    status: 'closed',
    ...(o.priced !== undefined ? { pricingStatus: 'priced' as const, empTotal: o.priced } : {}),
  });
}

function limitLogs(stationId: number) {
  return db
    .select()
    .from(customerServiceLogs)
    .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, 'LimitReached')));
}

describe('a limit in currency', () => {
  it('stops the session once its price so far spends the money left, and says so in EUR', async () => {
    const w = await inCurrency(200); // 2.00 EUR a month
    await earlier(w, { priced: 100, energyWh: 1234 }); // 1.00 EUR already billed: 1.00 EUR left = 2 kWh
    const cp = await connect(w.uid);
    const { transactionId: tx, idTagInfo } = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>(
      'StartTransaction',
      { connectorId: 1, idTag: w.idTag, meterStart: 10_000, timestamp: at(0) },
    );
    expect(idTagInfo.status).toBe('Accepted');
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(5), 11_900)] });
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(6), 12_000)] });
    const call = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    expect(call[3]).toEqual({ transactionId: tx });
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    await vi.waitFor(async () => expect(await limitLogs(w.stationId)).toHaveLength(1));
    const [log] = await limitLogs(w.stationId);
    const detail = JSON.parse(log?.detailJson ?? '{}');
    expect(detail).toMatchObject({
      budget: { unit: 'currency', leftMinor: 100, limitMinor: 200, usedMinor: 100, currency: 'EUR' },
      energyWh: 2000,
      spentMinor: 100,
    });
    expect(detail.reason).toBe(
      'Stopped by the back office: the monthly limit of 2.00 EUR is reached (1.00 EUR used before this session, 2 kWh, 1.00 EUR in it).',
    );
    await cp.ok('StopTransaction', { transactionId: tx, meterStop: 12_050, timestamp: at(7), reason: 'Remote' });

    // The month is spent now (2.00 EUR): the card is refused with Blocked, at Authorize and at StartTransaction.
    const auth = await cp.ok<{ idTagInfo: { status: string } }>('Authorize', { idTag: w.idTag });
    expect(auth.idTagInfo.status).toBe('Blocked');
    const again = await cp.ok<{ idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 12_050,
      timestamp: at(8),
    });
    expect(again.idTagInfo.status).toBe('Blocked');
    cp.close();
  });

  it('counts sessions not priced yet at the tariff rate', async () => {
    const w = await inCurrency(200);
    await earlier(w, { energyWh: 4000 }); // unpriced: 4 kWh × 0.50 = 2.00 EUR
    const cp = await connect(w.uid);
    const auth = await cp.ok<{ idTagInfo: { status: string } }>('Authorize', { idTag: w.idTag });
    expect(auth.idTagInfo.status).toBe('Blocked');
    cp.close();
  });

  it('accepts below the limit, and does not count kWh against a currency limit', async () => {
    const w = await inCurrency(200);
    await earlier(w, { energyWh: 3900 }); // 1.95 EUR
    const cp = await connect(w.uid);
    const auth = await cp.ok<{ idTagInfo: { status: string } }>('Authorize', { idTag: w.idTag });
    expect(auth.idTagInfo.status).toBe('Accepted');
    cp.close();
  });

  it('sends no stop where no tariff prices the session (it costs nothing)', async () => {
    const w = await inCurrency(200, false);
    const cp = await connect(w.uid);
    const { transactionId: tx } = await cp.ok<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: at(0),
    });
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(5), 50_000)] });
    await cp.ok('StopTransaction', { transactionId: tx, meterStop: 50_000, timestamp: at(6) });
    expect(await limitLogs(w.stationId)).toHaveLength(0);
    cp.close();
  });
});
