/**
 * Ad-hoc payment by QR (issue 18 part 4) inside workerd, against the run's local Stripe server and a
 * fake charge point: the public offer (only the ad-hoc tariff's prices; refusals), Pay and charge
 * (hold locked from the operator's pre-authorization amount), the card step, the remote start with
 * the one-time EP- auth id (accepted once, on its connector only), capture of at most the hold after
 * the priced stop, and the hold released when the charger never starts.
 */
import { env } from 'cloudflare:test';
import { advanceOpenPayments } from '@api/routes/pay/pay.flow';
import { companies, qrPayments, tariffs } from '@db/schema';
import { hashPassword } from '@domain/identity/password';
import { START_TIMEOUT_MS } from '@domain/qr-payments/decide';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { connectChargePoint, type FakeChargePoint } from './fake-charge-point';
import { call, db, unique, uniqueIp, type World, world } from './helpers';
import { deliverStripeEvent } from './stripe-webhook';

const PASSWORD = 'station-password-qr01';
const HOLD = 2500;
let w: World;
let cp: FakeChargePoint;
let uid: string;
let evse: string;
let stationId: number;

const payment = (token: string) => db.select().from(qrPayments).where(eq(qrPayments.token, token)).get();
/** A GET on the run's local Stripe server, as Stripe answers it. */
const stripeGet = async <T = Record<string, unknown>>(path: string) =>
  (await (
    await fetch(`${env.STRIPE_API_BASE}/v1/${path}`, { headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } })
  ).json()) as T;
const intent = (id: string) =>
  stripeGet<{ status: string; amount_received: number; amount_capturable: number }>(`payment_intents/${id}`);
/** The events Stripe made for one object (the run's server keeps them all). */
const eventsFor = async (id: string) =>
  (await stripeGet<{ data: { id: string; type: string; data: { object: { id: string } } }[] }>('events?limit=100')).data
    .filter((e) => e.data.object.id === id)
    .reverse();

async function pay(evseId: string, ip = uniqueIp()) {
  const res = await call(`/pay/connectors/${encodeURIComponent(evseId)}`, {
    ip,
    json: { email: 'driver@example.test', language: 'en', return_url: 'http://localhost/pay/status' },
  });
  return { res, body: (await res.json()) as { token: string; card_url: string; code?: string; field?: string } };
}

/** The driver on the local Stripe server's Checkout page (a card that works, or a declined one), then back on the status page (its refresh). */
async function cardStep(cardUrl: string, token: string, choice: 'ok' | 'declined' | 'cancel') {
  const res = await fetch(cardUrl, {
    method: 'POST',
    body: new URLSearchParams({ choice: choice === 'ok' ? 'pay' : choice === 'declined' ? 'failed' : 'cancel' }),
    redirect: 'manual',
  });
  await res.arrayBuffer();
  const refreshed = await call(`/pay/payments/${token}/refresh`, { method: 'POST', ip: uniqueIp() });
  return (await refreshed.json()) as { status: string; failure_reason: string | null };
}

beforeAll(async () => {
  w = await world({ roles: [37], company: { preAuthorizationAmount: HOLD, currency: 'EUR' } });
  uid = unique('QRP').toUpperCase();
  const station = await createStation(db, {
    uid,
    companyId: w.company.id,
    ocppPasswordHash: await hashPassword(PASSWORD, 1000),
    qrPaymentEnabled: true,
  });
  stationId = station.id;
  evse = `FR*QRT*E${uid.replace(/\W/g, '')}1`;
  await createConnector(db, { stationId, connectorNumber: 1, status: 'available', evseId: evse });
  const element = (price: number) =>
    JSON.stringify([{ price_components: [{ type: 'ENERGY', price, vat_bp: 2000, step_size: 1 }] }]);
  await db.insert(tariffs).values([
    {
      companyId: w.company.id,
      type: 'emp',
      status: 'approved',
      name: unique('Qr'),
      paymentType: 'qr',
      elementsJson: element(5000),
    },
    {
      companyId: w.company.id,
      type: 'emp',
      status: 'approved',
      name: unique('Pass'),
      paymentType: 'business_pass',
      elementsJson: element(1000),
    },
  ]);
  cp = await connectChargePoint(uid, PASSWORD);
  cp.handle('RemoteStartTransaction', () => ({ status: 'Accepted' }));
});

afterAll(() => cp?.close());

describe('the public offer', () => {
  it('shows the QR tariff price only, the hold, and no refusal', async () => {
    const res = await call(`/pay/connectors/${encodeURIComponent(evse)}`, { ip: uniqueIp() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ refusal: null, hold_amount: HOLD, currency: 'EUR', status: 'available' });
    expect(body.prices).toEqual([{ type: 'ENERGY', price_incl_vat: 6000, restricted: false }]);
  });

  it('answers 404 for an unknown EVSE id and refuses a station with QR payment disabled', async () => {
    expect((await call('/pay/connectors/NOPE*1', { ip: uniqueIp() })).status).toBe(404);
    const otherUid = unique('QRD').toUpperCase();
    const other = await createStation(db, { uid: otherUid, companyId: w.company.id });
    const otherEvse = `FR*QRT*E${otherUid.replace(/\W/g, '')}1`;
    await createConnector(db, { stationId: other.id, connectorNumber: 1, status: 'available', evseId: otherEvse });
    const offer = (await (
      await call(`/pay/connectors/${encodeURIComponent(otherEvse)}`, { ip: uniqueIp() })
    ).json()) as {
      refusal: string;
    };
    expect(offer.refusal).toBe('QR_PAYMENT_DISABLED');
    const { res, body } = await pay(otherEvse);
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ code: 'QR_PAY_REFUSED', field: 'QR_PAYMENT_DISABLED' });
    expect(await db.select().from(qrPayments).where(eq(qrPayments.stationId, other.id))).toEqual([]);
  });
});

describe('pay, charge, capture', () => {
  it('holds, starts with a one-time auth id, captures the real price and releases the rest', async () => {
    const { res, body } = await pay(evse);
    expect(res.status).toBe(200);
    const row = await payment(body.token);
    expect(row).toMatchObject({ status: 'pending', amountHeld: HOLD, currency: 'EUR' });
    // The hold is locked: a later change of the operator's amount does not move it.
    await db.update(companies).set({ preAuthorizationAmount: 9999 }).where(eq(companies.id, w.company.id));
    expect(await cardStep(body.card_url, body.token, 'ok')).toMatchObject({ status: 'starting' });
    await db.update(companies).set({ preAuthorizationAmount: HOLD }).where(eq(companies.id, w.company.id));
    const started = await payment(body.token);
    const authId = started?.authId ?? '';
    expect(authId).toMatch(/^EP-[A-Z0-9]{16}$/);
    expect(cp.received.find((r) => r.action === 'RemoteStartTransaction')?.payload).toEqual({
      connectorId: 1,
      idTag: authId,
    });

    const at = new Date().toISOString();
    const start = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: authId,
      meterStart: 0,
      timestamp: at,
    })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(start.idTagInfo.status).toBe('Accepted');
    expect(await payment(body.token)).toMatchObject({ status: 'charging', sessionId: start.transactionId });
    // Used once: the same auth id starts nothing else.
    const again = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: authId,
      meterStart: 0,
      timestamp: new Date(Date.now() + 1000).toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(again.idTagInfo.status).toBe('Invalid');

    // 10 kWh at 0.60 EUR/kWh incl. VAT: 6.00 captured of the 25.00 held, the rest released.
    await cp.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 10_000,
      timestamp: new Date(Date.now() + 60_000).toISOString(),
    });
    let state = { status: '' } as { status: string; captured_amount?: number | null };
    for (let i = 0; i < 50 && state.status !== 'captured'; i++) {
      state = (await (
        await call(`/pay/payments/${body.token}/refresh`, { method: 'POST', ip: uniqueIp() })
      ).json()) as typeof state;
      if (state.status !== 'captured') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toMatchObject({ status: 'captured', captured_amount: 600 });
    expect(await intent(started?.stripePaymentIntentId ?? '')).toMatchObject({
      status: 'succeeded',
      amount_received: 600,
    });
    const pdf = await call(`/pay/payments/${body.token}/receipt.pdf`, { ip: uniqueIp() });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 8))).toBe('%PDF-1.4');
  });

  it('the card step is a payment-mode Checkout Session holding the locked amount by manual capture', async () => {
    const { res, body } = await pay(evse);
    expect(res.status).toBe(200);
    const sessionId = (await payment(body.token))?.stripePaymentIntentId ?? '';
    expect(sessionId).toMatch(/^cs_/);
    const session = await stripeGet(`checkout/sessions/${sessionId}`);
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: HOLD,
      currency: 'eur',
      url: body.card_url,
      metadata: { qr_payment_token: body.token },
      success_url: `http://localhost/pay/status?token=${body.token}`,
      payment_intent: null,
    });
    expect(await cardStep(body.card_url, body.token, 'ok')).toMatchObject({ status: 'starting' });
    const intentId = (await payment(body.token))?.stripePaymentIntentId ?? '';
    expect(intentId).toBe((await stripeGet(`checkout/sessions/${sessionId}`)).payment_intent);
    expect(await stripeGet(`payment_intents/${intentId}`)).toMatchObject({
      capture_method: 'manual',
      status: 'requires_capture',
      amount_capturable: HOLD,
      metadata: { qr_payment_token: body.token },
    });
  });

  it('a declined card, then the session’s expiry and their events, fail the payment once and hold nothing', async () => {
    const { body } = await pay(evse);
    const sessionId = (await payment(body.token))?.stripePaymentIntentId ?? '';
    expect(await cardStep(body.card_url, body.token, 'declined')).toMatchObject({
      status: 'failed',
      failure_reason: 'CARD_DECLINED',
    });
    const session = await stripeGet<{ status: string; payment_intent: string }>(`checkout/sessions/${sessionId}`);
    expect(session.status).toBe('expired');
    expect((await intent(session.payment_intent)).status).toBe('canceled');
    // Stripe's events for it, delivered (twice each) after the driver's page moved the payment: nothing moves again.
    const events = [...(await eventsFor(session.payment_intent)), ...(await eventsFor(sessionId))];
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'checkout.session.expired',
    ]);
    for (const e of [...events, ...events]) expect((await deliverStripeEvent(e)).status).toBe(200);
    expect(await payment(body.token)).toMatchObject({ status: 'failed', failureReason: 'CARD_DECLINED' });
    await advanceOpenPayments(env, db, new Date(Date.now() + 60 * 60_000));
    expect((await eventsFor(sessionId)).map((e) => e.type)).toEqual(['checkout.session.expired']);
    const state = (await (await call(`/pay/payments/${body.token}`, { ip: uniqueIp() })).json()) as Record<
      string,
      unknown
    >;
    expect(state).toMatchObject({ status: 'failed', failure_reason: 'CARD_DECLINED', card_url: null });
  });

  it('a Checkout left by Cancel fails the payment as abandoned, once, whatever its event says later', async () => {
    const { body } = await pay(evse);
    const sessionId = (await payment(body.token))?.stripePaymentIntentId ?? '';
    expect(await cardStep(body.card_url, body.token, 'cancel')).toMatchObject({
      status: 'failed',
      failure_reason: 'CARD_STEP_ABANDONED',
    });
    const events = await eventsFor(sessionId);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.expired']);
    for (const e of [...events, ...events]) expect((await deliverStripeEvent(e)).status).toBe(200);
    expect(await payment(body.token)).toMatchObject({ status: 'failed', failureReason: 'CARD_STEP_ABANDONED' });
  });

  it('a declined card fails the payment and starts nothing', async () => {
    const { body } = await pay(evse);
    const before = cp.received.length;
    expect(await cardStep(body.card_url, body.token, 'declined')).toMatchObject({
      status: 'failed',
      failure_reason: 'CARD_DECLINED',
    });
    expect(cp.received.slice(before).some((r) => r.action === 'RemoteStartTransaction')).toBe(false);
  });

  it('releases the hold when the charger never starts within the timeout', async () => {
    const { body } = await pay(evse);
    expect(await cardStep(body.card_url, body.token, 'ok')).toMatchObject({ status: 'starting' });
    const row = await payment(body.token);
    await advanceOpenPayments(env, db, new Date(Date.now() + START_TIMEOUT_MS / 2));
    expect((await payment(body.token))?.status).toBe('starting');
    await advanceOpenPayments(env, db, new Date(Date.now() + START_TIMEOUT_MS + 1000));
    expect(await payment(body.token)).toMatchObject({ status: 'released', failureReason: 'START_TIMEOUT' });
    expect((await intent(row?.stripePaymentIntentId ?? '')).status).toBe('canceled');
    // The auth id of a released payment starts nothing.
    const late = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: row?.authId,
      meterStart: 0,
      timestamp: new Date(Date.now() + 5000).toISOString(),
    })) as { idTagInfo: { status: string } };
    expect(late.idTagInfo.status).toBe('Invalid');
  });
});
