/**
 * `npm run stripe:endpoints`: the Stripe operations the product calls and the test files in which
 * each was sent to the local Stripe-compatible server and passed its validation against Stripe's
 * OpenAPI document (a request the document refuses fails the test that sends it). Runs each billing
 * workers test file alone with STRIPE_FAKE_LOG set, so the server names the operations it served.
 * Operations the tests send themselves to check Stripe's side are counted too; the first table,
 * read from the product's code, says which calls are the product's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

// 1. The SDK calls in product code: `stripe.<resource>.<method>(` or `stripe().<resource>…`.
const calls = new Map<string, Set<string>>();
for (const file of [...filesUnder('workers'), ...filesUnder('app')]) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const m of text.matchAll(/\bstripe(?:\(\))?\.((?:[a-zA-Z]+\.)?[a-zA-Z]+)\.([a-zA-Z]+)\(/g)) {
    const call = `${m[1]?.replace(/^stripe\./, '')}.${m[2]}`;
    if (call.startsWith('webhooks.')) continue;
    if (!calls.has(call)) calls.set(call, new Set());
    calls.get(call)?.add(file.replace(/^workers\/api\/src\//, ''));
  }
}
console.log(`SDK calls in the product's code (${calls.size}):`);
for (const [call, files] of [...calls].sort()) console.log(`  ${call.padEnd(34)} ${[...files].join(', ')}`);

// 2. The operations each billing test file makes the local server serve.
const tests = readdirSync(join(root, 'tests/integration'))
  .filter((f) => /^(billing-|stripe-|subscriptions\.)/.test(f) && f.endsWith('.test.ts'))
  .map((f) => `tests/integration/${f}`);
const served = new Map<string, Set<string>>();
mkdirSync(join(root, 'tests/.tmp'), { recursive: true });
for (const test of tests) {
  const log = join(root, `tests/.tmp/stripe-endpoints-${process.pid}.log`);
  rmSync(log, { force: true });
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'workers', test], {
    cwd: root,
    env: { ...process.env, STRIPE_FAKE_LOG: log },
    encoding: 'utf8',
  });
  const ok = run.status === 0;
  const ops = existsSync(log) ? new Set(readFileSync(log, 'utf8').trim().split('\n').filter(Boolean)) : new Set();
  rmSync(log, { force: true });
  console.error(`${ok ? '✓' : '✖'} ${test}: ${ops.size} operations`);
  for (const op of ops) {
    if (!served.has(op as string)) served.set(op as string, new Set());
    served.get(op as string)?.add(`${test.replace('tests/integration/', '')}${ok ? '' : ' (FAILED)'}`);
  }
}
console.log(`\nStripe operations validated against the OpenAPI document, by test file (${served.size}):`);
for (const [op, files] of [...served].sort()) console.log(`  ${op.padEnd(52)} ${[...files].join(', ')}`);
