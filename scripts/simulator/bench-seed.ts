/**
 * @module Seeds the benchmark's charge points into a fresh local state before the server starts
 * (run by ../bench-ocpp.ts with tsx): one company and K stations BENCH-00001… with one connector
 * each and one shared OCPP basic-auth password (the company through the seed factories); for the
 * --in-transaction rows, one driver per station with an RFID card and limits (kWh for even stations,
 * EUR for odd ones, in two fleet companies of the operator) and an approved EMSP tariff pricing the
 * EUR limits' running price.
 * Env: PERSIST_DIR, BENCH_STATIONS, BENCH_PASSWORD.
 */
import { eq } from 'drizzle-orm';
import { getPlatformProxy } from 'wrangler';
import { hashPassword } from '../../domain/identity/password';
import { openDb } from '../../drizzle/db';
import { connectors, stations } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { benchId, benchIdTag } from './bench-ids';

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
  // Drivers with limits (ADR 020, 028), one per station: limits far above what a run can charge, so
  // every MeterValues of their transactions runs the limit check and none stops a transaction.
  const fleets: number[] = [];
  for (const [i, unit] of (['kwh', 'currency'] as const).entries()) {
    const fleet = await createCompany(db, { name: `Bench Fleet ${i}`, isEvfleet: true, parentCompanyId: company.id });
    fleets.push(fleet.id);
    await env.DB.prepare('INSERT INTO fleet_company_settings (company_id, limit_unit) VALUES (?1, ?2)')
      .bind(fleet.id, unit)
      .run();
  }
  // The driver price the EUR limits are measured with: 0.40 EUR/kWh, 0.30 at night, parking after 2 h.
  await env.DB.prepare(
    `INSERT INTO tariffs (company_id, type, status, name, elements_json) VALUES (?1, 'emp', 'approved', 'Bench EMSP', ?2)`,
  )
    .bind(
      company.id,
      JSON.stringify([
        {
          price_components: [{ type: 'ENERGY', price: 3000, vat_bp: 2000, step_size: 1 }],
          restrictions: { start_time: '22:00', end_time: '06:00' },
        },
        { price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] },
        {
          price_components: [{ type: 'PARKING_TIME', price: 60000, vat_bp: 2000, step_size: 60 }],
          restrictions: { min_duration: 7200 },
        },
      ]),
    )
    .run();
  const now = Date.now();
  const q = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v}'`);
  for (const group of groups(uids.map((_, i) => i))) {
    const users = group.map((i) => {
      const kwh = i % 2 === 0;
      return `(${[q(fleets[i % 2] as number), q(`driver${i}@bench.test`), q('Bench'), q(`Driver ${i}`), 1, q(kwh ? 10_000 : null), q(kwh ? 30_000 : null), q(kwh ? 100_000 : null), q(now)].join(',')})`;
    });
    await env.DB.prepare(
      `INSERT INTO users (company_id, email, first_name, last_name, can_charge_public, daily_limit, weekly_limit, monthly_limit, created_at) VALUES ${users.join(',')}`,
    ).run();
  }
  const drivers = await env.DB.prepare(`SELECT id, email FROM users WHERE email LIKE 'driver%@bench.test'`).all<{
    id: number;
    email: string;
  }>();
  const driverOf = new Map(drivers.results.map((u) => [Number(u.email.slice(6, u.email.indexOf('@'))), u.id]));
  for (const group of groups(uids.map((_, i) => i))) {
    const cards = group.map(
      (i) =>
        `(${[q(fleets[i % 2] as number), q(benchIdTag(i)), q(benchIdTag(i)), q(driverOf.get(i) ?? 0), q('active'), q(now)].join(',')})`,
    );
    const limits = group
      .filter((i) => i % 2 === 1)
      .map((i) => `(${driverOf.get(i) ?? 0}, 100000000, 300000000, 1000000000)`);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO rfids (company_id, key_hanger_code, uuid, user_id, status, created_at) VALUES ${cards.join(',')}`,
      ),
      ...(limits.length > 0
        ? [
            env.DB.prepare(
              `INSERT INTO user_currency_limits (user_id, daily_minor, weekly_minor, monthly_minor) VALUES ${limits.join(',')}`,
            ),
          ]
        : []),
    ]);
  }
  console.log(`Seeded ${count} bench stations and ${driverOf.size} drivers with limits in ${Date.now() - started} ms.`);
} finally {
  await dispose();
}
