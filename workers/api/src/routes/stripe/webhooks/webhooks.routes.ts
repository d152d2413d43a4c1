/**
 * @module Route declarations of Stripe's webhook endpoint (public: authenticated by Stripe's
 * signature, not a session) and of the webhook log (role 42, `billing:admin`).
 */
import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { EventDetail, EventIdParams, EventPage, LogQuery, WebhookAnswer } from './webhooks.schemas';

const tags = ['Billing: Stripe webhooks'];

/**
 * No body schema on purpose: the signature covers the raw bytes, so the handler reads the body as
 * text before anything parses it.
 */
export const receive = defineRoute('public', {
  method: 'post',
  path: '/stripe/webhook',
  tags,
  summary:
    'Stripe event (raw JSON, signed in the Stripe-Signature header): verified, stored, applied once; a replay is acknowledged',
  responses: {
    200: json(WebhookAnswer, 'Stored and applied, stale, ignored, or a replay acknowledged'),
    400: error('Signature missing, invalid or older than 300 s (STRIPE_SIGNATURE_INVALID): nothing stored'),
    500: error('Stored, but applying failed (STRIPE_EVENT_FAILED): Stripe retries and the retry applies it'),
    503: error('No webhook secret configured (BILLING_NOT_CONFIGURED)'),
  },
});

export const list = defineRoute('billing:admin', {
  method: 'get',
  path: '/stripe/webhooks/events',
  tags,
  summary:
    "Events received from the caller's connected accounts (and the platform's, for super users), newest first, by type and outcome",
  request: { query: LogQuery },
  responses: { 200: json(EventPage) },
});

export const detail = defineRoute('billing:admin', {
  method: 'get',
  path: '/stripe/webhooks/events/{eventId}',
  tags,
  summary: 'One received event with its payload',
  request: { params: EventIdParams },
  responses: { 200: json(EventDetail), 404: error('No such event in the caller’s scope') },
});
