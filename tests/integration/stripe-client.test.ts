/**
 * The workers' one Stripe client (workers/api/src/lib/stripe.ts) inside workerd, against the local
 * Stripe-compatible server the workers project starts: the SDK's fetch client reaches it through
 * STRIPE_API_BASE, a retried write with the same idempotency key returns the first object, and a
 * request Stripe's OpenAPI document refuses maps to the spec's text, never Stripe's own message.
 */

import { env } from 'cloudflare:test';
import { idempotencyKey, stripeClient, stripeFailure } from '@api/lib/stripe';
import { describe, expect, it } from 'vitest';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

describe('the Stripe client in workerd', () => {
  it('is absent without a key, so billing answers "not available" instead of pretending', () => {
    expect(stripeClient({ STRIPE_API_BASE: env.STRIPE_API_BASE })).toBeNull();
  });

  it('creates an object on the configured endpoint', async () => {
    const product = await stripe().products.create({ name: 'Charging card', metadata: { test: 'client' } });
    expect(product.id).toMatch(/^prod_/);
    expect((await stripe().products.retrieve(product.id)).name).toBe('Charging card');
  });

  it('returns the first object when a write is retried with the same idempotency key', async () => {
    const key = idempotencyKey('product', 'create', `client-test-${Date.now()}`);
    const first = await stripe().products.create({ name: 'Once' }, { idempotencyKey: key });
    const again = await stripe().products.create({ name: 'Once' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  });

  it("maps a refused request to the spec's failure text", async () => {
    const error = await stripe()
      // @ts-expect-error: a parameter Stripe's API does not have; the local server refuses it like Stripe.
      .products.create({ name: 'Bad', colour: 'red' })
      .catch((e: unknown) => e);
    const failure = stripeFailure(error, 'productCreationFailed');
    expect(failure).toMatchObject({ status: 400, message: 'productCreationFailed', detail: { param: 'colour' } });
  });
});
