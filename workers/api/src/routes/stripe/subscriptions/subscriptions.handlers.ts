/**
 * @module The subscriptions API (spec 7.3, issue 17 §6): gather (customer, price, coupon, tax rate
 * through the store) → decide (`subscriptionRefusal`, domain/billing/subscriptions.ts) → write (our
 * row first, then Stripe with the row's idempotency key, then Stripe's answer). Reads first, so
 * `/active` and `/active/by-company` win over `/{subscriptionId}`.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { authOf } from '@api/middleware/permission';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import {
  type BillingAnchor,
  isEnded,
  type SubscriptionRefusal,
  subscriptionRefusal,
} from '@domain/billing/subscriptions';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MessageKey } from '@i18n/messages';
import type { Context } from 'hono';
import { active, activeByCompany, cancel, create, list, update } from './subscriptions.routes';
import { ACTIVE, toSubscription } from './subscriptions.schemas';
import {
  companyInScope,
  customerOfCompany,
  insertSubscription,
  listSubscriptions,
  operatorAccount,
  ownedCoupon,
  ownedPrice,
  ownedTaxRate,
  saveSubscription,
  scopedSubscription,
  subscriptionsByCompany,
} from './subscriptions.store';
import { createAtStripe, stripeChanges } from './subscriptions.stripe';

type Ctx = Context<AppEnv>;

/** The answer to a refusal: no customer is a conflict (409), the rest name the body field at fault. */
const REFUSALS: Record<SubscriptionRefusal, { status: 400 | 409; key: MessageKey; field?: string }> = {
  noCustomer: { status: 409, key: 'billingNoCustomer', field: 'company_id' },
  priceNotFound: { status: 400, key: 'billingPriceNotFound', field: 'price_id' },
  priceNotRecurring: { status: 400, key: 'billingPriceNotRecurring', field: 'price_id' },
  couponNotFound: { status: 400, key: 'billingCouponNotFound', field: 'coupon_id' },
  taxRateNotFound: { status: 400, key: 'billingTaxRateNotFound', field: 'tax_rate_id' },
  trialInPast: { status: 400, key: 'billingTrialInPast', field: 'trial_end' },
  trialTooFar: { status: 400, key: 'billingTrialTooFar', field: 'trial_end' },
};

export function refused(c: Ctx, refusal: SubscriptionRefusal) {
  const r = REFUSALS[refusal];
  const code = refusal === 'noCustomer' ? 'BILLING_NO_CUSTOMER' : 'VALIDATION_ERROR';
  return apiError(c, r.status, code, r.key, r.field ? { field: r.field } : {});
}

async function found(c: Ctx, id: number) {
  const row = await scopedSubscription(c.get('db'), await callerScope(c), id);
  if (!row) return { error: apiError(c, 404, 'SUBSCRIPTION_NOT_FOUND', 'billingSubscriptionNotFound') } as const;
  return { row } as const;
}

const reads = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(active, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listSubscriptions(c.get('db'), await callerScope(c), q, ACTIVE);
    return c.json(
      { data: rows.map((r) => toSubscription(r)), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  })
  .openapi(activeByCompany, async (c) => {
    const rows = await subscriptionsByCompany(c.get('db'), await callerScope(c), ACTIVE);
    const groups: { company_id: number; company_name: string; subscriptions: ReturnType<typeof toSubscription>[] }[] =
      [];
    for (const r of rows) {
      const last = groups.at(-1);
      const sub = toSubscription(r);
      if (last?.company_id === r.sub.companyId) last.subscriptions.push(sub);
      else groups.push({ company_id: r.sub.companyId, company_name: r.company.name, subscriptions: [sub] });
    }
    return c.json({ data: groups }, 200);
  })
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listSubscriptions(c.get('db'), await callerScope(c), q);
    return c.json(
      { data: rows.map((r) => toSubscription(r)), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  });

const writes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const scope = await callerScope(c);
    const customer = await customerOfCompany(db, scope, body.company_id);
    if (!customer && !(await companyInScope(db, scope, body.company_id)))
      return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' });
    const owner = customer?.ownerCompanyId ?? 0;
    const [price, coupon, taxRate, account] = await Promise.all([
      ownedPrice(db, owner, body.price_id),
      body.coupon_id ? ownedCoupon(db, owner, body.coupon_id) : null,
      body.tax_rate_id ? ownedTaxRate(db, owner, body.tax_rate_id) : null,
      operatorAccount(db, owner),
    ]);
    const trialEnd = body.trial_end ? new Date(body.trial_end) : null;
    const refusal = subscriptionRefusal({
      customer,
      price,
      couponWanted: body.coupon_id !== undefined,
      coupon,
      taxRateWanted: body.tax_rate_id !== undefined,
      taxRate,
      trialEnd,
      now: new Date(),
    });
    if (refusal) return refused(c, refusal);
    if (!customer?.stripeCustomerId || !price?.stripePriceId) throw new Error('refusal let a subscription through');
    const stripe = stripeOr503(c);
    if (stripe.error) return stripe.error;
    const anchor: BillingAnchor | null = body.billing_cycle_anchor ?? null;
    const id = await insertSubscription(db, {
      ownerCompanyId: owner,
      companyId: body.company_id,
      customerId: customer.id,
      priceId: price.id,
      couponId: coupon?.id ?? null,
      taxRateId: taxRate?.id ?? null,
      name: body.name ?? customer.name,
      quantity: body.quantity,
      trialEnd,
      billingCycleAnchor: anchor === null ? null : String(anchor),
      createdBy: authOf(c).user.id,
    });
    try {
      const s = await createAtStripe(stripe.stripe, {
        rowId: id,
        stripeCustomerId: customer.stripeCustomerId,
        defaultPaymentMethodId: customer.defaultPaymentMethodId,
        stripePriceId: price.stripePriceId,
        quantity: body.quantity,
        stripeCouponId: coupon?.stripeCouponId,
        stripeTaxRateId: taxRate?.stripeTaxRateId,
        trialEnd,
        anchor,
        account: account ?? null,
      });
      await saveSubscription(
        db,
        id,
        stripeChanges(s, { activatedAt: null }),
        billingAudit(c, 'billing.subscription.create', 'billing_subscription', id, {
          companyId: body.company_id,
          priceId: price.id,
          trialEnd: body.trial_end ?? null,
          anchor,
          stripeSubscriptionId: s.id,
        }),
      );
    } catch (err) {
      return stripeFailed(c, err, 'creationFailed', 'billing.subscription.create', 'billing_subscription', id);
    }
    const row = await scopedSubscription(db, scope, id);
    if (!row) throw new Error('created subscription not found');
    return c.json(toSubscription(row), 201);
  })
  .openapi(update, async (c) => {
    const { subscriptionId } = c.req.valid('param');
    const body = c.req.valid('json');
    const got = await found(c, subscriptionId);
    if (got.error) return got.error;
    const { sub } = got.row;
    if (isEnded(sub.status) || !sub.stripeSubscriptionId)
      return apiError(c, 409, 'SUBSCRIPTION_ENDED', 'billingSubscriptionEnded');
    const db = c.get('db');
    const [price, coupon, account] = await Promise.all([
      body.price_id ? ownedPrice(db, sub.ownerCompanyId, body.price_id) : null,
      body.coupon_id ? ownedCoupon(db, sub.ownerCompanyId, body.coupon_id) : null,
      operatorAccount(db, sub.ownerCompanyId),
    ]);
    if (body.price_id !== undefined) {
      if (!price?.active || !price.stripePriceId) return refused(c, 'priceNotFound');
      if (price.interval !== 'month' && price.interval !== 'year') return refused(c, 'priceNotRecurring');
    }
    if (body.coupon_id && !coupon?.stripeCouponId) return refused(c, 'couponNotFound');
    const stripe = stripeOr503(c);
    if (stripe.error) return stripe.error;
    try {
      // The SDK refuses an empty options object: none on the platform's account.
      const onAccount = stripeAccountOptions(account);
      const current = await stripe.stripe.subscriptions.retrieve(
        sub.stripeSubscriptionId,
        {},
        onAccount.stripeAccount ? onAccount : undefined,
      );
      const item = current.items.data[0];
      const params = {
        ...(item && (price || body.quantity !== undefined)
          ? {
              items: [
                {
                  id: item.id,
                  ...(price?.stripePriceId ? { price: price.stripePriceId } : {}),
                  ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
                },
              ],
            }
          : {}),
        ...(body.coupon_id !== undefined
          ? { discounts: coupon?.stripeCouponId ? [{ coupon: coupon.stripeCouponId }] : '' }
          : {}),
      } as const;
      const s = await stripe.stripe.subscriptions.update(sub.stripeSubscriptionId, params as never, {
        ...stripeAccountOptions(account),
        // One key per change: the row's last update names it.
        idempotencyKey: idempotencyKey('subscription', 'update', sub.id, (sub.updatedAt ?? sub.createdAt).getTime()),
      });
      await saveSubscription(
        db,
        sub.id,
        {
          ...stripeChanges(s, sub),
          ...(price ? { priceId: price.id } : {}),
          ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
          ...(body.coupon_id !== undefined ? { couponId: coupon?.id ?? null } : {}),
        },
        billingAudit(c, 'billing.subscription.update', 'billing_subscription', sub.id, body),
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'billing.subscription.update', 'billing_subscription', sub.id);
    }
    const row = await scopedSubscription(db, await callerScope(c), sub.id);
    if (!row) throw new Error('updated subscription not found');
    return c.json(toSubscription(row), 200);
  })
  .openapi(cancel, async (c) => {
    const { subscriptionId } = c.req.valid('param');
    const atPeriodEnd = c.req.valid('query').at_period_end === 'true';
    const got = await found(c, subscriptionId);
    if (got.error) return got.error;
    const { sub } = got.row;
    // Cancelling twice (or a subscription Stripe never made) changes nothing.
    if (isEnded(sub.status) || !sub.stripeSubscriptionId || (atPeriodEnd && sub.cancelAtPeriodEnd))
      return c.json(toSubscription(got.row), 200);
    const db = c.get('db');
    const stripe = stripeOr503(c);
    if (stripe.error) return stripe.error;
    const options = {
      ...stripeAccountOptions(await operatorAccount(db, sub.ownerCompanyId)),
      idempotencyKey: idempotencyKey('subscription', atPeriodEnd ? 'cancel-at-period-end' : 'cancel', sub.id),
    };
    try {
      const s = atPeriodEnd
        ? await stripe.stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true }, options)
        : await stripe.stripe.subscriptions.cancel(sub.stripeSubscriptionId, {}, options);
      await saveSubscription(
        db,
        sub.id,
        stripeChanges(s, sub),
        billingAudit(c, 'billing.subscription.cancel', 'billing_subscription', sub.id, { atPeriodEnd }),
      );
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'billing.subscription.cancel', 'billing_subscription', sub.id);
    }
    const row = await scopedSubscription(db, await callerScope(c), sub.id);
    if (!row) throw new Error('cancelled subscription not found');
    return c.json(toSubscription(row), 200);
  });

/** Mounted by routes/stripe/stripe.handlers.ts. */
export const subscriptionRoutes = new OpenAPIHono<AppEnv>().route('/', reads).route('/', writes);
