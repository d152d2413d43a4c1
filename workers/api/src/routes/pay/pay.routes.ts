/**
 * @module Route declarations of the public pay-by-QR API (issue 18 part 4): no login (a passer-by at
 * the charger), rate-limited per client like the auth routes, each answering one connector's offer
 * or one payment found by its random token, never anything else.
 */
import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ByEvse, ByToken, Created, CreatePayment, PaymentState, PayOffer, ReceiptQuery } from './pay.schemas';

const tags = ['Pay by QR'];
const TOO_MANY = 'Too many attempts from this client (TOO_MANY_ATTEMPTS)';

export const offer = defineRoute('public', {
  method: 'get',
  path: '/pay/connectors/{evseId}',
  tags,
  summary:
    'What the QR page of a connector shows: station, live status, the ad-hoc tariff driver prices, the amount to hold, or why it cannot be paid for now',
  request: { params: ByEvse },
  responses: {
    200: json(PayOffer),
    404: json(ErrorSchema, 'No connector has this EVSE id'),
    429: json(ErrorSchema, TOO_MANY),
  },
});

export const create = defineRoute('public', {
  method: 'post',
  path: '/pay/connectors/{evseId}',
  tags,
  summary:
    'Pay and charge: a payment holding the operator’s pre-authorization amount (locked now) and its card step, a Stripe Checkout Session in payment mode with manual capture; answers the Checkout page',
  request: { params: ByEvse, body: jsonBody(CreatePayment) },
  responses: {
    200: json(Created),
    404: json(ErrorSchema, 'No connector has this EVSE id'),
    409: json(ErrorSchema, 'The connector cannot be paid for now (QR_PAY_REFUSED, with the reason in `field`)'),
    502: json(ErrorSchema, 'Stripe failed (nothing is held)'),
    503: json(ErrorSchema, 'Card payment not available (no Stripe key)'),
    429: json(ErrorSchema, TOO_MANY),
  },
});

export const state = defineRoute('public', {
  method: 'get',
  path: '/pay/payments/{token}',
  tags,
  summary: 'The payment as it stands (status, amounts, failure reason, receipt when finished); changes nothing',
  request: { params: ByToken, query: ReceiptQuery },
  responses: {
    200: json(PaymentState),
    404: json(ErrorSchema, 'No payment has this token'),
    429: json(ErrorSchema, TOO_MANY),
  },
});

export const refresh = defineRoute('public', {
  method: 'post',
  path: '/pay/payments/{token}/refresh',
  tags,
  summary:
    'Moves the payment on as far as the facts allow (card step confirmed with Stripe, remote start, release after the start timeout, capture after the priced stop)',
  request: { params: ByToken, query: ReceiptQuery },
  responses: {
    200: json(PaymentState),
    404: json(ErrorSchema, 'No payment has this token'),
    502: json(ErrorSchema, 'Stripe failed; try again'),
    429: json(ErrorSchema, TOO_MANY),
  },
});

export const receiptPdf = defineRoute('public', {
  method: 'get',
  path: '/pay/payments/{token}/receipt.pdf',
  tags,
  summary: 'The receipt of a finished payment as a PDF',
  request: { params: ByToken, query: ReceiptQuery },
  responses: {
    200: {
      description: 'The receipt',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    404: json(ErrorSchema, 'No payment has this token, or it has no receipt yet'),
    429: json(ErrorSchema, TOO_MANY),
  },
});
