/**
 * @module `npm run bench:billing -- <part>`: the billing benchmarks of issue 17 part 13, one
 * subcommand per part. `monthly`: the monthly usage invoice job (./bench-billing-monthly.ts).
 * `webhooks` (events applied per second) is another engineer's part and lands beside it.
 */
import { benchMonthly } from './bench-billing-monthly';

const parts: Record<string, () => Promise<void>> = { monthly: benchMonthly };
const part = process.argv[2] ?? '';
const run = parts[part];
if (run) await run();
else {
  console.error(`usage: npm run bench:billing -- <${Object.keys(parts).join('|')}> [options]`);
  process.exitCode = 2;
}
