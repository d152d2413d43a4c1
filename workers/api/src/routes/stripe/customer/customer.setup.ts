/**
 * @module Adding a payment method (spec 7.3; spec 4 results success, processing, failed) through
 * Stripe Checkout in setup mode, the same hosted path locally and in production (ADR 043 addendum):
 * no card or bank data passes through our pages. The spec's `GET stripe/customer/setup-intent`
 * creates the session at Stripe, so it is a POST here (no state change on GET).
 *
 * 1. `POST /stripe/customer/setup-intent`: a Checkout Session in setup mode (card; SEPA in EUR, BACS
 *    in GBP), keyed by the customer's n-th setup; its SetupIntent is stored as our row; the answer's
 *    `confirm_url` is the session's page (Stripe's, or the local server's dev page).
 * 2. Stripe sends the browser back to `success_url` with `?checkout_session={id}`; the screen posts it
 *    to `…/setup-intent/checkout-result`, which resolves session → SetupIntent → its result, stored;
 *    the first method becomes the default (customer.first-default.ts; the webhook does the same for a
 *    user who never comes back). A cancel comes back with `?checkout=cancelled`.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import type { billingCustomers } from '@db/schema';
import {
  paymentMethodFields,
  type SetupResult,
  setupIntentResult,
  setupPaymentMethodTypes,
} from '@domain/billing/payment-methods';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { makeFirstDefault } from './customer.first-default';
import { customerOf } from './customer.handlers';
import { checkoutResult, setupIntent, setupResult } from './customer.payment-methods.routes';
import {
  insertSetupIntent,
  listPaymentMethods,
  saveSetupResult,
  scopedSetupIntent,
  setupIntentCount,
} from './customer.payment-methods.store';
import { toPaymentMethod } from './customer.schemas';

type Ctx = Context<AppEnv>;
type Customer = typeof billingCustomers.$inferSelect;

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** Stripe's "no such object" (another account's or a made-up id): answered as unknown, like ours. */
const missing = (err: unknown) => (err as { statusCode?: number } | null)?.statusCode === 404;

/**
 * Reads a SetupIntent's result from Stripe, stores it with the method it attached, and makes that
 * method the customer's first default: the answer's body, or the error answer.
 */
async function readSetup(
  c: Ctx,
  stripe: Stripe,
  options: { stripeAccount?: string },
  customer: Customer,
  setupIntentId: string,
) {
  const db = c.get('db');
  let result: SetupResult | 'pending';
  let method: ReturnType<typeof paymentMethodFields> = null;
  try {
    const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }, options);
    result = setupIntentResult(intent.status, intent.last_setup_error !== null);
    const pm = intent.payment_method;
    if (pm && typeof pm !== 'string' && result !== 'failed') method = paymentMethodFields(pm);
  } catch (err) {
    const error = await stripeFailed(
      c,
      err,
      'paymentDetailsFailed',
      'stripe.setup_intent.result',
      'billing_customer',
      customer.id,
    );
    return { error } as const;
  }
  await saveSetupResult(db, setupIntentId, customer.id, result, method);
  let defaultId: string | null;
  try {
    const setup = { result, attached: method?.stripePaymentMethodId ?? null };
    defaultId = await makeFirstDefault(db, stripe, options, customer, setup, (to) =>
      billingAudit(c, 'stripe.payment_method.default', 'billing_customer', customer.id, {
        from: null,
        to,
        setupIntent: setupIntentId,
      }),
    );
  } catch (err) {
    const id = customer.id;
    return {
      error: await stripeFailed(c, err, 'updateFailed', 'stripe.payment_method.default', 'billing_customer', id),
    } as const;
  }
  const rows = method ? await listPaymentMethods(db, customer.id) : [];
  const row = rows.find((r) => r.stripePaymentMethodId === method?.stripePaymentMethodId);
  return { body: { result, payment_method: row ? toPaymentMethod(row, defaultId) : null } } as const;
}

export const setupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(setupIntent, async (c) => {
    const got = await customerOf(c, c.req.valid('json').company_id);
    if (got.error) return got.error;
    const { customer, company } = got.found;
    if (!customer.stripeCustomerId) return apiError(c, 404, 'CUSTOMER_NOT_FOUND', 'notFound');
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const db = c.get('db');
    const types = setupPaymentMethodTypes(company.currency);
    const returnUrl = `${new URL(c.req.url).origin}/stripe/customers/onboard/${customer.companyId}`;
    const metadata = { billing_customer_id: String(customer.id) };
    let session: Stripe.Checkout.Session;
    try {
      session = await client.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: customer.stripeCustomerId,
          // Stripe requires it for the debits (SEPA in euros, BACS in pounds).
          currency: company.currency.toLowerCase(),
          payment_method_types: types,
          success_url: `${returnUrl}?checkout_session={CHECKOUT_SESSION_ID}`,
          cancel_url: `${returnUrl}?checkout=cancelled`,
          metadata,
          setup_intent_data: { metadata },
        },
        {
          ...got.options,
          // The n-th setup of this customer: a retried request gets the same session.
          idempotencyKey: idempotencyKey(
            'setup-checkout',
            'create',
            customer.id,
            await setupIntentCount(db, customer.id),
          ),
        },
      );
    } catch (err) {
      const id = customer.id;
      return stripeFailed(c, err, 'paymentDetailsFailed', 'stripe.setup_intent.create', 'billing_customer', id);
    }
    const intentId = idOf(session.setup_intent);
    if (!intentId || !session.url) return apiError(c, 502, 'STRIPE_UNAVAILABLE', 'paymentDetailsFailed');
    await insertSetupIntent(
      db,
      customer.id,
      intentId,
      billingAudit(c, 'stripe.setup_intent.create', 'billing_customer', customer.id, {
        setupIntent: intentId,
        checkoutSession: session.id,
        types,
      }),
    );
    return c.json(
      {
        setup_intent_id: intentId,
        checkout_session_id: session.id,
        payment_method_types: types,
        confirm_url: session.url,
        return_url: returnUrl,
      },
      200,
    );
  })
  .openapi(checkoutResult, async (c) => {
    const { company_id, checkout_session_id } = c.req.valid('json');
    const got = await customerOf(c, company_id);
    if (got.error) return got.error;
    const { customer } = got.found;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    let intentId: string | null = null;
    try {
      const session = await client.stripe.checkout.sessions.retrieve(checkout_session_id, {}, got.options);
      // Only a setup of this customer: another customer's session is unknown here, like a made-up id.
      if (session.mode === 'setup' && idOf(session.customer) === customer.stripeCustomerId)
        intentId = idOf(session.setup_intent);
    } catch (err) {
      if (!missing(err))
        return stripeFailed(
          c,
          err,
          'paymentDetailsFailed',
          'stripe.setup_intent.result',
          'billing_customer',
          customer.id,
        );
    }
    const found = intentId ? await scopedSetupIntent(c.get('db'), await callerScope(c), intentId) : undefined;
    if (!intentId || found?.customer.id !== customer.id) return apiError(c, 404, 'SETUP_INTENT_NOT_FOUND', 'notFound');
    const read = await readSetup(c, client.stripe, got.options, found.customer, intentId);
    return read.error ?? c.json(read.body, 200);
  })
  .openapi(setupResult, async (c) => {
    const { setupIntentId } = c.req.valid('param');
    const found = await scopedSetupIntent(c.get('db'), await callerScope(c), setupIntentId);
    if (!found) return apiError(c, 404, 'SETUP_INTENT_NOT_FOUND', 'notFound');
    const got = await customerOf(c, found.customer.companyId);
    if (got.error) return got.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const read = await readSetup(c, client.stripe, got.options, found.customer, setupIntentId);
    return read.error ?? c.json(read.body, 200);
  });
