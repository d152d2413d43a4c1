/**
 * @module `npm run bench:ocpi` (issue 22 part 10): OCPI figures over a fresh local D1 (Miniflare's
 * workerd D1, migrated with `wrangler d1 migrations apply --local`, seeded with node:sqlite).
 * - **CDR push throughput**: `--cdrs N` closed, priced roaming sessions; each CDR is made by the
 *   product's code (`ocpiSessionFacts` + `toOcpiCdr`), queued in the outbox (`push`) and delivered by
 *   the cron's drain (`drainOcpiOutbox`: claim, open the sealed partner token, POST, message log,
 *   settle) to a local in-process partner (a Hono app answering the OCPI envelope after checking the
 *   CDR with the module schema). Printed: pushes per second and CPU ms per push of this process (D1's
 *   own work runs in workerd and is not in it; each D1 statement crosses Miniflare's binding proxy, so
 *   the wall time is an upper bound of what a worker next to D1 sees).
 * - **Baseline in the same run**: the same CDR bodies sent as bare `fetch` + `JSON.stringify` /
 *   `res.json()` to the same partner, no outbox and no D1.
 * - **Real-time token authorization** (us as e-mobility provider): `--authorizations N` calls, one after
 *   the other (a steady closed-loop load), of `POST /ocpi/2.2.1/emsp/tokens/{uid}/authorize` through the
 *   product's OCPI app (`createOcpi()`: token lookup, our authorization decision's statement, the kept
 *   reference, the message log), against a baseline in the same run: the same request answered with a
 *   fixed AuthorizationInfo by a bare Hono route (no D1). Printed: p50/p95 wall and CPU ms per call.
 * - **Locations pull**: `--locations N` (default 10,000, 5 EVSEs each) pulled page by page through our
 *   locations sender against the same pages as prebuilt JSON (scripts/bench-ocpi-locations.ts).
 * Self-stopping (15 minutes at most).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { sha256Hex } from '../domain/identity/encoding';
import { Cdr, toOcpiCdr } from '../domain/ocpi/cdrs';
import { authorizationHeader } from '../domain/ocpi/transport';
import { openDb } from '../drizzle/db';
import { ocpiSessionFacts, sessionObjectKey } from '../drizzle/queries/ocpi-sessions.store';
import { createOcpi } from '../workers/api/src/ocpi/ocpi.app';
import { drainOcpiOutbox } from '../workers/api/src/ocpi/ocpi.connect';
import { push } from '../workers/api/src/ocpi/ocpi.outbox';
import { sealPartnerToken } from '../workers/api/src/ocpi/ocpi.secret';
import { benchWorkspace, intOption, log } from './bench-lib';
import { benchLocationsPull, printLocationsPull, seedLocations } from './bench-ocpi-locations';
import { bin, runNode } from './lib.mjs';
import { freePort } from './node-processes';

const PARTNER = 'http://partner.bench.invalid/ocpi/2.2.1';
const TOKEN = 'bench-partner-token-c';
const env = { APP_ENV: 'development' } as const;
const T0 = Date.UTC(2026, 9, 1, 8);
/** The token the bench partner presents to us (its calls to our authorize endpoint). */
const INCOMING = 'bench-partner-token-b';

function seed(file: string, cdrs: number) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF');
  const endpoints = JSON.stringify([{ identifier: 'cdrs', role: 'RECEIVER', url: `${PARTNER}/cdrs` }]);
  db.exec(`BEGIN;
    INSERT INTO companies (id, name, country, cpms) VALUES (1, 'Bench operator', 'FR', 'public');
    INSERT INTO ocpi_parties (company_id, country_code, party_id, role, business_name) VALUES (1, 'FR', 'BEN', 'CPO', 'Bench');
    INSERT INTO ocpi_parties (company_id, country_code, party_id, role, business_name) VALUES (1, 'FR', 'BEN', 'EMSP', 'Bench');
    INSERT INTO users (id, company_id, email, can_charge_public) VALUES (1, 1, 'driver@bench.invalid', 1);
    INSERT INTO rfids (id, company_id, key_hanger_code, uuid, user_id, peering) VALUES (1, 1, 'KH1', 'CARD1', 1, '1');
    INSERT INTO ocpi_peerings (id, company_id, name, direction, our_base_url, version, endpoints_json, state, outgoing_token_kind)
      VALUES (1, 1, 'Bench partner', 'outbound', 'http://bench.invalid/ocpi', '2.2.1', '${endpoints}', 'registered', 'C');
    INSERT INTO stations (id, uid, name, company_id, address, city, postal_code, country, latitude, longitude)
      VALUES (1, 'BENCH-ST-1', 'Bench station', 1, 'Rue de la Gare 1', 'Lyon', '69001', 'FR', 45.76, 4.83);
    INSERT INTO connectors (id, uid, station_id, connector_number, evse_id, plug_type, plug_format, power_type)
      VALUES (1, 'BENCH-CON-1', 1, 1, 'FR*BEN*E1', 'Type 2', 'SOCKET', 'AC_3_PHASE');
    INSERT INTO ocpi_tokens (peering_id, country_code, party_id, uid, type, contract_id, issuer, valid, whitelist, last_updated)
      VALUES (1, 'NL', 'PRT', 'TOKEN1', 'RFID', 'NL-PRT-C00000001-X', 'Partner', 1, 'ALLOWED', ${T0});
    WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${cdrs})
    INSERT INTO charging_sessions (id, cdr_id, status, station_id, connector_id, connector_number, company_id, auth_id,
      start_key, cdr_start, cdr_end, meter_start_wh, meter_stop_wh, cdr_consumed_energy, cdr_time, cdr_total_parking_time,
      currency, pricing_status, emp_price_total, emp_price_net_total, emp_price_energy, emp_price_net_energy,
      ocpi_peering_id, ocpi_token_uid, updated_at)
    SELECT i, printf('%08d-0000-4000-8000-%012d', i, i), 'closed', 1, 1, 1, 1, 'TOKEN1', 'k' || i,
      ${T0} + i * 60000, ${T0} + i * 60000 + 3600000, 0, 12000, 12000, 3600, 0,
      'EUR', 'priced', 576, 480, 576, 480, 1, 'TOKEN1', ${T0} + i * 60000 + 3600000
    FROM s;
    COMMIT;`);
  db.close();
}

/** The partner: checks each CDR with the module's schema and answers the OCPI envelope. */
function partner() {
  let received = 0;
  let invalid = 0;
  const app = new Hono().post('/ocpi/2.2.1/cdrs', async (c) => {
    if (c.req.header('Authorization') !== authorizationHeader(TOKEN)) return c.json({ status_code: 2000 }, 401);
    if (Cdr.safeParse(await c.req.json()).success) received++;
    else invalid++;
    return c.json({ status_code: 1000, status_message: 'Success', timestamp: new Date().toISOString() });
  });
  return { app, stats: () => ({ received, invalid }) };
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

async function main() {
  const n = intOption('cdrs', 300, 20_000);
  const locations = intOption('locations', 10_000, 50_000);
  const authorizations = intOption('authorizations', 300, 20_000);
  const { state: dir, cleanUp, onDispose } = benchWorkspace('bench-ocpi', 15);
  try {
    log(`fresh local D1 in ${dir}; applying migrations …`);
    runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], { quiet: true });
    const d1Dir = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    const file = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    if (!file) throw new Error(`no local D1 file in ${d1Dir}`);
    seed(join(d1Dir, file), n);
    seedLocations(join(d1Dir, file), locations);
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        host: '127.0.0.1',
        port: await freePort(),
        cf: false,
        log: new Log(LogLevel.WARN),
        resourcePersistencePath: join(dir, 'v3'),
        workers: [
          {
            name: 'bench',
            modules: true,
            script: 'export default { fetch() { return new Response("") } }',
            compatibilityDate: '2026-10-01',
            d1Databases: { DB: '00000000-0000-0000-0000-000000000001' },
          },
        ],
      } as Parameters<typeof convertV4MiniflareOptions>[0]),
    );
    onDispose(() => mf.dispose());
    const d1 = (await mf.getD1Database('DB', 'bench')) as unknown as D1Database;
    const db = openDb(d1);
    const sealed = await sealPartnerToken(env, 1, TOKEN);
    await d1.prepare('UPDATE ocpi_peerings SET outgoing_token_sealed = ? WHERE id = 1').bind(sealed).run();

    const p = partner();
    const original = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      return request.url.startsWith(PARTNER) ? Promise.resolve(p.app.fetch(request)) : original(input, init);
    }) as typeof fetch;

    log(`${n} CDRs: made from the sessions and queued …`);
    const bodies: Cdr[] = [];
    let mark = process.cpuUsage();
    let t = performance.now();
    for (let id = 1; id <= n; id++) {
      const facts = await ocpiSessionFacts(db, id);
      if (!facts) throw new Error(`session ${id} has no OCPI facts`);
      const cdr = toOcpiCdr(facts.input);
      if ('why' in cdr) throw new Error(cdr.why);
      bodies.push(cdr);
      await push(db, env, { peeringId: 1, kind: 'cdr', objectKey: sessionObjectKey(id), payload: cdr });
    }
    const makeCpu = cpuMs(mark);
    const makeWall = performance.now() - t;

    log('delivered by the outbox drain …');
    mark = process.cpuUsage();
    t = performance.now();
    let drained = 0;
    for (;;) {
      const k = await drainOcpiOutbox(db, env);
      if (k === 0) break;
      drained += k;
    }
    const outboxCpu = cpuMs(mark);
    const outboxWall = performance.now() - t;
    const delivered = p.stats().received;
    const left =
      (await d1.prepare(`SELECT count(*) AS n FROM ocpi_outbox WHERE state = 'queued'`).first<{ n: number }>())?.n ??
      -1;

    log('baseline: the same bodies, bare fetch + JSON …');
    mark = process.cpuUsage();
    t = performance.now();
    for (const body of bodies) {
      const res = await fetch(`${PARTNER}/cdrs`, {
        method: 'POST',
        headers: { Authorization: authorizationHeader(TOKEN), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.json();
    }
    const baseCpu = cpuMs(mark);
    const baseWall = performance.now() - t;
    globalThis.fetch = original;

    const rate = (count: number, ms: number) => `${((count * 1000) / ms).toFixed(0)} pushes/s`;
    console.log('\nOCPI benchmark');
    console.log(
      `  CDR push through the outbox: ${delivered}/${n} delivered (${drained} attempts, ${left} left queued)`,
    );
    console.log(
      `    ${rate(delivered, outboxWall)}, ${(outboxWall / n).toFixed(2)} ms wall and ${(outboxCpu / n).toFixed(2)} ms CPU per push`,
    );
    console.log(
      `    making and queuing each CDR (facts, toOcpiCdr, outbox insert): ${(makeWall / n).toFixed(2)} ms wall, ${(makeCpu / n).toFixed(2)} ms CPU`,
    );
    console.log(
      `  baseline, bare fetch + JSON of the same bodies: ${rate(n, baseWall)}, ${(baseWall / n).toFixed(2)} ms wall and ${(baseCpu / n).toFixed(2)} ms CPU per push`,
    );
    console.log(`  partner: ${p.stats().received} valid CDRs received in all, ${p.stats().invalid} invalid`);
    if (!printLocationsPull(await benchLocationsPull(d1, locations))) process.exitCode = 1;
    const auth = await benchAuthorize(d1, authorizations);
    console.log(
      `  real-time token authorization (emsp/tokens/{uid}/authorize), ${authorizations} calls one after another:`,
    );
    console.log(
      `    ours: p50 ${auth.ours.p50.toFixed(2)} ms, p95 ${auth.ours.p95.toFixed(2)} ms wall, ${auth.ours.cpu.toFixed(2)} ms CPU per call (${auth.ours.allowed} ALLOWED)`,
    );
    console.log(
      `    baseline, a bare route answering a fixed AuthorizationInfo: p50 ${auth.base.p50.toFixed(2)} ms, p95 ${auth.base.p95.toFixed(2)} ms wall, ${auth.base.cpu.toFixed(2)} ms CPU per call`,
    );
    if (auth.ours.allowed !== authorizations) process.exitCode = 1;
    if (delivered !== n || p.stats().invalid > 0) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

/** p50 and p95 of a list of durations (ms). */
function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** `n` real-time authorizations through our OCPI app, then `n` through the bare baseline route. */
async function benchAuthorize(d1: D1Database, n: number) {
  await d1
    .prepare(`UPDATE ocpi_peerings SET incoming_token_hash = ?, incoming_token_kind = 'C' WHERE id = 1`)
    .bind(await sha256Hex(INCOMING))
    .run();
  const ocpi = createOcpi();
  const info = { allowed: 'ALLOWED', token: { uid: 'CARD1' }, authorization_reference: crypto.randomUUID() };
  const bare = new Hono().post('/ocpi/2.2.1/emsp/tokens/:uid/authorize', async (c) => {
    await c.req.json();
    return c.json({ data: info, status_code: 1000, status_message: 'Success', timestamp: new Date().toISOString() });
  });
  const request = () =>
    new Request('http://bench.invalid/ocpi/2.2.1/emsp/tokens/CARD1/authorize?type=RFID', {
      method: 'POST',
      headers: { Authorization: authorizationHeader(INCOMING), 'Content-Type': 'application/json' },
      body: JSON.stringify({ location_id: 'PARTNER-LOC-1', evse_uids: ['PARTNER-EVSE-1'] }),
    });
  const run = async (fetchOne: () => Promise<Response>) => {
    const times: number[] = [];
    let allowed = 0;
    const mark = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const body = (await (await fetchOne()).json()) as { data?: { allowed?: string } };
      times.push(performance.now() - t);
      if (body.data?.allowed === 'ALLOWED') allowed++;
    }
    return { ...percentiles(times), cpu: cpuMs(mark) / n, allowed };
  };
  log(`${n} real-time authorizations through our OCPI app, then the baseline …`);
  const ours = await run(async () => ocpi.fetch(request(), { DB: d1 } as unknown as Env));
  const base = await run(async () => bare.fetch(request()));
  return { ours, base };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
