/**
 * Pricing at close through the ocpp worker (tariffs area): a StopTransaction closes the session and
 * the prices follow without delaying the reply; a pricing failure leaves the session closed and unpriced.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions, tariffs } from '../../drizzle/schema';
import { aStation, connect, db, iso } from './helpers';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const min = (n: number) => T0 + n * 60_000;

const energy = (at: number, wh: number, w: number) => ({
  timestamp: iso(at),
  sampledValue: [
    { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
    { value: String(w), measurand: 'Power.Active.Import', unit: 'W' },
  ],
});

/** The session once pricing has written its outcome (the hook runs after the reply). */
async function settled(id: number, from: string | null) {
  for (let i = 0; i < 200; i++) {
    const row = await db.select().from(chargingSessions).where(eq(chargingSessions.id, id)).get();
    if (row && row.status === 'closed' && row.pricingNote !== from) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return db.select().from(chargingSessions).where(eq(chargingSessions.id, id)).get();
}

async function charge(uid: string, idTag: string) {
  const cp = await connect(uid);
  const start = await cp.ok<{ transactionId: number }>('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: iso(T0),
  });
  await cp.ok('MeterValues', {
    connectorId: 1,
    transactionId: start.transactionId,
    meterValue: [energy(min(30), 5_000, 10_000)],
  });
  const stop = await cp.ok('StopTransaction', {
    transactionId: start.transactionId,
    idTag,
    meterStop: 10_000,
    timestamp: iso(min(60)),
    transactionData: [energy(min(60), 10_000, 10_000)],
  });
  cp.close();
  return { id: start.transactionId, stop };
}

describe('pricing at close', () => {
  it('prices the closed session for the driver from the approved EMSP tariff of the scope', async () => {
    const w = await aStation();
    await db.insert(tariffs).values({
      companyId: w.companyId,
      type: 'emp',
      status: 'approved',
      name: 'Driver tariff',
      elementsJson: JSON.stringify([
        { price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] },
      ]),
    });
    const { id, stop } = await charge(w.uid, w.idTag);
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });
    const row = await settled(id, 'Pricing not run yet');
    // 10 kWh × 0.40 = 4.00 excl., 4.80 incl. 20 % VAT; no CPO or owner tariff: named, not 0.
    expect(row).toMatchObject({
      pricingStatus: 'priced',
      empNetTotal: 400,
      empTotal: 480,
      vatValue: 80,
      subcpoTotal: null,
    });
    expect(row?.pricingNote).toContain('cpo: no approved cpo tariff in the company scope');
  });

  it('leaves the session closed and unpriced when pricing fails, and still answers the charge point', async () => {
    const w = await aStation();
    // A corrupt row (not JSON): pricing throws, the close must not care.
    await db.insert(tariffs).values({
      companyId: w.companyId,
      type: 'emp',
      status: 'approved',
      name: 'Corrupt',
      elementsJson: '{not json',
    });
    const { id, stop } = await charge(w.uid, w.idTag);
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });
    // The hook reports its failure after the reply, in the note; the close itself stands.
    const row = await settled(id, 'Pricing not run yet');
    expect(row).toMatchObject({ status: 'closed', energyWh: 10_000, pricingStatus: 'unpriced', empTotal: null });
    expect(row?.pricingNote).toMatch(/^Pricing failed: /);
  });
});
