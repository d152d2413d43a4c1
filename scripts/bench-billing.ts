/**
 * @module `npm run bench:billing -- <part>`: the billing benchmarks of issue 17 part 13, one
 * subcommand per part. `monthly`: the monthly usage invoice job (./bench-billing-monthly.ts).
 * `webhooks`: Stripe webhook events applied per second, none twice (./bench-billing-webhooks.ts).
 */
import { benchMonthly } from './bench-billing-monthly';
import { benchWebhooks } from './bench-billing-webhooks';

const parts: Record<string, () => Promise<void>> = { monthly: benchMonthly, webhooks: benchWebhooks };
const part = process.argv[2] ?? '';
const run = parts[part];
if (run) await run();
else {
  console.error(`usage: npm run bench:billing -- <${Object.keys(parts).join('|')}> [options]`);
  process.exitCode = 2;
}
