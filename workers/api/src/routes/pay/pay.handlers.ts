/**
 * @module The public pay-by-QR API (issue 18 part 4): a connector's offer, "Pay and charge" (the
 * payment row with the hold locked, then the manual-capture PaymentIntent with an idempotency key
 * from the row), the payment's state, its refresh (pay.flow.ts moves it on) and the receipt PDF.
 * Public: every route counts the client's attempts first (429 past the limit), finds a connector only
 * by EVSE id and a payment only by its token, and answers nothing of any other row.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { consume, type LimitName, tooManyAttempts } from '@api/lib/rate-limit';
import { clientIp } from '@api/lib/session-cookie';
import { idempotencyKey, isLocalStripe, stripeClient, stripeFailure } from '@api/lib/stripe';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { payRefusal } from '@domain/qr-payments/decide';
import { AUTH_ID_BYTES, authIdFrom, TOKEN_BYTES, tokenFrom } from '@domain/qr-payments/ids';
import { driverPriceLines } from '@domain/qr-payments/prices';
import type { FailureReason } from '@domain/qr-payments/status';
import { engineTariffOfVersion } from '@domain/tariffs/engine-cache';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { advance } from './pay.flow';
import { receiptOf, receiptPdfOf } from './pay.receipt';
import { create, offer, receiptPdf, refresh, state } from './pay.routes';
import {
  connectorByEvse,
  insertPayment,
  notePayment,
  operatorAccount,
  type PaymentRow,
  paymentByToken,
  placeOf,
  qrTariff,
} from './pay.store';

type Ctx = Context<AppEnv>;

/** Counts the attempt; the 429 answer when the client is over the limit. */
async function overLimit(c: Ctx, limit: LimitName) {
  const attempt = await consume(c.get('db'), [{ limit, subject: clientIp(c) }]);
  return attempt.retryAfterSeconds === null ? null : tooManyAttempts(c, attempt.retryAfterSeconds);
}

/** The connector's facts and the decision on them (the offer and "Pay and charge" share it). */
async function gatherOffer(c: Ctx, evseId: string) {
  const db = c.get('db');
  const found = await connectorByEvse(db, evseId);
  if (!found) return null;
  const tariff = await qrTariff(db, found.station, new Date());
  const refusal = payRefusal({
    qrPaymentEnabled: found.station.qrPaymentEnabled,
    stationOffline: found.station.offline,
    connectorStatus: found.connector.status,
    preAuthorizationAmount: found.company.preAuthorizationAmount,
    hasDriverPrice: tariff !== null,
  });
  return { ...found, tariff, refusal };
}

/** The local Stripe server's card page; production's Stripe.js Elements step is not built yet. */
const cardUrl = (env: Env, intentId: string, returnUrl: string) =>
  `${env.STRIPE_API_BASE}/dev/payment_intents/${intentId}/pay?return_url=${encodeURIComponent(returnUrl)}`;

async function stateOf(c: Ctx, p: PaymentRow, language: string) {
  const db = c.get('db');
  const [place, receipt] = await Promise.all([placeOf(db, p), receiptOf(db, p, language)]);
  const returnUrl = `${new URL(c.req.url).origin}/pay/status?token=${p.token}`;
  return {
    status: p.status,
    failure_reason: (p.failureReason as FailureReason | null) ?? null,
    station_name: place?.stationName ?? '',
    evse_id: place?.evseId ?? null,
    connector_number: p.connectorNumber,
    currency: p.currency,
    amount_held: p.amountHeld,
    captured_amount: p.capturedAmount,
    card_url:
      p.status === 'pending' && p.stripePaymentIntentId && isLocalStripe(c.env)
        ? cardUrl(c.env, p.stripePaymentIntentId, returnUrl)
        : null,
    receipt: receipt ? { title: receipt.title, lines: receipt.lines } : null,
  };
}

export const payRoutes = new OpenAPIHono<AppEnv>()
  .openapi(offer, async (c) => {
    const limited = await overLimit(c, 'qrPayReadPerClient');
    if (limited) return limited;
    const { evseId } = c.req.valid('param');
    const o = await gatherOffer(c, evseId);
    if (!o) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: evseId } });
    const amount = o.company.preAuthorizationAmount;
    return c.json(
      {
        evse_id: o.connector.evseId ?? evseId,
        connector_number: o.connector.connectorNumber,
        plug_type: o.connector.plugType,
        max_power_w: o.connector.maxPowerW,
        station_name: o.station.name,
        address: o.station.address,
        city: o.station.city,
        operator: o.company.name,
        status: o.connector.status,
        refusal: o.refusal,
        currency: o.tariff?.currency ?? o.company.currency,
        hold_amount: amount && amount > 0 ? amount : null,
        prices: o.tariff ? driverPriceLines(engineTariffOfVersion(o.tariff)) : [],
        card_step_available: isLocalStripe(c.env),
      },
      200,
    );
  })
  .openapi(create, async (c) => {
    const limited = await overLimit(c, 'qrPayCreatePerClient');
    if (limited) return limited;
    const { evseId } = c.req.valid('param');
    const body = c.req.valid('json');
    if (new URL(body.return_url).origin !== new URL(c.req.url).origin)
      return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'return_url' });
    const db = c.get('db');
    const o = await gatherOffer(c, evseId);
    if (!o) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: evseId } });
    if (o.refusal)
      return apiError(c, 409, 'QR_PAY_REFUSED', 'qrPayRefused', { field: o.refusal, params: { reason: o.refusal } });
    const stripe = stripeClient(c.env);
    if (!stripe) return apiError(c, 503, 'BILLING_NOT_CONFIGURED', 'billingNotConfigured');
    if (!isLocalStripe(c.env)) return apiError(c, 503, 'QR_CARD_STEP_UNAVAILABLE', 'qrPayCardStepUnavailable');
    const amount = o.company.preAuthorizationAmount ?? 0;
    const currency = o.tariff?.currency ?? o.company.currency;
    const payment = await insertPayment(db, {
      token: tokenFrom(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))),
      authId: authIdFrom(crypto.getRandomValues(new Uint8Array(AUTH_ID_BYTES))),
      connectorId: o.connector.id,
      stationId: o.station.id,
      connectorNumber: o.connector.connectorNumber,
      companyId: o.station.companyId,
      tariffId: o.tariff?.id ?? null,
      amountHeld: amount,
      currency,
      email: body.email ? body.email : null,
      language: body.language,
    });
    try {
      const options = stripeAccountOptions(await operatorAccount(db, payment.companyId));
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: currency.toLowerCase(),
          capture_method: 'manual',
          payment_method_types: ['card'],
          description: `Charging at ${o.station.name} (${o.connector.evseId ?? evseId})`,
          metadata: { qr_payment_token: payment.token },
        },
        { ...options, idempotencyKey: idempotencyKey('qr-payment', 'create', payment.id) },
      );
      await notePayment(db, payment.id, { stripePaymentIntentId: intent.id });
      const returnUrl = `${body.return_url}${body.return_url.includes('?') ? '&' : '?'}token=${payment.token}`;
      return c.json({ token: payment.token, card_url: cardUrl(c.env, intent.id, returnUrl) }, 200);
    } catch (error) {
      const failure = stripeFailure(error, 'paymentFailed');
      await notePayment(db, payment.id, {
        status: 'failed',
        failureReason: 'PAYMENT_UNAVAILABLE',
        finishedAt: new Date(),
      });
      return apiError(c, 502, failure.code, failure.message);
    }
  })
  .openapi(state, async (c) => {
    const limited = await overLimit(c, 'qrPayReadPerClient');
    if (limited) return limited;
    const p = await paymentByToken(c.get('db'), c.req.valid('param').token);
    if (!p) return apiError(c, 404, 'QR_PAYMENT_NOT_FOUND', 'qrPaymentNotFound');
    return c.json(await stateOf(c, p, c.req.valid('query').language), 200);
  })
  .openapi(refresh, async (c) => {
    const limited = await overLimit(c, 'qrPayRefreshPerClient');
    if (limited) return limited;
    const db = c.get('db');
    const found = await paymentByToken(db, c.req.valid('param').token);
    if (!found) return apiError(c, 404, 'QR_PAYMENT_NOT_FOUND', 'qrPaymentNotFound');
    try {
      const p = await advance({ env: c.env, db, now: new Date(), origin: new URL(c.req.url).origin }, found);
      return c.json(await stateOf(c, p, c.req.valid('query').language), 200);
    } catch (error) {
      console.warn(`[qr-payments] payment ${found.id} not moved on: ${error instanceof Error ? error.message : error}`);
      const failure = stripeFailure(error, 'paymentFailed');
      return apiError(c, 502, failure.code, failure.message);
    }
  })
  .openapi(receiptPdf, async (c) => {
    const limited = await overLimit(c, 'qrPayReadPerClient');
    if (limited) return limited;
    const db = c.get('db');
    const p = await paymentByToken(db, c.req.valid('param').token);
    const pdf = p ? await receiptPdfOf(db, p, c.req.valid('query').language) : null;
    if (!p || !pdf) return apiError(c, 404, 'QR_PAYMENT_NOT_FOUND', 'qrPaymentNotFound');
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${p.authId}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });
