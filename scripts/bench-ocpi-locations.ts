/**
 * @module The "locations pull" row of `npm run bench:ocpi` (issue 22 part 10): `--locations N` stations
 * (default 10,000) with 5 connectors each, bound to the bench peering, are pulled through our locations
 * SENDER (`GET /ocpi/2.2.1/locations`, `createOcpi()` in Node, D1 in workerd behind Miniflare's proxy)
 * page by page as a partner does: the first page, then each `Link` until there is none. Printed: pages,
 * Locations and EVSEs received, wall and CPU ms per page of this process. **Baseline in the same run**:
 * the very same pages (bodies and Link headers captured from our run) served as prebuilt JSON by a bare
 * Hono route and pulled by the same client loop.
 */
import { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { sha256Hex } from '../domain/identity/encoding';
import { authorizationHeader } from '../domain/ocpi/transport';
import { createOcpi } from '../workers/api/src/ocpi/ocpi.app';
import { log } from './bench-lib';

const TOKEN = 'bench-locations-partner-token';
const EVSES_PER_LOCATION = 5;
const FIRST_STATION = 1001;

/** Seeds `n` stations with 5 connectors each, bound to peering 1 (before Miniflare opens the D1 file). */
export function seedLocations(file: string, n: number) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF');
  const last = FIRST_STATION + n - 1;
  db.exec(`BEGIN;
    WITH RECURSIVE s(i) AS (SELECT ${FIRST_STATION} UNION ALL SELECT i + 1 FROM s WHERE i < ${last})
    INSERT INTO stations (id, uid, name, company_id, address, city, postal_code, country, latitude, longitude)
    SELECT i, 'BENCH-LOC-' || i, 'Bench location ' || i, 1, 'Rue de la Gare ' || (i % 200 + 1), 'Lyon', '69001', 'FR',
      45.7 + (i % 1000) / 10000.0, 4.8 + (i % 997) / 10000.0 FROM s;
    WITH RECURSIVE s(i) AS (SELECT ${FIRST_STATION} UNION ALL SELECT i + 1 FROM s WHERE i < ${last}),
      k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${EVSES_PER_LOCATION})
    INSERT INTO connectors (uid, station_id, connector_number, evse_id, plug_type, plug_format, power_type, voltage,
      amperage, max_power_w, status)
    SELECT 'BENCH-EVSE-' || i || '-' || n, i, n, 'FR*BEN*E' || i || '*' || n, 'Type 2', 'SOCKET', 'AC_3_PHASE', 230, 32, 22000,
      CASE WHEN n = 1 THEN 'charging' ELSE 'available' END FROM s, k;
    INSERT INTO station_peerings (station_id, peering_id, bound_at)
    SELECT id, 1, 1764000000000 FROM stations WHERE id BETWEEN ${FIRST_STATION} AND ${last};
    COMMIT;`);
  db.close();
}

interface Pulled {
  pages: number;
  locations: number;
  evses: number;
  wallMs: number;
  cpuMs: number;
}

const cpuSince = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

/** Pulls every page from `first`, following Link; `capture` keeps each page's body and Link. */
async function pullAll(
  fetchOne: (url: string) => Promise<Response>,
  first: string,
  capture?: (text: string, link: string | null) => void,
): Promise<Pulled> {
  const out: Pulled = { pages: 0, locations: 0, evses: 0, wallMs: 0, cpuMs: 0 };
  const mark = process.cpuUsage();
  const t = performance.now();
  let url: string | null = first;
  while (url) {
    const res: Response = await fetchOne(url);
    const text = await res.text();
    const body = JSON.parse(text) as { status_code: number; data: { evses?: unknown[] }[] };
    if (body.status_code !== 1000) throw new Error(`page ${out.pages + 1}: OCPI ${body.status_code}`);
    const link = res.headers.get('Link');
    capture?.(text, link);
    out.pages++;
    out.locations += body.data.length;
    for (const l of body.data) out.evses += l.evses?.length ?? 0;
    url = /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1] ?? null;
  }
  out.wallMs = performance.now() - t;
  out.cpuMs = cpuSince(mark);
  return out;
}

/** The row: ours through the product's sender, then the same pages as prebuilt JSON. */
export async function benchLocationsPull(d1: D1Database, n: number) {
  await d1
    .prepare(`UPDATE ocpi_peerings SET incoming_token_hash = ?, incoming_token_kind = 'C' WHERE id = 1`)
    .bind(await sha256Hex(TOKEN))
    .run();
  const ocpi = createOcpi();
  const headers = { Authorization: authorizationHeader(TOKEN) };
  const first = 'http://bench.invalid/ocpi/2.2.1/locations';
  const pages: { text: string; link: string | null }[] = [];
  log(`locations pull: ${n} locations / ${n * EVSES_PER_LOCATION} EVSEs through our sender, then the baseline …`);
  const ours = await pullAll(
    (url) => Promise.resolve(ocpi.fetch(new Request(url, { headers }), { DB: d1 } as unknown as Env)),
    first,
    (text, link) => pages.push({ text, link }),
  );
  const bare = new Hono().get('/ocpi/2.2.1/locations', (c) => {
    const page = pages[Math.floor(Number(c.req.query('offset') ?? 0) / 100)] ?? pages[0];
    return c.body(page?.text ?? '', 200, {
      'Content-Type': 'application/json',
      ...(page?.link ? { Link: page.link } : {}),
    });
  });
  const base = await pullAll((url) => Promise.resolve(bare.fetch(new Request(url, { headers }))), first);
  return { ours, base, expected: { locations: n, evses: n * EVSES_PER_LOCATION } };
}

/** The printed lines of the row. */
export function printLocationsPull(r: Awaited<ReturnType<typeof benchLocationsPull>>) {
  const per = (p: Pulled) =>
    `${p.pages} pages, ${(p.wallMs / p.pages).toFixed(1)} ms wall and ${(p.cpuMs / p.pages).toFixed(1)} ms CPU per page, ${(p.wallMs / 1000).toFixed(1)} s in all`;
  console.log(
    `  locations pull (${r.expected.locations.toLocaleString('en')} locations / ${r.expected.evses.toLocaleString('en')} EVSEs, paged by 100):`,
  );
  console.log(
    `    ours, GET locations following Link: ${r.ours.locations} locations, ${r.ours.evses} EVSEs; ${per(r.ours)}`,
  );
  console.log(`    baseline, the same pages as prebuilt JSON: ${per(r.base)}`);
  return r.ours.locations === r.expected.locations && r.ours.evses === r.expected.evses;
}
