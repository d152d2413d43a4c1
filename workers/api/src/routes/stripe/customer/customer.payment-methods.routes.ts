/**
 * @module Route declarations of payment methods and setup intents (spec 7.3), behind 'billing:customers'.
 * The spec's `GET stripe/customer/setup-intent` creates a SetupIntent at Stripe, so it is a POST here
 * (no state change on GET); so is `sync`, which refreshes our table from Stripe.
 */

import { defineRoute, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { customerErrors, tags } from './customer.routes';
import { CompanyQuery, PaymentMethodSchema } from './customer.schemas';

const ACCESS = 'billing:customers';
export const CompanyBody = z.strictObject({ company_id: z.number().int().positive().optional() });
export const MethodList = z
  .object({ data: z.array(PaymentMethodSchema), default_payment_method_id: z.string().nullable() })
  .openapi('StripePaymentMethodList');
const stripeId = (name: string, example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .openapi({ param: { name, in: 'path' }, example });

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/stripe/customer/payment-method',
  tags,
  summary:
    'The company customer’s payment methods (card: brand, last 4, expiry; SEPA/BACS: last 4, bank code) and the default',
  request: { query: CompanyQuery },
  responses: { 200: json(MethodList), 404: customerErrors[404] },
});

export const sync = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/customer/payment-method/sync',
  tags,
  summary: 'Refresh the payment methods and the default from Stripe',
  request: { body: jsonBody(CompanyBody) },
  responses: {
    200: json(MethodList),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

export const setDefault = defineRoute(ACCESS, {
  method: 'put',
  path: '/stripe/customer/payment-method',
  tags,
  summary: 'Make a payment method the default of the customer’s invoices',
  request: {
    body: jsonBody(z.strictObject({ payment_method_id: z.string().min(3).max(100), default: z.literal(true) })),
  },
  responses: {
    200: json(MethodList),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/stripe/customer/payment-method/{paymentMethodId}',
  tags,
  summary: 'Detach a payment method from its customer (the screen asks for a confirmation)',
  request: { params: z.object({ paymentMethodId: stripeId('paymentMethodId', 'pm_123') }) },
  responses: {
    200: json(MethodList),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

const SetupIntentSchema = z
  .object({
    setup_intent_id: z.string(),
    checkout_session_id: z.string(),
    payment_method_types: z.array(z.string()),
    /**
     * Where the browser goes to enter the payment details: the Checkout Session's page in setup mode
     * (Stripe's hosted page in production, the local server's dev page otherwise).
     */
    confirm_url: z.string(),
    return_url: z.string(),
  })
  .openapi('StripeSetupIntent');

export const setupIntent = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/customer/setup-intent',
  tags,
  summary:
    'Start adding a payment method: a Checkout Session in setup mode (card, SEPA in EUR, BACS in GBP) and its page',
  request: { body: jsonBody(CompanyBody) },
  responses: {
    200: json(SetupIntentSchema),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

const SetupResultSchema = z
  .object({
    result: z.enum(['pending', 'success', 'processing', 'failed']),
    payment_method: PaymentMethodSchema.nullable(),
  })
  .openapi('StripeSetupResult');

export const setupResult = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/customer/setup-intent/{setupIntentId}/result',
  tags,
  summary: 'Back from the confirmation: the setup’s result (success, processing, failed) read from Stripe and stored',
  request: { params: z.object({ setupIntentId: stripeId('setupIntentId', 'seti_123') }) },
  responses: {
    200: json(SetupResultSchema),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});

export const checkoutResult = defineRoute(ACCESS, {
  method: 'post',
  path: '/stripe/customer/setup-intent/checkout-result',
  tags,
  summary:
    'Back from Checkout (its success URL names the session): the session’s SetupIntent’s result, read from Stripe and stored',
  request: {
    body: jsonBody(
      CompanyBody.extend({
        checkout_session_id: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,200}$/)
          .openapi({ example: 'cs_test_123' }),
      }),
    ),
  },
  responses: {
    200: json(SetupResultSchema),
    404: customerErrors[404],
    402: customerErrors[402],
    409: customerErrors[409],
    502: customerErrors[502],
    503: customerErrors[503],
  },
});
