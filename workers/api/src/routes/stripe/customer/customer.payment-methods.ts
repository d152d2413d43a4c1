/**
 * @module Payment methods and setup intents of a billed company (spec 7.3; spec 4 results success,
 * processing, failed). Lists come from our table; `sync` refreshes it from Stripe on demand.
 *
 * The spec's `GET stripe/customer/setup-intent` creates a SetupIntent at Stripe, so it is a POST here
 * (no state change on GET). With the local Stripe-compatible server the answer carries the URL of its
 * dev confirmation page; with real Stripe the screen confirms with Stripe.js and the publishable key.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey, isLocalStripe, type StripeSettings } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import {
  becomesDefault,
  paymentMethodFields,
  type SetupResult,
  type StripePaymentMethodLike,
  setupPaymentMethodTypes,
} from '@domain/billing/payment-methods';
import { OpenAPIHono } from '@hono/zod-openapi';
import { customerOf } from './customer.handlers';
import { list, remove, setDefault, setupIntent, setupResult, sync } from './customer.payment-methods.routes';
import {
  detachPaymentMethod,
  insertSetupIntent,
  listPaymentMethods,
  saveSetupResult,
  scopedPaymentMethod,
  scopedSetupIntent,
  setDefaultPaymentMethod,
  setupIntentCount,
  syncPaymentMethods,
} from './customer.payment-methods.store';
import { toPaymentMethod } from './customer.schemas';

async function methodsAnswer(
  db: Parameters<typeof listPaymentMethods>[0],
  customerId: number,
  defaultId: string | null,
) {
  const rows = await listPaymentMethods(db, customerId);
  return { data: rows.map((r) => toPaymentMethod(r, defaultId)), default_payment_method_id: defaultId };
}

/** SetupIntent status → spec 4's result; a setup still waiting for the user is pending. */
function resultOf(status: string, failed: boolean): SetupResult | 'pending' {
  if (status === 'succeeded') return 'success';
  if (status === 'processing') return 'processing';
  return failed ? 'failed' : 'pending';
}

export const paymentMethodRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const got = await customerOf(c, c.req.valid('query').company_id);
    if (got.error) return got.error;
    const { customer } = got.found;
    return c.json(await methodsAnswer(c.get('db'), customer.id, customer.defaultPaymentMethodId), 200);
  })
  .openapi(sync, async (c) => {
    const got = await customerOf(c, c.req.valid('json').company_id);
    if (got.error) return got.error;
    const { customer } = got.found;
    if (!customer.stripeCustomerId) return apiError(c, 404, 'CUSTOMER_NOT_FOUND', 'notFound');
    const client = stripeOr503(c);
    if (client.error) return client.error;
    let methods: StripePaymentMethodLike[];
    let defaultId: string | null;
    try {
      const listed = await client.stripe.customers.listPaymentMethods(
        customer.stripeCustomerId,
        { limit: 100 },
        got.options,
      );
      const remote = await client.stripe.customers.retrieve(customer.stripeCustomerId, {}, got.options);
      methods = listed.data;
      const pm = 'deleted' in remote && remote.deleted ? null : remote.invoice_settings.default_payment_method;
      defaultId = typeof pm === 'string' ? pm : (pm?.id ?? null);
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'stripe.payment_method.sync', 'billing_customer', customer.id);
    }
    const fields = methods.map(paymentMethodFields).filter((f) => f !== null);
    await syncPaymentMethods(c.get('db'), customer.id, fields, defaultId);
    return c.json(await methodsAnswer(c.get('db'), customer.id, defaultId), 200);
  })
  .openapi(setDefault, async (c) => {
    const { payment_method_id } = c.req.valid('json');
    const db = c.get('db');
    const found = await scopedPaymentMethod(db, await callerScope(c), payment_method_id);
    if (!found?.customer.stripeCustomerId) return apiError(c, 404, 'PAYMENT_METHOD_NOT_FOUND', 'notFound');
    const got = await customerOf(c, found.customer.companyId);
    if (got.error) return got.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const { customer } = found;
    try {
      await client.stripe.customers.update(
        found.customer.stripeCustomerId,
        { invoice_settings: { default_payment_method: payment_method_id } },
        {
          ...got.options,
          idempotencyKey: idempotencyKey(
            'customer',
            'default-payment-method',
            customer.id,
            customer.updatedAt?.getTime() ?? 0,
          ),
        },
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'stripe.payment_method.default', 'billing_customer', customer.id);
    }
    await setDefaultPaymentMethod(
      db,
      customer.id,
      payment_method_id,
      billingAudit(c, 'stripe.payment_method.default', 'billing_customer', customer.id, {
        from: customer.defaultPaymentMethodId,
        to: payment_method_id,
      }),
    );
    return c.json(await methodsAnswer(db, customer.id, payment_method_id), 200);
  })
  .openapi(remove, async (c) => {
    const { paymentMethodId } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedPaymentMethod(db, await callerScope(c), paymentMethodId);
    if (!found) return apiError(c, 404, 'PAYMENT_METHOD_NOT_FOUND', 'notFound');
    const got = await customerOf(c, found.customer.companyId);
    if (got.error) return got.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const { customer } = found;
    try {
      await client.stripe.paymentMethods.detach(
        paymentMethodId,
        {},
        {
          ...got.options,
          idempotencyKey: idempotencyKey('payment-method', 'detach', paymentMethodId),
        },
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'stripe.payment_method.detach', 'billing_customer', customer.id);
    }
    await detachPaymentMethod(
      db,
      customer.id,
      paymentMethodId,
      billingAudit(c, 'stripe.payment_method.detach', 'billing_customer', customer.id, { paymentMethodId }),
    );
    const defaultId = customer.defaultPaymentMethodId === paymentMethodId ? null : customer.defaultPaymentMethodId;
    return c.json(await methodsAnswer(db, customer.id, defaultId), 200);
  })
  .openapi(setupIntent, async (c) => {
    const got = await customerOf(c, c.req.valid('json').company_id);
    if (got.error) return got.error;
    const { customer, company } = got.found;
    if (!customer.stripeCustomerId) return apiError(c, 404, 'CUSTOMER_NOT_FOUND', 'notFound');
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const db = c.get('db');
    const types = setupPaymentMethodTypes(company.currency);
    let intent: { id: string; client_secret: string | null };
    try {
      intent = await client.stripe.setupIntents.create(
        {
          customer: customer.stripeCustomerId,
          payment_method_types: types,
          usage: 'off_session',
          metadata: { billing_customer_id: String(customer.id) },
        },
        {
          ...got.options,
          // The n-th setup of this customer: a retried request gets the same SetupIntent.
          idempotencyKey: idempotencyKey(
            'setup-intent',
            'create',
            customer.id,
            await setupIntentCount(db, customer.id),
          ),
        },
      );
    } catch (err) {
      return stripeFailed(
        c,
        err,
        'paymentDetailsFailed',
        'stripe.setup_intent.create',
        'billing_customer',
        customer.id,
      );
    }
    await insertSetupIntent(
      db,
      customer.id,
      intent.id,
      billingAudit(c, 'stripe.setup_intent.create', 'billing_customer', customer.id, { setupIntent: intent.id, types }),
    );
    const settings = c.env as StripeSettings;
    const returnUrl = `${new URL(c.req.url).origin}/stripe/customers/onboard/${customer.companyId}`;
    const local = isLocalStripe(settings);
    return c.json(
      {
        setup_intent_id: intent.id,
        client_secret: intent.client_secret ?? '',
        payment_method_types: types,
        publishable_key: local ? null : (settings.STRIPE_PUBLISHABLE_KEY ?? null),
        confirm_url: local
          ? `${settings.STRIPE_API_BASE}/dev/setup/${intent.id}?return_url=${encodeURIComponent(returnUrl)}`
          : null,
        return_url: returnUrl,
      },
      200,
    );
  })
  .openapi(setupResult, async (c) => {
    const { setupIntentId } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedSetupIntent(db, await callerScope(c), setupIntentId);
    if (!found) return apiError(c, 404, 'SETUP_INTENT_NOT_FOUND', 'notFound');
    const got = await customerOf(c, found.customer.companyId);
    if (got.error) return got.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    let result: SetupResult | 'pending';
    let method: ReturnType<typeof paymentMethodFields> = null;
    try {
      const intent = await client.stripe.setupIntents.retrieve(
        setupIntentId,
        { expand: ['payment_method'] },
        got.options,
      );
      result = resultOf(intent.status, intent.last_setup_error !== null);
      const pm = intent.payment_method;
      if (pm && typeof pm !== 'string' && result !== 'failed') method = paymentMethodFields(pm);
    } catch (err) {
      return stripeFailed(
        c,
        err,
        'paymentDetailsFailed',
        'stripe.setup_intent.result',
        'billing_customer',
        found.customer.id,
      );
    }
    await saveSetupResult(db, setupIntentId, found.customer.id, result, method);
    let defaultId = found.customer.defaultPaymentMethodId;
    const attached = method?.stripePaymentMethodId ?? null;
    // The first method a customer gets is what its subscriptions and invoices are charged to.
    if (found.customer.stripeCustomerId && becomesDefault(result, attached, defaultId)) {
      try {
        await client.stripe.customers.update(
          found.customer.stripeCustomerId,
          { invoice_settings: { default_payment_method: attached } },
          { ...got.options, idempotencyKey: idempotencyKey('customer', 'first-default', found.customer.id, attached) },
        );
      } catch (err) {
        const id = found.customer.id;
        return stripeFailed(c, err, 'updateFailed', 'stripe.payment_method.default', 'billing_customer', id);
      }
      const audit = { from: null, to: attached, setupIntent: setupIntentId };
      const entry = billingAudit(c, 'stripe.payment_method.default', 'billing_customer', found.customer.id, audit);
      await setDefaultPaymentMethod(db, found.customer.id, attached, entry);
      defaultId = attached;
    }
    const rows = method ? await listPaymentMethods(db, found.customer.id) : [];
    const row = rows.find((r) => r.stripePaymentMethodId === method?.stripePaymentMethodId);
    return c.json({ result, payment_method: row ? toPaymentMethod(row, defaultId) : null }, 200);
  });
