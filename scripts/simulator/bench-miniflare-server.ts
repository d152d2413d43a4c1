/**
 * @module The benchmark's product server without `wrangler dev`: the same two workers, bundled by
 * wrangler (`deploy --dry-run`), run by Miniflare directly, with the ocpp worker receiving
 * /ocpp/* as it does in production (no dev proxy process in front, no web-worker hop, and no
 * Miniflare entry worker: the port given is a direct socket to the ocpp worker).
 *
 * One Miniflare instance (one workerd process) per port given. With one port, D1 and the Durable
 * Objects' SQLite files persist in the seeded state directory, as under wrangler dev. With several,
 * the instances are shards: each runs the charge points whose id hashes to it (../simulator/bench-ids.ts)
 * and keeps their objects' SQLite files in its own directory, and all share the one seeded D1 through
 * Miniflare's shared storage (one instance, elected through a private dev registry in the state
 * directory, owns the D1 file; the others reach it over loopback, as production workers reach D1
 * over the network). A charge point costs about five descriptors in the workerd that runs it: two
 * TCP sockets (measured with and without Miniflare's entry worker in front, ADR 034) and, while its
 * object is awake, the object's SQLite database, WAL and shared-memory files. workerd's in-memory Durable Object
 * storage would save the three files, but it has no SQL API (measured: "This Durable Object is not
 * backed by SQLite storage"), and the ChargePoint needs SQLite; so the state lives on tmpfs instead.
 * Usage (child process of ./bench-product.ts): tsx bench-miniflare-server.ts BUNDLES STATE PORT[,PORT…]
 */

import { setPriority } from 'node:os';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';

// The nice value bench-product.ts gives servers (set here too, before anything this process starts).
if (Number(process.env.BENCH_SERVER_NICE) > 0) setPriority(Number(process.env.BENCH_SERVER_NICE));

const [bundles, state, portList] = process.argv.slice(2);
if (!bundles || !state || !portList) throw new Error('usage: bench-miniflare-server.ts BUNDLES STATE PORT[,PORT…]');
const ports = portList.split(',').map(Number);

// BENCH_INSPECT_PORT (one shard only): workerd's inspector on that loopback port, for
// scripts/simulator/bench-profile.ts to take a CPU profile of the ocpp worker during the steady phase.
const inspect = Number(process.env.BENCH_INSPECT_PORT) || undefined;

const DB = { DB: '00000000-0000-0000-0000-000000000001' };
const compatibility = { compatibilityDate: '2026-10-01', compatibilityFlags: ['nodejs_compat'] };

function instance(port: number, shard: number) {
  const options = convertV4MiniflareOptions({
    host: '127.0.0.1',
    // Uncaught errors are printed; BENCH_VERBOSE shows everything the workers log.
    log: new Log(process.env.BENCH_VERBOSE ? LogLevel.DEBUG : LogLevel.WARN),
    cf: false,
    // Miniflare's own entry socket (its `core:entry` worker, which re-sends every request and pumps
    // every WebSocket frame through one more hop) on a free port nobody uses; the charge points reach
    // the ocpp worker on the direct socket below, as production routes /ocpp/* straight to it.
    port: 0,
    ...(inspect && ports.length === 1 ? { inspectorPort: inspect } : {}),
    // The seeded D1 (the layout `wrangler dev --persist-to` and the bench seed use).
    resourcePersistencePath: join(state, 'v3'),
    workers: [
      {
        name: 'backoffice-ocpp',
        modules: true,
        modulesRoot: join(bundles, 'ocpp'),
        scriptPath: join(bundles, 'ocpp', 'index.js'),
        ...compatibility,
        ...(inspect ? { unsafeInspectorProxy: true } : {}),
        d1Databases: DB,
        durableObjects: {
          CHARGE_POINTS: {
            className: 'ChargePoint',
            useSQLite: true,
            // --keep-objects (a diagnostic, never the headline): workerd never evicts a ChargePoint,
            // so no message wakes one. Production evicts an idle object after about 10 s.
            ...(process.env.BENCH_KEEP_OBJECTS ? { unsafePreventEviction: true } : {}),
          },
          LiveFeed: { className: 'LiveFeed', scriptName: 'backoffice-web', useSQLite: true },
        },
        bindings: { HEARTBEAT_INTERVAL_SECONDS: '300' },
        // The port given: straight to the ocpp worker's fetch handler, no Miniflare entry worker in
        // front. Measured at 200 charge points (5 s interval): 1.25 against 1.36 ms of workerd CPU per
        // message through the entry worker. No cf-connecting-ip header here, so the bench's
        // Connected log entries carry no address.
        unsafeDirectSockets: [{ host: '127.0.0.1', port }],
      },
      {
        // Only for the live-feed rooms the charge points publish to (one set per shard).
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
  });
  if (ports.length === 1) return new Miniflare(options);
  // Shards: Miniflare's shared storage (not mapped by convertV4MiniflareOptions, so set here). The
  // dev registry is private to this run, so no other local dev session can join or own the storage.
  return new Miniflare({
    ...options,
    unsafeEnableSharedStorage: true,
    isolatedResourcePersistencePath: join(state, `shard-${shard}`),
    enableDevRegistry: true,
    unsafeDevRegistryPath: join(state, 'registry'),
  } as ConstructorParameters<typeof Miniflare>[0]);
}

const instances: Miniflare[] = [];
// One after the other, so the first is ready (and owns the shared D1) before the next starts.
for (const [shard, port] of ports.entries()) {
  const mf = instance(port, shard);
  instances.push(mf);
  await mf.ready;
}
console.log(`listening on ${ports.join(',')}`);
const stop = async () => {
  await Promise.allSettled(instances.map((mf) => mf.dispose()));
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
