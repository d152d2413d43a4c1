import { applyD1Migrations, type D1Migration, env } from 'cloudflare:test';

const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);

// Every test file's D1 starts its ids at 1 and the product derives Stripe idempotency keys from row
// ids, while one local Stripe server serves the whole run and keeps idempotency keys per API key, as
// Stripe does. A key of its own per test file keeps one file's `product:create:1` from replaying (or
// conflicting with) another's, as two databases never share a Stripe key in production.
(env as { STRIPE_SECRET_KEY?: string }).STRIPE_SECRET_KEY =
  `sk_test_workers_${crypto.randomUUID().replaceAll('-', '')}`;
