/**
 * @module Payment methods of a billed company (spec 7.3): listed from our table, refreshed from Stripe
 * on demand (`sync`), made default, detached. Adding one (a setup through Checkout) is customer.setup.ts.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { paymentMethodFields, type StripePaymentMethodLike } from '@domain/billing/payment-methods';
import { OpenAPIHono } from '@hono/zod-openapi';
import { customerOf } from './customer.handlers';
import { list, remove, setDefault, sync } from './customer.payment-methods.routes';
import {
  detachPaymentMethod,
  listPaymentMethods,
  scopedPaymentMethod,
  setDefaultPaymentMethod,
  syncPaymentMethods,
} from './customer.payment-methods.store';
import { toPaymentMethod } from './customer.schemas';

export async function methodsAnswer(
  db: Parameters<typeof listPaymentMethods>[0],
  customerId: number,
  defaultId: string | null,
) {
  const rows = await listPaymentMethods(db, customerId);
  return { data: rows.map((r) => toPaymentMethod(r, defaultId)), default_payment_method_id: defaultId };
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
  });
