/**
 * @module Buying a paid subscription contract (spec 7.8, setting 31; issue 17 §6). The mapping: a
 * contract is a term of `duration_months` paid up front at its price, renewed for another term when
 * autorenew is on. That is a Stripe subscription whose price recurs once per term
 * (`contractRecurrence`: whole years as years, otherwise months), billed to the billing customer of
 * the driver's company, with `cancel_at_period_end` = not autorenew (a new contract does not renew
 * until switched on). A one-off invoice would bill the first term but could not renew. The contract's
 * product and price are made once per operator (kept in the catalogue tables, named by the contract);
 * the driver's term starts when Stripe reports the subscription active or trialing.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { authOf } from '@api/middleware/permission';
import type { subscriptionContracts, users } from '@db/schema';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { contractRecurrence } from '@domain/billing/subscriptions';
import { addMonths } from '@domain/subscriptions/contracts';
import type { Context } from 'hono';
import {
  customerOfCompany,
  insertSubscription,
  operatorAccount,
  saveSubscription,
} from '../../stripe/subscriptions/subscriptions.store';
import { createAtStripe, stripeChanges } from '../../stripe/subscriptions/subscriptions.stripe';
import {
  companyCountry,
  contractProduct,
  insertContractProduct,
  insertPrice,
  matchingPrice,
  setStripePriceId,
  setStripeProductId,
} from './subscriptions.paid.store';
import { activateContract } from './subscriptions.store';

type Ctx = Context<AppEnv>;
type Contract = typeof subscriptionContracts.$inferSelect;
type User = typeof users.$inferSelect;

/** The contract's Stripe price on the operator's account, made (ours first, then Stripe) when missing. */
async function contractPrice(c: Ctx, stripe: Stripe, owner: number, contract: Contract, options: object) {
  const db = c.get('db');
  const { interval, intervalCount } = contractRecurrence(contract.durationMonths);
  let product = await contractProduct(db, owner, contract.id);
  if (!product) {
    const country = (await companyCountry(db, contract.companyId))?.country ?? '';
    product = await insertContractProduct(db, {
      ownerCompanyId: owner,
      contractId: contract.id,
      name: contract.name,
      country,
      type: 'recurring',
    });
  }
  let stripeProductId = product.stripeProductId;
  if (!stripeProductId) {
    const made = await stripe.products.create(
      { name: contract.name, metadata: { contract_id: String(contract.id) } },
      { ...options, idempotencyKey: idempotencyKey('product', 'create', product.id) },
    );
    stripeProductId = made.id;
    await setStripeProductId(db, product.id, made.id);
  }
  const wanted = {
    unitAmount: contract.priceMinor,
    currency: contract.currency.toUpperCase(),
    interval,
    intervalCount,
  };
  const price =
    (await matchingPrice(db, product.id, wanted)) ??
    (await insertPrice(db, { ownerCompanyId: owner, productId: product.id, ...wanted }));
  if (price.stripePriceId) return price;
  const made = await stripe.prices.create(
    {
      product: stripeProductId,
      unit_amount: wanted.unitAmount,
      currency: wanted.currency.toLowerCase(),
      recurring: { interval, interval_count: intervalCount },
    },
    { ...options, idempotencyKey: idempotencyKey('price', 'create', price.id) },
  );
  await setStripePriceId(db, price.id, made.id);
  return { ...price, stripePriceId: made.id };
}

/** Buys `contract` for `user`: 201 and the driver's term, or why not (409 no customer, 402, 502, 503). */
export async function buyPaidContract(c: Ctx, user: User, contract: Contract) {
  const db = c.get('db');
  const customer = await customerOfCompany(db, await callerScope(c), user.companyId);
  if (!customer?.stripeCustomerId)
    return { error: apiError(c, 409, 'BILLING_NO_CUSTOMER', 'billingNoCustomer', { field: 'userId' }) } as const;
  const stripe = stripeOr503(c);
  if (stripe.error) return { error: stripe.error } as const;
  const owner = customer.ownerCompanyId;
  const account = (await operatorAccount(db, owner)) ?? null;
  const audited = ['subscription.buy', 'user', user.id] as const;
  let price: Awaited<ReturnType<typeof contractPrice>>;
  try {
    price = await contractPrice(c, stripe.stripe, owner, contract, stripeAccountOptions(account));
  } catch (err) {
    return { error: await stripeFailed(c, err, 'creationFailed', ...audited) } as const;
  }
  const rowId = await insertSubscription(db, {
    ownerCompanyId: owner,
    companyId: user.companyId,
    customerId: customer.id,
    priceId: price.id,
    name: `${contract.name} · ${user.email}`,
    createdBy: authOf(c).user.id,
  });
  let s: Stripe.Subscription;
  try {
    s = await createAtStripe(stripe.stripe, {
      rowId,
      stripeCustomerId: customer.stripeCustomerId,
      defaultPaymentMethodId: customer.defaultPaymentMethodId,
      stripePriceId: price.stripePriceId ?? '',
      quantity: 1,
      cancelAtPeriodEnd: true,
      account,
      metadata: { contract_id: String(contract.id), user_id: String(user.id) },
    });
  } catch (err) {
    return { error: await stripeFailed(c, err, 'creationFailed', ...audited) } as const;
  }
  const changes = stripeChanges(s, { activatedAt: null });
  const subAudit = billingAudit(c, 'billing.subscription.create', 'billing_subscription', rowId, {
    contractId: contract.id,
    userId: user.id,
    stripeSubscriptionId: s.id,
  });
  if (!changes.activatedAt) {
    await saveSubscription(db, rowId, changes, subAudit);
    return { error: apiError(c, 402, 'PAYMENT_FAILED', 'paymentFailed') } as const;
  }
  const now = new Date();
  const userContractId = await activateContract(
    db,
    { userId: user.id, contractId: contract.id, startsAt: now, expiresAt: addMonths(now, contract.durationMonths) },
    callerAudit(c, {
      action: 'subscription.activate',
      entity: 'user',
      entityId: user.id,
      detail: { contractId: contract.id, priceMinor: contract.priceMinor, stripeSubscriptionId: s.id },
    }),
  );
  await saveSubscription(db, rowId, { ...changes, userContractId }, subAudit);
  return { userContractId } as const;
}

/** Renewal of a paid contract is Stripe's `cancel_at_period_end`, the other way round. */
export async function setPaidRenewal(
  c: Ctx,
  sub: {
    id: number;
    ownerCompanyId: number;
    stripeSubscriptionId: string | null;
    activatedAt: Date | null;
    createdAt: Date;
    updatedAt: Date | null;
  },
  on: boolean,
) {
  if (!sub.stripeSubscriptionId) return null;
  const stripe = stripeOr503(c);
  if (stripe.error) return stripe.error;
  const db = c.get('db');
  try {
    const s = await stripe.stripe.subscriptions.update(
      sub.stripeSubscriptionId,
      { cancel_at_period_end: !on },
      {
        ...stripeAccountOptions(await operatorAccount(db, sub.ownerCompanyId)),
        // One key per switch: the row's last change names it.
        idempotencyKey: idempotencyKey('subscription', 'autorenew', sub.id, (sub.updatedAt ?? sub.createdAt).getTime()),
      },
    );
    await saveSubscription(db, sub.id, stripeChanges(s, sub));
  } catch (err) {
    return stripeFailed(c, err, 'updateFailed', 'subscription.autorenew', 'billing_subscription', sub.id);
  }
  return null;
}
