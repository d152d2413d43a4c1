/**
 * @module Seeds the benchmark's charge points into a fresh local state before the server starts
 * (run by ../bench-ocpp.ts with tsx): one company and K stations BENCH-00001… with one connector
 * each and one shared OCPP basic-auth password, through the same factories as the demo seed.
 * Env: PERSIST_DIR, BENCH_STATIONS, BENCH_PASSWORD.
 */
import { getPlatformProxy } from 'wrangler';
import { hashPassword } from '../../domain/auth/password';
import { openDb } from '../../drizzle/db';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
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
  // One hash for all: hashing 5,000 times would only slow the set-up; the server still verifies
  // each connection's password at full cost.
  const ocppPasswordHash = await hashPassword(password);
  const started = Date.now();
  for (let first = 0; first < count; first += 100) {
    const batch = Array.from({ length: Math.min(100, count - first) }, (_, i) => first + i);
    await Promise.all(
      batch.map(async (i) => {
        const station = await createStation(db, { uid: benchId(i), companyId: company.id, ocppPasswordHash });
        await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${benchId(i)}-1` });
      }),
    );
  }
  console.log(`Seeded ${count} bench stations in ${Date.now() - started} ms.`);
} finally {
  await dispose();
}
