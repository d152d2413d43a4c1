/**
 * Stop at zero (issue 18 part 3) in the ChargePoint object: a driver paid by a prepaid wallet starts
 * with the balance as a money budget; MeterValues raise the energy and exactly one
 * RemoteStopTransaction goes out when the price so far reaches the balance; after StopTransaction the
 * session is priced and the wallet debited once, the overdraft of the last interval is reported, and
 * the next Authorize is Blocked with the amounts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appendEntry, balanceOf } from '../../drizzle/queries/wallet-ledger.store';
import { chargingSessions, customerServiceLogs, tariffs, walletEntries, wallets } from '../../drizzle/schema';
import { aStation, connect, db, iso, unique } from './helpers';

const BASE = Date.now() - 10 * 60_000;
const at = (min: number) => iso(BASE + min * 60_000);
const register = (atIso: string, wh: number) => ({
  timestamp: atIso,
  sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
});
const logs = (stationId: number, action: string) =>
  db
    .select()
    .from(customerServiceLogs)
    .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, action)));

describe('a session paid by a prepaid wallet', () => {
  it('is stopped once when its price reaches the balance, debited once at close, the overdraft reported', async () => {
    const w = await aStation();
    // 0.50 EUR/kWh, no VAT: the minimum to start is 0.50 EUR; 2.00 EUR buy 4 kWh.
    await db.insert(tariffs).values({
      companyId: w.companyId,
      type: 'emp',
      status: 'approved',
      name: unique('emp'),
      elementsJson: JSON.stringify([
        { price_components: [{ type: 'ENERGY', price: 5000, vat_bp: null, step_size: 1 }] },
      ]),
    });
    const [wallet] = await db
      .insert(wallets)
      .values({ companyId: w.companyId, userId: w.userId, name: unique('wallet'), currency: 'EUR' })
      .returning();
    if (!wallet) throw new Error('no wallet');
    await appendEntry(db, { walletId: wallet.id, kind: 'top_up', amount: 200, reference: unique('top-up') });

    const cp = await connect(w.uid);
    const { transactionId: tx, idTagInfo } = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>(
      'StartTransaction',
      { connectorId: 1, idTag: w.idTag, meterStart: 10_000, timestamp: at(0) },
    );
    expect(idTagInfo.status).toBe('Accepted');
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(5), 13_900)] });
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(6), 14_000)] });
    const call = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    expect(call[3]).toEqual({ transactionId: tx });
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    // The charger's reaction: one more interval is charged; no second stop is sent for it.
    await cp.ok('MeterValues', { connectorId: 1, transactionId: tx, meterValue: [register(at(7), 14_100)] });
    await vi.waitFor(async () => expect(await logs(w.stationId, 'LimitReached')).toHaveLength(1));
    const [log] = await logs(w.stationId, 'LimitReached');
    expect(JSON.parse(log?.detailJson ?? '{}').reason).toBe(
      'Stopped by the back office: the prepaid balance is used up (2.00 EUR balance, 0.00 EUR committed by ' +
        'sessions in progress before this session; 2.00 EUR and 4 kWh in this session).',
    );
    await cp.ok('StopTransaction', { transactionId: tx, meterStop: 14_100, timestamp: at(8), reason: 'Remote' });
    // A retried StopTransaction (same answer) writes nothing twice.
    await cp.ok('StopTransaction', { transactionId: tx, meterStop: 14_100, timestamp: at(8), reason: 'Remote' });

    // Priced after the reply: 4.1 kWh = 2.05 EUR, debited once; 0.05 EUR overdrawn, reported.
    await vi.waitFor(async () => expect(await balanceOf(db, wallet.id)).toBe(-5));
    const debits = await db.select().from(walletEntries).where(eq(walletEntries.sessionId, tx));
    expect(debits.map((e) => [e.kind, e.amount, e.reference])).toEqual([['session_debit', -205, `session:${tx}`]]);
    await vi.waitFor(async () => expect(await logs(w.stationId, 'PrepaidBalanceOverdrawn')).toHaveLength(1));
    const session = await db.select().from(chargingSessions).where(eq(chargingSessions.id, tx)).get();
    expect(session?.remark).toContain('Stopped by the back office: the prepaid balance is used up');
    expect(session?.pricingNote).toContain('Prepaid balance overdrawn by 0.05 EUR at close');
    expect((await logs(w.stationId, 'LimitReached')).length).toBe(1);

    // The balance is below the minimum now: refused with Blocked at Authorize and StartTransaction.
    const auth = await cp.ok<{ idTagInfo: { status: string } }>('Authorize', { idTag: w.idTag });
    expect(auth.idTagInfo.status).toBe('Blocked');
    const again = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 14_100,
      timestamp: at(9),
    });
    expect(again.idTagInfo.status).toBe('Blocked');
    const refused = await db.select().from(chargingSessions).where(eq(chargingSessions.id, again.transactionId)).get();
    expect(refused?.remark).toContain('The prepaid balance of -0.05 EUR is below the 0.50 EUR needed to start.');
    // Both refusals are in the customer-service log with the amounts.
    await vi.waitFor(async () => expect(await logs(w.stationId, 'PrepaidBalanceTooLow')).toHaveLength(2));
    const refusals = await logs(w.stationId, 'PrepaidBalanceTooLow');
    expect(refusals.map((r) => [r.userId, r.result, r.errorMessage])).toEqual(
      ['authorize', 'start'].map(() => [
        w.userId,
        'failed',
        'The prepaid balance of -0.05 EUR is below the 0.50 EUR needed to start.',
      ]),
    );
    cp.close();
  });
});
