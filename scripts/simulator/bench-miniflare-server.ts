/**
 * @module The benchmark's product server without `wrangler dev`: the same two workers, bundled by
 * wrangler (`deploy --dry-run`), run by Miniflare directly, with the ocpp worker receiving
 * /ocpp/* as it does in production (no dev proxy process in front, no web-worker hop). D1 and the
 * Durable Objects' SQLite storage persist in the seeded state directory, as under wrangler dev.
 * A charge point then costs four descriptors in workerd (its socket and its object's SQLite
 * database, WAL and shared-memory files) instead of about five: Miniflare's in-memory
 * ("ephemeral") Durable Objects would save three, but they have no SQLite storage, which the
 * ChargePoint needs.
 * Usage (child process of ./bench-product.ts): tsx bench-miniflare-server.ts BUNDLES STATE PORT
 */
import { join } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';

const [bundles, state, port] = process.argv.slice(2);
if (!bundles || !state || !port) throw new Error('usage: bench-miniflare-server.ts BUNDLES STATE PORT');

const DB = { DB: '00000000-0000-0000-0000-000000000001' };
const compatibility = { compatibilityDate: '2026-10-01', compatibilityFlags: ['nodejs_compat'] };

const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    // Uncaught errors are printed; BENCH_VERBOSE shows everything the workers log.
    log: new Log(process.env.BENCH_VERBOSE ? LogLevel.DEBUG : LogLevel.WARN),
    cf: false,
    port: Number(port),
    // The seeded D1 (the layout `wrangler dev --persist-to` and the bench seed use).
    resourcePersistencePath: join(state, 'v3'),
    workers: [
      {
        name: 'backoffice-ocpp',
        modules: true,
        modulesRoot: join(bundles, 'ocpp'),
        scriptPath: join(bundles, 'ocpp', 'index.js'),
        ...compatibility,
        // Durable Object storage in memory: the benchmark's one departure from the product (say so).
        d1Databases: DB,
        durableObjects: {
          CHARGE_POINTS: { className: 'ChargePoint', useSQLite: true },
          LiveFeed: { className: 'LiveFeed', scriptName: 'backoffice-web', useSQLite: true },
        },
        bindings: { HEARTBEAT_INTERVAL_SECONDS: '300' },
      },
      {
        // Only for the live-feed rooms the charge points publish to.
        name: 'backoffice-web',
        modules: true,
        modulesRoot: join(bundles, 'web'),
        scriptPath: join(bundles, 'web', 'index.js'),
        ...compatibility,
        d1Databases: DB,
        durableObjects: {
          LiveFeed: { className: 'LiveFeed', useSQLite: true },
          CHARGE_POINTS: { className: 'ChargePoint', scriptName: 'backoffice-ocpp', useSQLite: true },
        },
        bindings: {
          APP_ENV: 'development',
          APP_VERSION: '0.1.0',
          SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
          EMAIL_FROM: 'no-reply@bench.localhost',
        },
      },
    ],
  }),
);

await mf.ready;
console.log(`listening on ${port}`);
const stop = async () => {
  await mf.dispose();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
