/**
 * Starts the project's local Stripe-compatible server (scripts/stripe-fake) for the `workers`
 * project, on the port vitest.config.ts chose and gave the API as `STRIPE_API_BASE`, so billing
 * tests call a server that validates every request against Stripe's OpenAPI document. The API in
 * workerd is not reachable over HTTP there, so the server sends no webhooks: tests sign their own.
 */
import { startStripeFake } from '../../scripts/stripe-fake/server';

export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_workers_project';

export default async function setup() {
  const port = Number(process.env.STRIPE_FAKE_PORT);
  if (!port) throw new Error('STRIPE_FAKE_PORT is not set: vitest.config.ts chooses it');
  const fake = await startStripeFake({ port, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET });
  return () => fake.close();
}
