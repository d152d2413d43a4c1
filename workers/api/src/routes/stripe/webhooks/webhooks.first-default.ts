/**
 * @module After a setup completes at Stripe (`setup_intent.succeeded`, or `checkout.session.completed`
 * in setup mode), its payment method becomes the customer's first default, as the screen's return
 * does (customer.first-default.ts): a user who closes the tab after Checkout still leaves a customer
 * whose subscriptions and invoices can be charged. Only a setup intent of ours, from the account that
 * holds its customer; nothing when the customer already has a default. A Stripe failure throws, so the
 * event is marked failed and Stripe's redelivery tries again.
 */
import { type StripeSettings, stripeClient } from '@api/lib/stripe';
import type { Db } from '@db/db';
import type { BillingEvent } from '@domain/billing/apply-event';
import { completedSetup, setupIntentResult } from '@domain/billing/payment-methods';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { makeFirstDefault } from '../customer/customer.first-default';
import { setupIntentCustomer } from '../customer/customer.payment-methods.store';
import { operatorAccount } from '../customer/customer.store';

export async function firstDefaultAfterSetup(env: StripeSettings, db: Db, event: BillingEvent): Promise<void> {
  const setup = completedSetup(event);
  if (!setup) return;
  const customer = (await setupIntentCustomer(db, setup.setupIntentId))?.customer;
  if (!customer?.stripeCustomerId || customer.defaultPaymentMethodId) return;
  const options = stripeAccountOptions(await operatorAccount(db, customer.ownerCompanyId));
  // Another account's object with the same id is not ours.
  if ((options.stripeAccount ?? null) !== (event.account ?? null)) return;
  const stripe = stripeClient(env);
  if (!stripe) return;
  let { paymentMethodId, status } = setup;
  let failed = false;
  if (paymentMethodId === null) {
    const intent = await stripe.setupIntents.retrieve(setup.setupIntentId, {}, options);
    const pm = intent.payment_method;
    paymentMethodId = typeof pm === 'string' ? pm : (pm?.id ?? null);
    status = intent.status;
    failed = intent.last_setup_error !== null;
  }
  await makeFirstDefault(
    db,
    stripe,
    options,
    customer,
    { result: setupIntentResult(status, failed), attached: paymentMethodId },
    (to) => ({
      action: 'stripe.payment_method.default',
      actorUserId: null,
      companyId: customer.ownerCompanyId,
      entity: 'billing_customer',
      entityId: customer.id,
      detail: { from: null, to, setupIntent: setup.setupIntentId, event: event.id },
    }),
  );
}
