/**
 * @module The public pay-by-QR API (issue 18 part 4): a connector's offer, "Pay and charge" (the
 * payment row with the hold locked, then the card step: a Stripe Checkout Session in payment mode whose
 * PaymentIntent holds the amount by manual capture, with an idempotency key from the row), the
 * payment's state, its refresh (pay.flow.ts moves it on) and the receipt PDF.
 * Public: every route counts the client's attempts first (429 past the limit), finds a connector only
 * by EVSE id and a payment only by its token, and answers nothing of any other row.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { consume, type LimitName, tooManyAttempts } from '@api/lib/rate-limit';
import { clientIp } from '@api/lib/session-cookie';
import { idempotencyKey, stripeClient, stripeFailure } from '@api/lib/stripe';
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

/** Where Checkout sends the driver back, paid or not: the status page of this payment (its token only). */
const backTo = (returnUrl: string, token: string) => `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}token=${token}`;

/** The card step's page while the payment waits for the card: the open Checkout Session's URL. */
async function cardUrlOf(c: Ctx, p: PaymentRow): Promise<string | null> {
  const sessionId = p.stripePaymentIntentId;
  const stripe = stripeClient(c.env);
  if (p.status !== 'pending' || !sessionId?.startsWith('cs_') || !stripe) return null;
  const options = stripeAccountOptions(await operatorAccount(c.get('db'), p.companyId));
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId, undefined, options);
    return session.status === 'open' ? session.url : null;
  } catch (error) {
    console.warn(
      `[qr-payments] card step of payment ${p.id} not read: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
}

async function stateOf(c: Ctx, p: PaymentRow, language: string) {
  const db = c.get('db');
  const [place, receipt, cardUrl] = await Promise.all([placeOf(db, p), receiptOf(db, p, language), cardUrlOf(c, p)]);
  return {
    status: p.status,
    failure_reason: (p.failureReason as FailureReason | null) ?? null,
    station_name: place?.stationName ?? '',
    evse_id: place?.evseId ?? null,
    connector_number: p.connectorNumber,
    currency: p.currency,
    amount_held: p.amountHeld,
    captured_amount: p.capturedAmount,
    card_url: cardUrl,
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
      const back = backTo(body.return_url, payment.token);
      const metadata = { qr_payment_token: payment.token };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: amount,
                product_data: { name: `Charging at ${o.station.name} (${o.connector.evseId ?? evseId})` },
              },
            },
          ],
          payment_method_types: ['card'],
          payment_intent_data: { capture_method: 'manual', metadata },
          metadata,
          client_reference_id: `qr_payment:${payment.id}`,
          ...(payment.email ? { customer_email: payment.email } : {}),
          locale: body.language,
          success_url: back,
          cancel_url: back,
        },
        { ...options, idempotencyKey: idempotencyKey('qr-payment', 'checkout', payment.id) },
      );
      await notePayment(db, payment.id, { stripePaymentIntentId: session.id });
      return c.json({ token: payment.token, card_url: session.url ?? '' }, 200);
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
