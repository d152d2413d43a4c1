/**
 * Wallet top-ups through Stripe (issue 18 part 2) inside workerd, against the workers project's local
 * Stripe-compatible server: a top-up starts a Checkout session, is paid on the server's dev page, and
 * the event the server made is delivered signed to POST /api/stripe/webhook: the wallet is credited
 * exactly once; a replay, a second event of the same payment and an expiry delivered after the payment
 * change nothing; an amount Stripe did not take is refused. Another company's or user's wallet is 404.
 */
import { env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import { stripeEvents, walletEntries, wallets, walletTopUps } from '@db/schema';
import { formatMoney } from '@domain/format/format';
import { ROLE } from '@domain/permissions/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, expectError, login, type Session, world } from './helpers';
import { deliverStripeEvent } from './stripe-webhook';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

interface TopUp {
  id: number;
  walletId: number;
  amount: number;
  currency: string;
  status: string;
  failure: string | null;
}

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(event);

/** The event the local Stripe server made for a Checkout session (it sends none to workerd itself). */
async function eventOf(type: string, sessionId: string) {
  const events = await stripe().events.list({ type, limit: 100 });
  const event = events.data.find((e) => (e.data.object as { id?: string }).id === sessionId);
  if (!event) throw new Error(`no ${type} for ${sessionId}`);
  return event as unknown as Record<string, unknown> & { id: string; data: { object: Record<string, unknown> } };
}

async function pay(checkoutUrl: string, choice: 'pay' | 'cancel' = 'pay') {
  const res = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ choice }), redirect: 'manual' });
  expect([302, 303]).toContain(res.status);
  return new URL(res.headers.get('location') ?? '');
}

const entriesOf = (walletId: number) => db.select().from(walletEntries).where(eq(walletEntries.walletId, walletId));
const topUpRow = (id: number) => db.select().from(walletTopUps).where(eq(walletTopUps.id, id)).get();

let driver: Session;
let driverWallet: number;
let otherDriverWallet: number;
let fleetAdmin: Session;
let fleetWallet: number;
let foreignWallet: number;

async function newWallet(companyId: number, userId: number | null, currency = 'EUR') {
  const [row] = await db
    .insert(wallets)
    .values({ companyId, userId, name: userId ? 'Driver wallet' : 'Company wallet', currency })
    .returning();
  if (!row) throw new Error('no wallet');
  return row.id;
}

async function start(s: Session, walletId: number, amount: number) {
  return call(`/wallet/${walletId}/top-ups`, { ...s, json: { amount, returnTo: 'my-transactions' } });
}

async function started(s: Session, walletId: number, amount: number) {
  const res = await start(s, walletId, amount);
  expect(res.status).toBe(201);
  return (await res.json()) as { topUp: TopUp; checkoutUrl: string };
}

beforeAll(async () => {
  const privateUser = await world({ roles: [ROLE.SELF_CHARGE] });
  driver = await login(privateUser.email, privateUser.password, privateUser.ip);
  driverWallet = await newWallet(privateUser.company.id, privateUser.user.id);
  const otherPrivate = await world({ roles: [ROLE.SELF_CHARGE] });
  otherDriverWallet = await newWallet(otherPrivate.company.id, otherPrivate.user.id);

  const admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  fleetAdmin = await login(admin.email, admin.password, admin.ip);
  fleetWallet = await newWallet(admin.company.id, null);
  const foreign = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  foreignWallet = await newWallet(foreign.company.id, null);
});

describe('a top-up paid through Checkout', () => {
  it('is credited exactly once, whatever replays and late expiries', async () => {
    const { topUp, checkoutUrl } = await started(driver, driverWallet, 2_500);
    expect(topUp).toMatchObject({ walletId: driverWallet, amount: 2_500, currency: 'EUR', status: 'pending' });
    const row = await topUpRow(topUp.id);
    const session = await stripe().checkout.sessions.retrieve(row?.stripeCheckoutSessionId ?? '');
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2_500,
      currency: 'eur',
      client_reference_id: `wallet_top_up:${topUp.id}`,
      metadata: { wallet_top_up_id: String(topUp.id), wallet_id: String(driverWallet) },
    });
    expect(new URL(checkoutUrl).pathname).toBe(`/dev/checkout/${session.id}`);

    // Back from Stripe before the webhook: still pending, nothing credited.
    const back = await pay(checkoutUrl);
    expect(back.pathname).toBe(`/top-up/${driverWallet}/${topUp.id}`);
    expect(back.searchParams.get('result')).toBe('success');
    const before = await call(`/wallet/${driverWallet}/top-ups/${topUp.id}`, driver);
    expect(await before.json()).toMatchObject({ topUp: { status: 'pending' }, balance: 0 });

    const completed = await eventOf('checkout.session.completed', session.id);
    const first = await deliver(completed);
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
    // The same event again (Stripe redelivers), and the same payment under another event id.
    expect(await (await deliver(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const again = await deliver({ ...completed, id: `${completed.id}_again` });
    expect(await again.json()).toEqual({ received: true, outcome: 'stale' });
    // An expiry delivered after the payment (out of order): the top-up stays paid.
    const expired = {
      ...completed,
      id: `${completed.id}_expired`,
      type: 'checkout.session.expired',
      created: (completed.created as number) + 5,
      data: { object: { ...completed.data.object, status: 'expired' } },
    };
    expect(await (await deliver(expired)).json()).toEqual({ received: true, outcome: 'stale' });

    const entries = await entriesOf(driverWallet);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'top_up', amount: 2_500, balanceAfter: 2_500, reference: `top-up:${topUp.id}` }),
    ]);
    const after = await call(`/wallet/${driverWallet}/top-ups/${topUp.id}`, driver);
    expect(await after.json()).toMatchObject({ topUp: { status: 'paid', failure: null }, balance: 2_500 });
    const list = await call(`/wallet/${driverWallet}/top-ups`, driver);
    expect(await list.json()).toMatchObject({ total: 1, data: [{ id: topUp.id, status: 'paid' }] });
  });

  it('a cancelled checkout expires the top-up and credits nothing; a fleet admin tops up the company wallet', async () => {
    const { topUp, checkoutUrl } = await started(fleetAdmin, fleetWallet, 10_000);
    const back = await pay(checkoutUrl, 'cancel');
    expect(back.searchParams.get('result')).toBe('cancel');
    const row = await topUpRow(topUp.id);
    const expired = await eventOf('checkout.session.expired', row?.stripeCheckoutSessionId ?? '');
    expect(await (await deliver(expired)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await topUpRow(topUp.id))?.status).toBe('expired');
    expect(await entriesOf(fleetWallet)).toEqual([]);
  });

  it('refuses an amount Stripe did not take: nothing credited, the event and the top-up failed with the reason', async () => {
    const { topUp, checkoutUrl } = await started(driver, driverWallet, 1_000);
    await pay(checkoutUrl);
    const row = await topUpRow(topUp.id);
    const completed = await eventOf('checkout.session.completed', row?.stripeCheckoutSessionId ?? '');
    const tampered = {
      ...completed,
      id: `${completed.id}_short`,
      data: { object: { ...completed.data.object, amount_total: 100 } },
    };
    expect((await deliver(tampered)).status).toBe(500);
    const reason = `Stripe reported 1.00 EUR paid for top-up ${topUp.id} of 10.00 EUR: not credited`;
    expect(await topUpRow(topUp.id)).toMatchObject({ status: 'failed', failure: reason });
    const stored = await db.select().from(stripeEvents).where(eq(stripeEvents.id, tampered.id)).get();
    expect(stored).toMatchObject({ outcome: 'failed', error: reason });
    expect((await entriesOf(driverWallet)).map((e) => e.reference)).not.toContain(`top-up:${topUp.id}`);
  });
});

describe('input and scope', () => {
  it('takes 5.00 to 1,000.00 of the wallet currency in whole minor units', async () => {
    for (const amount of [499, 100_001]) {
      await expectError(await start(driver, driverWallet, amount), 400, {
        code: 'VALIDATION_FAILED',
        message: `Enter a whole amount from ${formatMoney(500, 'EUR')} to ${formatMoney(100_000, 'EUR')}.`,
        field: 'amount',
      });
    }
    expect((await start(driver, driverWallet, 12.5)).status).toBe(400);
  });

  it("answers another user's or another company's wallet as missing", async () => {
    const missing = { code: 'WALLET_NOT_FOUND', message: "The wallet doesn't exist." };
    await expectError(await start(driver, otherDriverWallet, 1_000), 404, missing);
    await expectError(await start(driver, fleetWallet, 1_000), 404, missing);
    await expectError(await call(`/wallet/${otherDriverWallet}/top-ups`, driver), 404, missing);
    await expectError(await start(fleetAdmin, foreignWallet, 1_000), 404, missing);
    await expectError(await start(fleetAdmin, driverWallet, 1_000), 404, missing);
    await expectError(await call(`/wallet/${foreignWallet}/top-ups`, fleetAdmin), 404, missing);
    expect(await db.select().from(walletTopUps).where(eq(walletTopUps.walletId, foreignWallet))).toEqual([]);
  });
});
