/**
 * Six test projects: `unit` (pure domain logic in Node), `workers` (the API inside workerd with
 * D1 migrations applied and the ocpp worker loaded as an auxiliary worker), `workers-ca` (the same
 * with a built-in certificate authority key in the ocpp worker), `ocpp` (the ocpp
 * worker's own project inside workerd), `e2e` (Debian's Chromium against the built product) and
 * `ocpp-live` (ocpp-rpc in strict mode against the built product).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';
import { freePort } from './scripts/node-processes';
import { localWarehouseUrl, postgresBin } from './scripts/warehouse/postgres';
import { proxySetting } from './scripts/warehouse/ws-proxy';

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const migrations = await readD1Migrations(root('./migrations'));
const testVars = {
  APP_ENV: 'test',
  APP_VERSION: '0.1.0-test',
  SESSION_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
  EMAIL_FROM: 'no-reply@test.localhost',
};
/**
 * The local Stripe-compatible server of the `workers` project (tests/support/stripe-fake-setup.ts)
 * listens on this port; the API inside workerd reaches it as `STRIPE_API_BASE`.
 */
const stripePort = Number(process.env.STRIPE_FAKE_PORT ?? (await freePort()));
process.env.STRIPE_FAKE_PORT = String(stripePort);
const STRIPE = {
  STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
  STRIPE_SECRET_KEY: 'sk_test_workers_project',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_workers_project',
};
/**
 * The local OpenID provider of the `workers` project (tests/support/oidc-dev-setup.ts, scripts/oidc-dev.ts)
 * listens on this port; SSO tests configure it as a company's issuer (ADR 048).
 */
const oidcPort = Number(process.env.OIDC_DEV_PORT ?? (await freePort()));
process.env.OIDC_DEV_PORT = String(oidcPort);
const OIDC = { OIDC_TEST_ISSUER: `http://127.0.0.1:${oidcPort}` };
/** Metabase signed embedding (ADR 055): a site address and a test-only signing secret, so the embed route answers. */
const METABASE = {
  METABASE_SITE_URL: 'https://metabase.example.test',
  METABASE_SECRET_KEY: 'test-metabase-secret-0123456789abcdef0123456789abcdef',
};
/**
 * The local reporting warehouse of the `workers` project (tests/support/warehouse-setup.ts, ADR 052):
 * PostgreSQL on one port, the neon driver's WebSocket proxy on another. Without PostgreSQL binaries the
 * bindings are absent and the API reads its reports from D1, as a deployment without Neon does.
 */
const warehousePorts = {
  WAREHOUSE_PG_PORT: Number(process.env.WAREHOUSE_PG_PORT ?? (await freePort())),
  WAREHOUSE_PROXY_PORT: Number(process.env.WAREHOUSE_PROXY_PORT ?? (await freePort())),
};
Object.assign(process.env, {
  WAREHOUSE_PG_PORT: String(warehousePorts.WAREHOUSE_PG_PORT),
  WAREHOUSE_PROXY_PORT: String(warehousePorts.WAREHOUSE_PROXY_PORT),
});
const WAREHOUSE: Record<string, string> = postgresBin()
  ? {
      NEON_DATABASE_URL: localWarehouseUrl(warehousePorts.WAREHOUSE_PG_PORT),
      NEON_WS_PROXY: proxySetting(warehousePorts.WAREHOUSE_PROXY_PORT),
    }
  : {};
/** A stand-in CA chain: with it the API's tests see SignCertificate accepted and CertificateSigned sent (ADR 014). */
const TEST_CA_CHAIN = '-----BEGIN CERTIFICATE-----\nVEVTVC1DQQ==\n-----END CERTIFICATE-----';
/** The ocpp project runs the built-in CA (ADR 014 addendum) with the test-only P-256 root of tests/fixtures/ca. */
const fixture = (name: string) => readFileSync(root(`./tests/fixtures/ca/${name}`), 'utf8');
const BUILT_IN_CA = {
  OCPP_CA_CERTIFICATE_CHAIN: fixture('ca-ec.pem'),
  OCPP_CA_PRIVATE_KEY: fixture('ca-ec.key.pem'),
  OCPP_CA_ORGANIZATION: 'Voltaria Test',
};

/**
 * The API worker inside workerd, D1 migrations applied, with the ocpp worker loaded beside it as an
 * auxiliary worker; `ca` is the certificate authority both see.
 */
function apiProject(
  name: string,
  include: string[],
  ca: { OCPP_CA_CERTIFICATE_CHAIN: string } & Record<string, string>,
  stripe?: typeof STRIPE,
) {
  return {
    plugins: [
      tsconfigPaths(),
      cloudflareTest({
        main: './tests/integration/worker.ts',
        // [env.dev]: the top level is production's (no dev mailbox, which the tests log in through).
        wrangler: { configPath: './wrangler.toml', environment: 'dev' },
        miniflare: {
          bindings: {
            ...testVars,
            OCPP_CA_CERTIFICATE_CHAIN: ca.OCPP_CA_CERTIFICATE_CHAIN,
            TEST_MIGRATIONS: migrations,
            ...stripe,
            ...(stripe ? OIDC : {}),
            ...(stripe ? METABASE : {}),
            ...(stripe ? WAREHOUSE : {}),
          },
          workers: [
            {
              name: 'backoffice-ocpp',
              modules: true,
              scriptPath: root('./dist/ocpp/index.js'),
              compatibilityDate: '2026-10-01',
              compatibilityFlags: ['nodejs_compat'],
              durableObjects: {
                CHARGE_POINTS: { className: 'ChargePoint', useSQLite: true },
                SITE_LOADS: { className: 'SiteLoad', useSQLite: true },
              },
              d1Databases: { DB: '00000000-0000-0000-0000-000000000001' },
              bindings: { HEARTBEAT_INTERVAL_SECONDS: '300', APP_ENV: 'test', ...ca },
            },
          ],
        },
      }),
    ],
    test: {
      name,
      include,
      // Logging every role in through the real API takes a while on a busy machine, and the
      // authorization matrix walks every operation once per role.
      hookTimeout: 60_000,
      testTimeout: 60_000,
      setupFiles: ['./tests/integration/setup.ts'],
      globalSetup: stripe
        ? [
            './tests/support/stripe-fake-setup.ts',
            './tests/support/oidc-dev-setup.ts',
            './tests/support/warehouse-setup.ts',
          ]
        : [],
    },
  };
}

export default defineConfig({
  define: { __DEV_TOOLS__: 'true' },
  test: {
    // Vitest's default (one worker fewer than cores) runs one file at a time on a 2-core machine,
    // and one file keeps a core only partly busy: workerd and Vitest hand each module and message
    // back and forth. Two files at a time use both cores (ADR 037). e2e and ocpp-live
    // stay one file at a time (fileParallelism: false), after the other projects.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'domain/**/*.test.ts',
            'i18n/**/*.test.ts',
            'drizzle/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      apiProject('workers', ['tests/integration/**/*.test.ts'], { OCPP_CA_CERTIFICATE_CHAIN: TEST_CA_CHAIN }, STRIPE),
      // The same API whose ocpp worker holds a built-in CA key (ADR 014, addendum 2): a certificate it
      // issues can be revoked through the API and appears in the signed CRL.
      apiProject('workers-ca', ['tests/integration-ca/**/*.test.ts'], BUILT_IN_CA),
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: './workers/ocpp/wrangler.toml', environment: 'test' },
            miniflare: { bindings: { TEST_MIGRATIONS: migrations, ...BUILT_IN_CA } },
          }),
        ],
        test: {
          name: 'ocpp',
          include: ['tests/ocpp/**/*.test.ts'],
          // A guard against hangs, not a speed bound: the cost tests send 200 messages, which takes
          // several seconds on a busy 2-core machine.
          testTimeout: 30_000,
          setupFiles: ['./tests/ocpp/setup.ts'],
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: 'e2e',
          environment: 'node',
          // How long a browser assertion waits for the page to settle; not a performance bound.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/support/live-server-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [tsconfigPaths()],
        // OCPP against the real workers, driven by an independent client library (ocpp-rpc) in strict mode.
        test: {
          name: 'ocpp-live',
          environment: 'node',
          include: ['tests/ocpp-live/**/*.test.ts'],
          globalSetup: ['./tests/support/live-server-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
