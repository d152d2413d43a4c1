/**
 * A priced session debits the paying wallet once, at close, in the batch of its price (issue 18
 * part 3): a retried close and a second pricing run write nothing twice, a forced re-price appends a
 * correction, ad-hoc sessions and drivers without wallet are never debited, a balance overdrawn by
 * the close is reported.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceClosedSession, priceClosedSessionSafely } from '../../drizzle/queries/pricing.store';
import { WALLET_OVERDRAWN_ACTION } from '../../drizzle/queries/session-debit.store';
import { appendEntry, balanceOf } from '../../drizzle/queries/wallet-ledger.store';
import { chargingSessions, customerServiceLogs, tariffs, walletEntries, wallets } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { db, unique } from './helpers';

const T0 = Date.parse('2026-03-10T10:00:00Z');
const min = (n: number) => T0 + n * 60_000;

/** 10 kWh in an hour at 0.30 EUR/kWh + 20 % VAT: 3.60 EUR to the driver. */
async function world(opts: { tariff?: boolean } = {}) {
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const fleet = await createCompany(db, { name: unique('Fleet') });
  const station = await createStation(db, { uid: unique('ST'), companyId: operator.id, country: 'FR' });
  if (opts.tariff !== false) {
    await db.insert(tariffs).values({
      companyId: operator.id,
      type: 'emp',
      status: 'approved',
      name: unique('emp'),
      elementsJson: JSON.stringify([
        { price_components: [{ type: 'ENERGY', price: 3000, vat_bp: 2000, step_size: 1 }] },
      ]),
    });
  }
  const driver = await createUser(db, { companyId: fleet.id, email: `${unique('driver')}@example.test` });
  return { operator, fleet, station, driver };
}

async function wallet(companyId: number, userId: number | null, balance: number, currency = 'EUR') {
  const [w] = await db
    .insert(wallets)
    .values({ companyId, userId, name: unique('wallet'), currency })
    .returning();
  if (!w) throw new Error('no wallet');
  if (balance !== 0)
    await appendEntry(db, { walletId: w.id, kind: 'top_up', amount: balance, reference: unique('top-up') });
  return w;
}

async function closedSession(
  w: Awaited<ReturnType<typeof world>>,
  over: Partial<typeof chargingSessions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(chargingSessions)
    .values({
      cdrId: unique('cdr'),
      status: 'closed',
      stationId: w.station.id,
      connectorNumber: 1,
      companyId: w.operator.id,
      userId: w.driver.id,
      authId: unique('TAG'),
      startKey: unique('key'),
      startAt: new Date(T0),
      endAt: new Date(min(60)),
      meterStartWh: 0,
      meterStopWh: 10_000,
      energyWh: 10_000,
      meterCurveJson: JSON.stringify([
        [min(0), 10_000, 0],
        [min(60), 10_000, 10_000],
      ]),
      ...over,
    })
    .returning();
  if (!row) throw new Error('no session');
  return row;
}

const entriesOf = (walletId: number) =>
  db
    .select({
      kind: walletEntries.kind,
      amount: walletEntries.amount,
      reference: walletEntries.reference,
      balanceAfter: walletEntries.balanceAfter,
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.walletId, walletId), eq(walletEntries.kind, 'session_debit')))
    .orderBy(walletEntries.id);

const sessionEntries = (sessionId: number) =>
  db
    .select({
      walletId: walletEntries.walletId,
      kind: walletEntries.kind,
      amount: walletEntries.amount,
      reference: walletEntries.reference,
    })
    .from(walletEntries)
    .where(eq(walletEntries.sessionId, sessionId))
    .orderBy(walletEntries.id);

describe('wallet debit at close', () => {
  it("debits the driver's own wallet once across a retried close and a second pricing run", async () => {
    const w = await world();
    const own = await wallet(w.fleet.id, w.driver.id, 1000);
    const company = await wallet(w.fleet.id, null, 5000);
    const s = await closedSession(w);

    expect(await priceClosedSession(db, s.id)).toMatchObject({ outcome: 'priced' });
    // The StopTransaction retried (pricing after the reply again) and the cron's pricing run.
    await priceClosedSessionSafely(db, s.id);
    await priceClosedSession(db, s.id);

    expect(await sessionEntries(s.id)).toEqual([
      { walletId: own.id, kind: 'session_debit', amount: -360, reference: `session:${s.id}` },
    ]);
    expect(await balanceOf(db, own.id)).toBe(640);
    expect(await balanceOf(db, company.id)).toBe(5000);
  });

  it("debits the company wallet of the driver's company when the driver has none", async () => {
    const w = await world();
    const company = await wallet(w.fleet.id, null, 5000);
    const s = await closedSession(w);
    await priceClosedSession(db, s.id);
    expect(await sessionEntries(s.id)).toEqual([
      { walletId: company.id, kind: 'session_debit', amount: -360, reference: `session:${s.id}` },
    ]);
    expect(await balanceOf(db, company.id)).toBe(4640);
  });

  it('a forced re-price appends a correction of the difference and never edits the debit', async () => {
    const w = await world();
    const own = await wallet(w.fleet.id, w.driver.id, 1000);
    const s = await closedSession(w);
    await priceClosedSession(db, s.id);
    // The operator corrects the meter reading (5 kWh) and re-prices: 1.80 EUR, 1.80 back.
    await db
      .update(chargingSessions)
      .set({
        meterStopWh: 5_000,
        energyWh: 5_000,
        meterCurveJson: JSON.stringify([
          [min(0), 5_000, 0],
          [min(60), 5_000, 5_000],
        ]),
      })
      .where(eq(chargingSessions.id, s.id));
    await priceClosedSession(db, s.id, { force: true });
    // Re-priced again without a change: nothing more.
    await priceClosedSession(db, s.id, { force: true });
    expect(await sessionEntries(s.id)).toEqual([
      { walletId: own.id, kind: 'session_debit', amount: -360, reference: `session:${s.id}` },
      { walletId: own.id, kind: 'refund', amount: 180, reference: `session:${s.id}:reprice:1` },
    ]);
    expect(await balanceOf(db, own.id)).toBe(820);
    // Back to 10 kWh: the difference is debited again.
    await db
      .update(chargingSessions)
      .set({
        meterStopWh: 10_000,
        energyWh: 10_000,
        meterCurveJson: JSON.stringify([
          [min(0), 10_000, 0],
          [min(60), 10_000, 10_000],
        ]),
      })
      .where(eq(chargingSessions.id, s.id));
    await priceClosedSession(db, s.id, { force: true });
    expect((await sessionEntries(s.id)).at(-1)).toEqual({
      walletId: own.id,
      kind: 'session_debit',
      amount: -180,
      reference: `session:${s.id}:reprice:2`,
    });
    expect(await balanceOf(db, own.id)).toBe(640);
  });

  it('no debit for a driver without wallet, an ad-hoc EP- session, or a session without tariff', async () => {
    const plain = await world();
    const s1 = await closedSession(plain);
    expect(await priceClosedSession(db, s1.id)).toMatchObject({ outcome: 'priced' });
    expect(await sessionEntries(s1.id)).toEqual([]);
    expect((await db.select().from(chargingSessions).where(eq(chargingSessions.id, s1.id)).get())?.empTotal).toBe(360);

    const adHoc = await world();
    const own = await wallet(adHoc.fleet.id, adHoc.driver.id, 1000);
    const s2 = await closedSession(adHoc, { authId: unique('EP-') });
    await priceClosedSession(db, s2.id);
    expect(await sessionEntries(s2.id)).toEqual([]);

    const free = await world({ tariff: false });
    const freeWallet = await wallet(free.fleet.id, free.driver.id, 1000);
    const s3 = await closedSession(free);
    await priceClosedSession(db, s3.id);
    expect(await sessionEntries(s3.id)).toEqual([]);
    expect(await balanceOf(db, own.id)).toBe(1000);
    expect(await balanceOf(db, freeWallet.id)).toBe(1000);
  });

  it('a wallet in another currency is not debited and the pricing note says why', async () => {
    const w = await world();
    const own = await wallet(w.fleet.id, w.driver.id, 1000, 'GBP');
    const s = await closedSession(w);
    await priceClosedSession(db, s.id);
    expect(await entriesOf(own.id)).toEqual([]);
    const row = await db.select().from(chargingSessions).where(eq(chargingSessions.id, s.id)).get();
    expect(row?.pricingNote).toContain(
      `Prepaid wallet ${own.id} not debited: it holds GBP, the session is priced in EUR.`,
    );
  });

  it('a debit that overdraws the balance is reported with the amount', async () => {
    const w = await world();
    const own = await wallet(w.fleet.id, w.driver.id, 300);
    const s = await closedSession(w);
    await priceClosedSession(db, s.id);
    expect(await balanceOf(db, own.id)).toBe(-60);
    const note = 'Prepaid balance overdrawn by 0.60 EUR at close (the last meter interval before the stop).';
    const row = await db.select().from(chargingSessions).where(eq(chargingSessions.id, s.id)).get();
    expect(row?.pricingNote).toContain(note);
    const logs = await db
      .select()
      .from(customerServiceLogs)
      .where(
        and(eq(customerServiceLogs.stationId, w.station.id), eq(customerServiceLogs.action, WALLET_OVERDRAWN_ACTION)),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ companyId: w.operator.id, userId: w.driver.id, result: 'success' });
    expect(JSON.parse(logs[0]?.detailJson ?? '{}')).toMatchObject({
      sessionId: s.id,
      walletId: own.id,
      balanceAfter: -60,
      reason: note,
    });
  });
});
