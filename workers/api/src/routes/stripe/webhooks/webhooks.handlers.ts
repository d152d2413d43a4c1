/**
 * @module Stripe's webhook endpoint and the webhook log (issue 17 §9). The endpoint verifies the
 * signature over the raw body with the SDK (300 s tolerance), then stores and applies the event once
 * (webhooks.apply.ts). The log lists what arrived for the caller's connected accounts.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { stripeCryptoProvider } from '@api/lib/stripe';
import { authOf } from '@api/middleware/permission';
import {
  isReimbursementEvent,
  receiveReimbursementEvent,
} from '@api/routes/fleet-reimbursement/payouts/payouts.webhook';
import { isQrPaymentEvent, receiveQrPaymentEvent } from '@api/routes/pay/pay.webhook';
import type { BillingEvent } from '@domain/billing/apply-event';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono } from '@hono/zod-openapi';
import Stripe from 'stripe';
import { receiveEvent } from './webhooks.apply';
import { firstDefaultAfterSetup } from './webhooks.first-default';
import { detail, list, receive } from './webhooks.routes';
import { toEventDetail, toEventSummary } from './webhooks.schemas';
import { eventDetail, eventTypes, type LogReader, listEvents } from './webhooks.store';

/** Stripe's default tolerance: a signature older than this is refused (a replayed capture). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The log's reader: the caller's scope; platform events only for super users (who manage companies). */
function readerOf(c: Parameters<typeof authOf>[0]): LogReader {
  const auth = authOf(c);
  return { scope: auth.scope, platform: can(auth.access, 'companies:manage') };
}

export const webhookRoutes = new OpenAPIHono<AppEnv>()
  .openapi(receive, async (c) => {
    const secret = c.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) return apiError(c, 503, 'BILLING_NOT_CONFIGURED', 'billingNotConfigured');
    const raw = await c.req.text();
    const signature = c.req.header('stripe-signature') ?? '';
    let event: BillingEvent;
    try {
      event = (await Stripe.webhooks.constructEventAsync(
        raw,
        signature,
        secret,
        SIGNATURE_TOLERANCE_SECONDS,
        stripeCryptoProvider,
      )) as BillingEvent;
    } catch {
      return apiError(c, 400, 'STRIPE_SIGNATURE_INVALID', 'stripeSignatureInvalid');
    }
    // QR payments' PaymentIntents (issue 18) are stored and applied once by their own module.
    const outcome = isQrPaymentEvent(event)
      ? await receiveQrPaymentEvent({ env: c.env, db: c.get('db'), now: new Date() }, event, raw, (work) =>
          c.executionCtx.waitUntil(work),
        )
      : // Home reimbursements' payouts, transfers and employees' payout accounts (issue 19): their own module.
        isReimbursementEvent(event)
        ? await receiveReimbursementEvent(c.get('db'), event, raw)
        : await receiveEvent(c.get('db'), event, raw, (applied) => firstDefaultAfterSetup(c.env, c.get('db'), applied));
    if (outcome === 'failed') return apiError(c, 500, 'STRIPE_EVENT_FAILED', 'generic');
    return c.json({ received: true as const, outcome }, 200);
  })
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const reader = readerOf(c);
    const db = c.get('db');
    const [{ rows, total }, types] = await Promise.all([listEvents(db, reader, query), eventTypes(db, reader)]);
    return c.json(
      { data: rows.map(toEventSummary), total, page: query.page, items_per_page: query.items_per_page, types },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const row = await eventDetail(c.get('db'), readerOf(c), c.req.valid('param').eventId);
    if (!row) return apiError(c, 404, 'STRIPE_EVENT_NOT_FOUND', 'notFound');
    return c.json(toEventDetail(row), 200);
  });
