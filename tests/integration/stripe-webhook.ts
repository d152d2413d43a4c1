/**
 * Delivers a Stripe event to the API's webhook endpoint inside workerd, signed with the test secret as
 * Stripe would sign it, and waits for the work the handler left running after its answer.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { createApi } from '@api/app';
import { stripeCryptoProvider } from '@api/lib/stripe';
import Stripe from 'stripe';
import { BASE } from './helpers';

export async function deliverStripeEvent(event: unknown): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: env.STRIPE_WEBHOOK_SECRET ?? '',
    cryptoProvider: stripeCryptoProvider,
  });
  const ctx = createExecutionContext();
  const res = await createApi().fetch(
    new Request(`${BASE}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
