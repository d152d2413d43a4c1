/**
 * @module Seeds the benchmark's charge points into a fresh local state before the server starts
 * (run by ../bench-ocpp.ts with tsx): one company and K stations BENCH-00001… with one connector
 * each and one shared OCPP basic-auth password (the company through the seed factories).
 * Env: PERSIST_DIR, BENCH_STATIONS, BENCH_PASSWORD.
 */
import { eq } from 'drizzle-orm';
import { getPlatformProxy } from 'wrangler';
import { hashPassword } from '../../domain/auth/password';
import { openDb } from '../../drizzle/db';
import { connectors, stations } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { benchId } from './bench-ids';

const persistDir = process.env.PERSIST_DIR ?? '';
const count = Number(process.env.BENCH_STATIONS ?? 0);
const password = process.env.BENCH_PASSWORD ?? '';
if (!persistDir || !(count > 0) || !password)
  throw new Error('PERSIST_DIR, BENCH_STATIONS and BENCH_PASSWORD are required');

const { env, dispose } = await getPlatformProxy<Env>({
  configPath: 'wrangler.toml',
  persist: { path: `${persistDir}/v3` },
});
try {
  const db = openDb(env.DB);
  const company = await createCompany(db, { name: 'Bench Operator', city: 'Paris', acceptsPendingStations: false });
  // One hash for all: hashing 5,000 times at PBKDF2 cost would take minutes. The product's
  // per-isolate credential cache (workers/ocpp/src/credential-cache.ts) is keyed by the stored hash,
  // so it runs PBKDF2 once per workerd shard here, where a real fleet (one hash per station) pays it
  // on each station's first connection: the output says so.
  const ocppPasswordHash = await hashPassword(password);
  const started = Date.now();
  // Rows go in as D1 batches of single-row INSERTs: thousands of factory calls, one round trip
  // each, take minutes through the platform proxy.
  const uids = Array.from({ length: count }, (_, i) => benchId(i));
  const groups = <T>(xs: T[]) =>
    Array.from({ length: Math.ceil(xs.length / 200) }, (_, i) => xs.slice(i * 200, i * 200 + 200));
  for (const group of groups(uids)) {
    const [first, ...rest] = group.map((uid) =>
      db.insert(stations).values({ uid, name: uid, companyId: company.id, ocppPasswordHash }),
    );
    if (first) await db.batch([first, ...rest]);
  }
  const created = await db
    .select({ id: stations.id, uid: stations.uid })
    .from(stations)
    .where(eq(stations.companyId, company.id));
  for (const group of groups(created)) {
    const [first, ...rest] = group.map((st) =>
      db.insert(connectors).values({ stationId: st.id, connectorNumber: 1, uid: `${st.uid}-1` }),
    );
    if (first) await db.batch([first, ...rest]);
  }
  console.log(`Seeded ${count} bench stations in ${Date.now() - started} ms.`);
} finally {
  await dispose();
}
