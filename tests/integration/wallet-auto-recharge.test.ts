/**
 * Auto-recharge (issue 18 part 2) inside workerd, against the local Stripe-compatible server: a session
 * debit that leaves a wallet below its threshold queues ONE auto top-up (a second close while it is
 * pending queues none); the scheduled flow charges it off-session on the company customer's default
 * payment method; Stripe's `payment_intent.succeeded` credits the wallet once. A declined card and a
 * customer without a saved method fail the top-up with the reason; a user who turned auto-recharge off
 * is never charged.
 */
import { env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import { chargeAutoRecharges, NO_SAVED_CARD } from '@api/routes/wallet-top-ups/wallet-top-ups.auto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceClosedSession } from '../../drizzle/queries/pricing.store';
import { appendEntry, balanceOf } from '../../drizzle/queries/wallet-ledger.store';
import {
  billingCustomers,
  chargingSessions,
  tariffs,
  userPersonalData,
  wallets,
  walletTopUps,
} from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { db, unique } from './helpers';
import { deliverStripeEvent } from './stripe-webhook';

const T0 = Date.parse('2026-03-10T10:00:00Z');

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

/** A fleet whose drivers charge 10 kWh at 0.30 EUR/kWh + 20 % VAT: 3.60 EUR a session. */
async function fleetWorld(paymentMethod: string | null) {
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const fleet = await createCompany(db, { name: unique('Fleet'), isEvfleet: true });
  const station = await createStation(db, { uid: unique('ST'), companyId: operator.id, country: 'FR' });
  await db.insert(tariffs).values({
    companyId: operator.id,
    type: 'emp',
    status: 'approved',
    name: unique('emp'),
    elementsJson: JSON.stringify([{ price_components: [{ type: 'ENERGY', price: 3000, vat_bp: 2000, step_size: 1 }] }]),
  });
  const driver = await createUser(db, { companyId: fleet.id, email: `${unique('driver')}@example.test` });
  const customer = await stripe().customers.create({ name: fleet.name });
  await db.insert(billingCustomers).values({
    companyId: fleet.id,
    ownerCompanyId: operator.id,
    name: fleet.name,
    stripeCustomerId: customer.id,
    defaultPaymentMethodId: paymentMethod,
  });
  return { operator, fleet, station, driver };
}

async function wallet(companyId: number, userId: number | null, balance: number) {
  const [w] = await db
    .insert(wallets)
    .values({
      companyId,
      userId,
      name: unique('wallet'),
      currency: 'EUR',
      autoRechargeThreshold: 400,
      autoRechargeAmount: 2_000,
    })
    .returning();
  if (!w) throw new Error('no wallet');
  await appendEntry(db, { walletId: w.id, kind: 'top_up', amount: balance, reference: unique('top-up') });
  return w;
}

async function closeAndPrice(w: Awaited<ReturnType<typeof fleetWorld>>) {
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
      endAt: new Date(T0 + 3_600_000),
      meterStartWh: 0,
      meterStopWh: 10_000,
      energyWh: 10_000,
      meterCurveJson: JSON.stringify([
        [T0, 10_000, 0],
        [T0 + 3_600_000, 10_000, 10_000],
      ]),
    })
    .returning();
  if (!row) throw new Error('no session');
  expect(await priceClosedSession(db, row.id)).toMatchObject({ outcome: 'priced' });
}

const autoTopUps = (walletId: number) =>
  db
    .select()
    .from(walletTopUps)
    .where(and(eq(walletTopUps.walletId, walletId), eq(walletTopUps.origin, 'auto_recharge')))
    .orderBy(walletTopUps.id);

async function deliverIntentEvent(type: string, intentId: string) {
  const events = await stripe().events.list({ type, limit: 100 });
  const event = events.data.find((e) => (e.data.object as { id?: string }).id === intentId);
  if (!event) throw new Error(`no ${type} for ${intentId}`);
  const res = await deliverStripeEvent(event);
  return (await res.json()) as { outcome: string };
}

describe('auto-recharge', () => {
  it('queues one top-up below the threshold, charges it off-session and credits it once', async () => {
    const w = await fleetWorld('pm_card_visa');
    const company = await wallet(w.fleet.id, null, 500);

    await closeAndPrice(w);
    expect(await balanceOf(db, company.id)).toBe(140);
    // A second close while the first auto top-up is pending queues no other.
    await closeAndPrice(w);
    expect(await balanceOf(db, company.id)).toBe(-220);
    const queued = await autoTopUps(company.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ amount: 2_000, currency: 'EUR', status: 'pending', stripePaymentIntentId: null });

    const run = await chargeAutoRecharges(env, db, 1_000);
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [sent] = await autoTopUps(company.id);
    const intent = await stripe().paymentIntents.retrieve(sent?.stripePaymentIntentId ?? '');
    expect(intent).toMatchObject({
      amount: 2_000,
      currency: 'eur',
      status: 'succeeded',
      payment_method: 'pm_card_visa',
      metadata: { wallet_top_up_id: String(sent?.id), origin: 'auto_recharge' },
    });
    // Charged once: a second run finds nothing queued for this wallet.
    await chargeAutoRecharges(env, db, 1_000);
    expect((await autoTopUps(company.id))[0]?.stripePaymentIntentId).toBe(intent.id);

    expect((await deliverIntentEvent('payment_intent.succeeded', intent.id)).outcome).toBe('applied');
    expect((await deliverIntentEvent('payment_intent.succeeded', intent.id)).outcome).toBe('duplicate');
    expect(await balanceOf(db, company.id)).toBe(1_780);
    expect((await autoTopUps(company.id))[0]?.status).toBe('paid');
  });

  it('fails the top-up with the reason when the card is declined or none is saved', async () => {
    const declined = await fleetWorld('pm_card_chargeDeclined');
    const a = await wallet(declined.fleet.id, null, 500);
    await closeAndPrice(declined);
    const none = await fleetWorld(null);
    const b = await wallet(none.fleet.id, null, 500);
    await closeAndPrice(none);

    await chargeAutoRecharges(env, db, 1_000);
    const [refused] = await autoTopUps(a.id);
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused?.failure).toMatch(/^Card refused: .*declined/);
    expect((await autoTopUps(b.id))[0]).toMatchObject({ status: 'failed', failure: NO_SAVED_CARD });
    expect(await balanceOf(db, a.id)).toBe(140);

    // After a failure, the next debit below the threshold queues a new attempt.
    await closeAndPrice(declined);
    expect((await autoTopUps(a.id)).map((t) => t.status)).toEqual(['failed', 'pending']);
  });

  it("never charges a driver's own wallet while the driver has auto-recharge turned off", async () => {
    const w = await fleetWorld('pm_card_visa');
    const own = await wallet(w.fleet.id, w.driver.id, 500);
    await db.insert(userPersonalData).values({ userId: w.driver.id, autoRechargeEnabled: false });
    await closeAndPrice(w);
    expect(await balanceOf(db, own.id)).toBe(140);
    expect(await autoTopUps(own.id)).toEqual([]);

    await db
      .update(userPersonalData)
      .set({ autoRechargeEnabled: true })
      .where(eq(userPersonalData.userId, w.driver.id));
    await closeAndPrice(w);
    expect(await autoTopUps(own.id)).toHaveLength(1);
  });
});
