/**
 * `npm start` keeps the local Stripe server's objects in a state file: after a restart the ids the
 * product's D1 holds still name the same objects, and an idempotency key used before the restart
 * still replays its first answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startStripeFake } from './server';

const dir = mkdtempSync(join(tmpdir(), 'stripe-fake-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const client = (url: string) => {
  const { hostname, port } = new URL(url);
  return new Stripe('sk_test_persistence', { host: hostname, port: Number(port), protocol: 'http' });
};

describe('the state file', () => {
  it('brings the objects and idempotency keys back after a restart', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startStripeFake({ port: 0, webhookSecret: 'whsec_x', stateFile });
    const customer = await client(first.url).customers.create({ name: 'Fleet A' }, { idempotencyKey: 'cust-1' });
    const product = await client(first.url).products.create({ name: 'Card' });
    await first.close();

    const second = await startStripeFake({ port: 0, webhookSecret: 'whsec_x', stateFile });
    try {
      const stripe = client(second.url);
      expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ name: 'Fleet A' });
      expect((await stripe.products.retrieve(product.id)).name).toBe('Card');
      const again = await stripe.customers.create({ name: 'Fleet A' }, { idempotencyKey: 'cust-1' });
      expect(again.id).toBe(customer.id);
      // New objects after the restart are listed after the old ones, newest first.
      const later = await stripe.products.create({ name: 'Later' });
      expect((await stripe.products.list()).data.map((p) => p.id)).toEqual([later.id, product.id]);
    } finally {
      await second.close();
    }
  });

  it('starts empty without a file', async () => {
    const fake = await startStripeFake({ port: 0, webhookSecret: 'whsec_x' });
    try {
      expect((await client(fake.url).products.list()).data).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
