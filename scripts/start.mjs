// `npm start`: builds the product, applies D1 migrations to the local state, seeds the demo data
// on first start, makes the development CA once (scripts/dev-ca.ts), then serves both workers
// (web + ocpp) with one `wrangler dev --env dev` (wrangler.toml's development settings), locally persisted.
import { existsSync, readdirSync } from 'node:fs';
import { bin, runNode, startNode, waitForHttp } from './lib.mjs';

const port = process.env.PORT ?? '8787';
const inspectorPort = process.env.INSPECTOR_PORT ?? String(Number(port) + 10_000);
const persistDir = process.env.PERSIST_DIR ?? '.wrangler/state';
const started = Date.now();

console.log('▸ Building the web app …');
runNode(bin.remix, ['vite:build'], { quiet: true });
console.log('▸ Applying D1 migrations (local) …');
runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir], { quiet: true });
console.log('▸ Seeding demo data if the database is empty …');
const seeded = runNode(bin.tsx, ['scripts/seed.ts', '--print-logins'], { quiet: true }).stdout;
const [seedSummary, logins] = seeded.split('\nDemo logins');
console.log(`  ${seedSummary.trim()}`);

console.log('▸ Certificate authority for SignCertificate …');
const ca = runNode(bin.tsx, ['scripts/dev-ca.ts', persistDir], { quiet: true }).stdout;
console.log(`  ${ca.trim()}`);

// Billing: without a Stripe endpoint of your own (STRIPE_API_BASE with STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET in .dev.vars, see README), the project's local Stripe-compatible server.
const stripeBase = process.env.STRIPE_API_BASE;
let stripe;
const stripeVars = [];
if (!stripeBase) {
  const stripePort = process.env.STRIPE_PORT ?? '12111';
  console.log(`▸ Local Stripe-compatible server on 127.0.0.1:${stripePort} …`);
  stripe = startNode(bin.tsx, [
    'scripts/stripe-fake/server.ts',
    '--port',
    stripePort,
    '--webhook-url',
    `http://127.0.0.1:${port}/api/stripe/webhook`,
    // wrangler.toml's development secret ([env.dev.vars]); never a production one.
    '--webhook-secret',
    'whsec_local_development_only',
    // Kept beside the local D1 state, whose rows name these objects.
    '--state-file',
    `${persistDir}/stripe-fake.json`,
  ]);
  stripe.stderr.on('data', (d) => process.stderr.write(d));
  stripe.on('exit', (code) => {
    if (code) console.error(`local Stripe-compatible server exited (${code})`);
  });
  stripeVars.push('--var', `STRIPE_API_BASE:http://127.0.0.1:${stripePort}`);
  // New billing customers go on a test clock, so /dev/clocks can advance their subscriptions.
  stripeVars.push('--var', 'STRIPE_LOCAL_TEST_CLOCKS:1');
  console.log(`  Advance billing time on http://127.0.0.1:${stripePort}/dev/clocks`);
} else {
  stripeVars.push('--var', `STRIPE_API_BASE:${stripeBase}`);
}

// Single sign-on: the local OpenID provider the demo company logs in through (scripts/oidc-dev.ts, ADR 048).
const oidcPort = process.env.OIDC_DEV_PORT ?? '12112';
console.log(`▸ Local OpenID provider on 127.0.0.1:${oidcPort} …`);
const oidc = startNode(bin.tsx, [
  'scripts/oidc-dev.ts',
  '--port',
  oidcPort,
  '--redirect',
  `http://127.0.0.1:${port}/sso/callback`,
]);
oidc.stderr.on('data', (d) => process.env.VERBOSE === '1' && process.stderr.write(d));
oidc.on('exit', (code) => {
  if (code) console.error(`local OpenID provider exited (${code})`);
});

// Reporting warehouse (ADR 052): a local PostgreSQL behind the neon driver's WebSocket proxy when
// Debian's binaries exist (data kept in the persisted state), or your own NEON_DATABASE_URL.
const warehouseVars = [];
let warehouse;
if (process.env.NEON_DATABASE_URL) {
  warehouseVars.push('--var', `NEON_DATABASE_URL:${process.env.NEON_DATABASE_URL}`);
  if (process.env.NEON_WS_PROXY) warehouseVars.push('--var', `NEON_WS_PROXY:${process.env.NEON_WS_PROXY}`);
  console.log('▸ Warehouse: NEON_DATABASE_URL from the environment');
} else if (
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`))
) {
  const pgPort = process.env.WAREHOUSE_PG_PORT ?? '12113';
  const proxyPort = process.env.WAREHOUSE_PROXY_PORT ?? '12114';
  console.log(`▸ Warehouse: local PostgreSQL on 127.0.0.1:${pgPort}, its WebSocket proxy on 127.0.0.1:${proxyPort} …`);
  warehouse = startNode(bin.tsx, [
    'scripts/warehouse/local.ts',
    ...['--data-dir', `${persistDir}/warehouse-pg`, '--pg-port', pgPort, '--proxy-port', proxyPort],
  ]);
  warehouse.stderr.on('data', (d) => process.stderr.write(d));
  const settings = await new Promise((resolve, reject) => {
    let out = '';
    warehouse.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    warehouse.on('exit', (code) => reject(new Error(`the local warehouse exited (${code})`)));
  });
  for (const [k, v] of Object.entries(settings)) warehouseVars.push('--var', `${k}:${v}`);
} else {
  console.log('warehouse: off (no PostgreSQL found); reports read D1');
}

console.log('▸ Starting the web and ocpp workers …');
const dev = startNode(bin.wrangler, [
  'dev',
  '-c',
  'wrangler.toml',
  '-c',
  'workers/ocpp/wrangler.toml',
  '--env',
  'dev',
  '--ip',
  '127.0.0.1',
  '--port',
  port,
  '--inspector-port',
  inspectorPort,
  '--persist-to',
  persistDir,
  '--test-scheduled',
  ...stripeVars,
  ...warehouseVars,
  '--show-interactive-dev-session=false',
]);
const verbose = process.env.VERBOSE === '1';
dev.stdout.on('data', (d) => verbose && process.stdout.write(d));
dev.stderr.on('data', (d) => process.stderr.write(d));
dev.on('exit', (code) => {
  console.log(`wrangler dev exited (${code})`);
  process.exit(code ?? 1);
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stripe?.kill('SIGINT');
    oidc.kill('SIGINT');
    warehouse?.kill('SIGINT');
    dev.kill('SIGINT');
  });

const base = `http://127.0.0.1:${port}`;
await waitForHttp(`${base}/api/client-version`);
await waitForHttp(`${base}/login`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nDemo logins${logins.trimEnd()}`);
console.log(`
✔ Back office ready in ${seconds} s: ${base}
  Log in with any user above. superuser@voltaria.test pairs an authenticator app on first login.
  2FA: the e-mailed code is readable at ${base}/dev/mailbox (or ${base}/api/dev/mailbox).
  Charge points connect to ws://127.0.0.1:${port}/ocpp/{chargePointId} with subprotocol ocpp1.6.
  API reference: ${base}/api/docs   Cron: ${base}/__scheduled?cron=*/5+*+*+*+*
  Billing: ${stripe ? 'the local Stripe-compatible server (card entry through its dev page), log in as billing@voltaria.test' : `Stripe at ${stripeBase}`}
  Single sign-on: the dev OpenID provider at http://127.0.0.1:${oidcPort} (SSO logins above).
  Reports: ${warehouseVars.length ? 'the warehouse (sync: /__scheduled?cron=*/15+*+*+*+*)' : 'D1 (no warehouse)'}.
  Stop with Ctrl+C. Local D1, R2 and Durable Object state is kept in ${persistDir}.
`);
