/**
 * @module `npm run bench:fleet`: seeds 100,000 fleet users, 200,000 RFID cards and 100,000 sessions of
 * this month into a fresh local D1 (in a temporary directory removed at the end), starts the product's
 * workers as deployed in workerd (Miniflare, direct D1 binding, loopback; ./bench-workerd.ts) and measures
 * p50/p95 of
 * - the Authorize decision as the charge point sees it: an OCPP 1.6 Authorize CALL→CALLRESULT from an
 *   ocpp-rpc client in strict mode, over its WebSocket, answered by the ChargePoint Durable Object
 *   (which runs `decideAuthorization`: RFID → card, user, station permission, concurrent session, kWh
 *   or currency limit → status, then records the authorization), for drivers without limits, with kWh
 *   limits, with currency limits, a blocked and an unknown card;
 * - the user list with filters, through the API worker over HTTP (session, zod, company scope).
 * Baselines in the same run, on the same paths: the bench-only baseline worker in the same workerd
 * looks a card up by uuid (one indexed statement), answering an Authorize over its own WebSocket with
 * the same client, and the same statement over HTTP. The Authorize calls take turns (baseline, then
 * each case, round after round), so a change of the machine's load weighs on all of them alike.
 * For comparison, the figures before ADR 038: the decision run in this Node process with D1 through
 * the binding proxy (`getPlatformProxy`'s path), now and the previous way (ADR 030's batch of five
 * statements, tests/support), and the user list through the API app in process.
 * Target: Authorize p95 < 20 ms. Options: --users N (100000), --runs R (200), --list-runs L (50).
 * Loopback only; self-stopping (25 minutes at most).
 */
import { loadavg } from 'node:os';
import { RPCClient } from 'ocpp-rpc';
import { periodStarts } from '../domain/charging-authorization/periods';
import { sha256Hex } from '../domain/identity/encoding';
import { hashPassword } from '../domain/identity/password';
import { openDb } from '../drizzle/db';
import { AUTHORIZATION_SQL, decideAuthorization, decisionParams } from '../drizzle/queries/authorization.store';
import { authSessions } from '../drizzle/schema';
import { createCompany, createStation, createUser } from '../drizzle/seed/factories';
import { decideAuthorizationBatch, previousBatch } from '../tests/support/authorization-batch';
import { benchWorkspace, intOption, log } from './bench-lib';
import { apiClient, baselineSql, proxyFloor, startWorkerd } from './bench-workerd';
import { runNode, wrangler } from './node-processes';
import { percentile } from './simulator/bench-measure';

const USERS = intOption('users', 100_000, 1_000_000);
const RUNS = intOption('runs', 200, 10_000);
/** The user list calls take ~50× an Authorize: fewer of them keep the run within its time guard. */
const LIST_RUNS = intOption('list-runs', 50, 10_000);
const CARDS_PER_USER = 2;
const FLEETS = 10;
const STATIONS = 1000;

const { state, cleanUp, onDispose } = benchWorkspace('bench-fleet', 25);

/** Deterministic pseudo-random numbers, so every run seeds the same fleet. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const q = (v: string | number | null) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`;
const uuidOf = (user: number, card: number) => `BF${String(user).padStart(7, '0')}C${card}`;

try {
  log(`fresh local D1 in ${state}: migrations …`);
  runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  const workerd = await startWorkerd(state, log);
  const clients: RPCClient[] = [];
  onDispose(async () => {
    await Promise.allSettled(clients.map((c) => c.close({ force: true })));
    await workerd.dispose();
  });
  const env = workerd.env;
  const db = openDb(env.DB);
  const now = Date.now();

  // An operator with ten fleet customers: five limit in kWh, five in EUR.
  // The operator also runs a fleet (and so may list the fleet users of its customers).
  const operator = await createCompany(db, { name: 'Bench Operator', cpms: 'public', isEvfleet: true });
  const fleets: number[] = [];
  for (let i = 0; i < FLEETS; i++) {
    const id = (await createCompany(db, { name: `Bench Fleet ${i}`, isEvfleet: true, parentCompanyId: operator.id }))
      .id;
    fleets.push(id);
    if (i >= FLEETS / 2) {
      await env.DB.prepare(`INSERT INTO fleet_company_settings (company_id, limit_unit) VALUES (?1, 'currency')`)
        .bind(id)
        .run();
    }
  }
  const groups: number[] = [];
  for (const company of fleets) {
    for (const name of ['Sales', 'Technicians']) {
      const row = await env.DB.prepare('INSERT INTO corporate_groups (company_id, name) VALUES (?1, ?2) RETURNING id')
        .bind(company, name)
        .first<{ id: number }>();
      groups.push(row?.id ?? 0);
    }
  }
  const OCPP_PASSWORD = 'bench-fleet-ocpp-password-2026';
  const station = await createStation(db, {
    uid: 'BENCH-PUBLIC-1',
    companyId: operator.id,
    type: 'public',
    ocppPasswordHash: await hashPassword(OCPP_PASSWORD),
  });
  // A network of a thousand stations, so that the planner's statistics (PRAGMA optimize) see the
  // table of a real operator: with one row, it rightly scans it instead of searching by id.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ${STATIONS})
     INSERT INTO stations (uid, name, company_id, type) SELECT 'BENCH-PUBLIC-' || i, 'BENCH-PUBLIC-' || i, ?1, 'public' FROM n`,
  )
    .bind(operator.id)
    .run();
  // The driver price: 0.40 EUR/kWh + 20 % VAT, so currency limits have a tariff to measure with.
  await env.DB.prepare(
    `INSERT INTO tariffs (company_id, type, status, name, elements_json) VALUES (?1, 'emp', 'approved', 'Bench EMSP', ?2)`,
  )
    .bind(
      operator.id,
      JSON.stringify([{ price_components: [{ type: 'ENERGY', price: 4000, vat_bp: 2000, step_size: 1 }] }]),
    )
    .run();

  const admin = await createUser(
    db,
    { companyId: operator.id, email: 'bench@bench.test', password: 'bench-password-2026', roles: [37] },
    { iterations: 1000 },
  );
  const token = 'bench-session-token-0123456789abcdef';
  await db.insert(authSessions).values({
    id: await sha256Hex(token),
    userId: admin.id,
    rolesJson: '[37]',
    selectedCompanyId: operator.id,
    twoFactorPassedAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + 3_600_000),
  });

  log(`seeding ${USERS} users, ${USERS * CARDS_PER_USER} RFIDs and ${USERS} sessions (multi-row inserts, batched) …`);
  const seedStart = performance.now();
  const ROWS = 500;
  const statements: D1PreparedStatement[] = [];
  const flush = async (force = false) => {
    if (statements.length >= 40 || (force && statements.length)) await env.DB.batch(statements.splice(0));
  };
  /** Which limit each user has: none (60 %), or limits in the company's unit (40 %). */
  const limited = (u: number) => u % 5 >= 3;
  const fleetOf = (u: number) => u % FLEETS;
  // Each fleet's two groups take turns over its users. (Was `u % 2`: with an even FLEETS a fleet's users
  // all have the parity of its index, so one group of each fleet stayed empty and half of the timed
  // corporate-group list calls read an empty group.)
  const groupOf = (u: number) => fleetOf(u) * 2 + (Math.floor(u / FLEETS) % 2);
  const first = USERS; // user i gets id base + i; read back below
  for (let from = 0; from < USERS; from += ROWS) {
    const values: string[] = [];
    for (let u = from; u < Math.min(USERS, from + ROWS); u++) {
      const f = fleetOf(u);
      const kwh = limited(u) && f < FLEETS / 2;
      values.push(
        `(${[
          q(fleets[f] as number),
          q(`driver${u}@fleet${f}.bench.test`),
          q(`First${u % 997}`),
          q(`Last${u}`),
          q(groups[groupOf(u)] as number),
          1,
          q(u % 3 === 0 ? 1 : 0),
          q(u % 7 === 0 ? 1 : 0),
          q(kwh ? 100 : null),
          q(kwh ? 300 : null),
          q(kwh ? 1000 : null),
          q(now),
        ].join(',')})`,
      );
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO users (company_id, email, first_name, last_name, corporate_group_id, can_charge_public, can_charge_work, can_charge_home, daily_limit, weekly_limit, monthly_limit, created_at) VALUES ${values.join(',')}`,
      ),
    );
    await flush();
  }
  await flush(true);
  // Every timed corporate-group list call must read a populated group (with users allowed at work).
  const members = await env.DB.prepare(
    `SELECT g.id, count(u.id) AS n, sum(u.can_charge_work) AS work FROM corporate_groups g
     LEFT JOIN users u ON u.corporate_group_id = g.id WHERE g.company_id IN (${fleets.join(',')}) GROUP BY g.id`,
  ).all<{ id: number; n: number; work: number | null }>();
  const sizes = members.results.map((m) => m.n);
  const worst = Math.min(...members.results.map((m) => m.work ?? 0));
  if (members.results.length !== groups.length || Math.min(...sizes) === 0 || worst === 0)
    throw new Error(
      `bench seed: a corporate group has no members (or none allowed at work): ${JSON.stringify(members.results)}`,
    );
  log(
    `${groups.length} corporate groups, ${Math.min(...sizes)}–${Math.max(...sizes)} members each (${worst}+ allowed at work)`,
  );
  const base =
    (await env.DB.prepare(`SELECT min(id) AS id FROM users WHERE email LIKE 'driver%'`).first<{ id: number }>())?.id ??
    first;
  // Currency limits (minor units) of the limited users of the currency fleets.
  for (let from = 0; from < USERS; from += ROWS) {
    const values: string[] = [];
    for (let u = from; u < Math.min(USERS, from + ROWS); u++) {
      if (limited(u) && fleetOf(u) >= FLEETS / 2) values.push(`(${base + u}, 3000, 9000, 30000)`);
    }
    if (values.length > 0) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO user_currency_limits (user_id, daily_minor, weekly_minor, monthly_minor) VALUES ${values.join(',')}`,
        ),
      );
    }
    await flush();
  }
  await flush(true);
  const total = USERS * CARDS_PER_USER;
  for (let from = 0; from < total; from += ROWS) {
    const values: string[] = [];
    for (let k = from; k < Math.min(total, from + ROWS); k++) {
      const u = Math.floor(k / CARDS_PER_USER);
      const card = k % CARDS_PER_USER;
      // The second card of one user in 20 is blocked; of another one in 20, expired.
      const status = card === 1 && u % 20 === 0 ? 'blocked' : 'active';
      const expires = card === 1 && u % 20 === 1 ? now - 86_400_000 : null;
      values.push(
        `(${[q(fleets[fleetOf(u)] as number), q(`KH-${u}-${card}`), q(uuidOf(u, card)), q(base + u), q(status), q(expires), q(now)].join(',')})`,
      );
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO rfids (company_id, key_hanger_code, uuid, user_id, status, expires_at, created_at) VALUES ${values.join(',')}`,
      ),
    );
    await flush();
  }
  await flush(true);
  // One session per user on average this month, half of them priced; one in a hundred in progress.
  const month = periodStarts(new Date(now)).month.getTime();
  for (let from = 0; from < USERS; from += ROWS) {
    const values: string[] = [];
    for (let k = from; k < Math.min(USERS, from + ROWS); k++) {
      const u = Math.floor(random() * USERS);
      const start = month + Math.floor(random() * Math.max(1, now - month - 3_600_000));
      const wh = 2000 + Math.floor(random() * 30_000);
      const open = k % 100 === 0;
      const priced = !open && k % 2 === 0;
      values.push(
        `(${[
          q(`BF-CDR-${k}`),
          q(open ? 'in_progress' : 'closed'),
          q(station.id),
          1,
          q(operator.id),
          q(base + u),
          q(uuidOf(u, 0)),
          q(`BF-KEY-${k}`),
          q(start),
          q(open ? null : start + 3_600_000),
          0,
          q(open ? null : wh),
          q(priced ? 'priced' : 'unpriced'),
          q(priced ? Math.round(wh * 0.048) : null),
        ].join(',')})`,
      );
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO charging_sessions (cdr_id, status, station_id, connector_number, company_id, user_id, auth_id, start_key, cdr_start, cdr_end, meter_start_wh, cdr_consumed_energy, pricing_status, emp_price_total) VALUES ${values.join(',')}`,
      ),
    );
    await flush();
  }
  await flush(true);
  await env.DB.prepare('PRAGMA optimize').run();
  log(`seeded in ${Math.round(performance.now() - seedStart)} ms`);

  // The API app as the web worker mounts it, in this process, over the same D1 binding.
  (globalThis as { __DEV_TOOLS__?: boolean }).__DEV_TOOLS__ = false;
  const { createApi } = await import('../workers/api/src/app');
  const api = createApi();
  const ctx = {
    waitUntil: () => undefined,
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
  const call = async (path: string, json?: unknown) => {
    const res = await api.fetch(
      new Request(`http://127.0.0.1/api${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { cookie: `sid=${token}`, 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
      env,
      ctx,
    );
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  /** A user index of the given kind, spread over the whole table. */
  const userOf = (i: number, kind: 'none' | 'kwh' | 'currency') => {
    for (let u = (i * 7919) % USERS; ; u = (u + 1) % USERS) {
      const f = fleetOf(u);
      if (kind === 'none' ? !limited(u) : limited(u) && (kind === 'kwh') === f < FLEETS / 2) return u;
    }
  };
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  type Decider = typeof decideAuthorization;
  /** The decision in this process, D1 through the binding proxy (the figures before ADR 038). */
  const authorize = async (name: string, idTag: string, decider: Decider = decideAuthorization) => {
    const d = await decider(db, { idTag, stationId: station.id, at: new Date() });
    count(`${name}${decider === decideAuthorization ? '' : ' (before)'}, proxy: ${d.status}`);
    return d;
  };
  // The charge point and its bare counterpart: ocpp-rpc clients in strict mode (the OCPP 1.6 schemas
  // checked both ways), one WebSocket each, booted once before the timed calls.
  const ws = workerd.base.replace('http://', 'ws://');
  const connect = async (endpoint: string, identity: string) => {
    const client = new RPCClient({
      identity,
      endpoint,
      password: OCPP_PASSWORD,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: 30_000,
    } as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    await client.connect();
    await client.call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'Fleet' });
    return client;
  };
  const chargePoint = await connect(`${ws}/ocpp`, station.uid);
  const bareClient = await connect(`${ws}/__baseline/ocpp`, 'BASELINE');
  const ocppAuthorize = async (client: RPCClient, name: string, idTag: string) => {
    const answer = (await client.call('Authorize', { idTag })) as { idTagInfo: { status: string } };
    count(`${name}: ${answer.idTagInfo.status}`);
    return answer;
  };
  const sql = baselineSql(workerd.base);
  const http = apiClient(workerd.base, token);
  type Case = { name: string; run: (i: number) => Promise<unknown>; runs?: number };
  const listCases: { name: string; body: (i: number) => Record<string, unknown> }[] = [
    { name: 'page', body: (i) => ({ page: i % 50, items_per_page: 20 }) },
    {
      name: 'corporate group + permission',
      body: (i) => ({ corporate_group_id: groups[i % groups.length], permission: 'work', page: 0 }),
    },
    { name: 'keyword', body: (i) => ({ keyword: `Last${1000 + (i % 9000)}`, page: 0 }) },
    { name: 'status charging', body: () => ({ status: 'charging', page: 0 }) },
  ];
  const kinds: { name: string; idTag: (i: number) => string }[] = [
    { name: 'driver without limits', idTag: (i) => uuidOf(userOf(i, 'none'), 0) },
    { name: 'driver with kWh limits', idTag: (i) => uuidOf(userOf(i, 'kwh'), 0) },
    { name: 'driver with EUR limits', idTag: (i) => uuidOf(userOf(i, 'currency'), 0) },
    { name: 'blocked card', idTag: (i) => uuidOf(((i * 20) % USERS) + 0, 1) },
    { name: 'unknown card', idTag: (i) => `NOPE${i}` },
  ];
  const cardSql = 'SELECT id, user_id, status FROM rfids WHERE uuid = ?1';
  const authorizeCases: Case[] = [
    {
      name: 'baseline: Authorize, card by uuid (1 statement), bare worker',
      run: (i) => ocppAuthorize(bareClient, 'baseline', uuidOf((i * 7919) % USERS, 0)),
    },
    ...kinds.map(
      (k): Case => ({ name: `Authorize: ${k.name}`, run: (i) => ocppAuthorize(chargePoint, k.name, k.idTag(i)) }),
    ),
  ];
  const proxyCases: Case[] = [
    {
      name: 'baseline: SQL card by uuid (unique index, 1 statement)',
      run: (i) =>
        env.DB.prepare(cardSql)
          .bind(uuidOf((i * 7919) % USERS, 0))
          .first(),
    },
    ...kinds.flatMap((k): Case[] => [
      { name: `decision: ${k.name}`, run: (i) => authorize(k.name, k.idTag(i)) },
      { name: `  before (ADR 030 batch of 5)`, run: (i) => authorize(k.name, k.idTag(i), decideAuthorizationBatch) },
    ]),
  ];
  const httpBaseline: Case = {
    name: 'baseline: SQL card by uuid over HTTP, bare worker',
    runs: LIST_RUNS,
    run: (i) => sql(cardSql, [uuidOf((i * 7919) % USERS, 0)]),
  };
  const listRunCases = [
    httpBaseline,
    ...listCases.map(
      (l): Case => ({ name: `POST /api/users (${l.name})`, runs: LIST_RUNS, run: (i) => http('/users', l.body(i)) }),
    ),
  ];
  const proxyListCases = listCases.map(
    (l): Case => ({ name: `POST /api/users (${l.name})`, runs: LIST_RUNS, run: (i) => call('/users', l.body(i)) }),
  );

  // Where the time goes: the plan of the decision's statement (a SCAN of a big table is the bug to fix).
  const kwhInput = { idTag: uuidOf(userOf(1, 'kwh'), 0), stationId: station.id, at: new Date() };
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${AUTHORIZATION_SQL}`)
    .bind(...decisionParams(kwhInput))
    .all<{ detail: string }>();
  const plans = plan.results.map((r) => `  ${r.detail}`);
  // Load-independent: the rows SQLite reads for one decision of a driver with kWh limits (D1's rows_read).
  {
    const single = await env.DB.prepare(AUTHORIZATION_SQL)
      .bind(...decisionParams(kwhInput))
      .all();
    const before = await env.DB.batch(previousBatch(env.DB, kwhInput));
    plans.push(
      `  one decision (driver with kWh limits): 1 statement, rows read ${single.meta.rows_read}; ` +
        `before: ${before.length} statements in 1 batch, rows read ${before.map((r) => r.meta.rows_read).join(' + ')}`,
    );
  }
  // The user list: the plan and the rows read of its two statements per filter.
  const { listQueries } = await import('../workers/api/src/routes/users/list/list.store');
  const { ListBody } = await import('../workers/api/src/routes/users/list/list.schemas');
  const scope = [operator.id, ...fleets];
  const listPlans: string[] = [];
  for (const l of listCases) {
    const q = listQueries(db, scope, ListBody.parse(l.body(1)), false);
    for (const [part, query] of Object.entries(q)) {
      const { sql: text, params } = query.toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      const run = await env.DB.prepare(text)
        .bind(...params)
        .all();
      listPlans.push(
        `  ${l.name} / ${part}: rows read ${run.meta.rows_read}; ${plan.results.map((r) => r.detail).join(' | ')}`,
      );
    }
  }

  const floor = await proxyFloor(workerd, Math.max(20, Math.min(RUNS, 200)));
  log(`warming up, then ${RUNS} rounds of the Authorize cases in turn, ${LIST_RUNS} calls per list case …`);
  const timesOf = new Map<Case, number[]>();
  const timed = async (c: Case, i: number) => {
    const t0 = performance.now();
    await c.run(i);
    const times = timesOf.get(c) ?? [];
    times.push(performance.now() - t0);
    timesOf.set(c, times);
  };
  for (const group of [authorizeCases, proxyCases]) {
    for (const c of group) await c.run(0);
    for (let i = 1; i <= RUNS; i++) for (const c of group) await timed(c, i);
  }
  for (const c of [...listRunCases, ...proxyListCases]) {
    await c.run(0);
    for (let i = 1; i <= (c.runs ?? RUNS); i++) await timed(c, i);
  }
  const stats = (c: Case) => {
    const times = [...(timesOf.get(c) ?? [])].sort((a, b) => a - b);
    return { p50: percentile(times, 50) ?? 0, p95: percentile(times, 95) ?? 0, n: times.length };
  };
  const table = (title: string, cases: Case[], baseline: Case) => {
    const base95 = stats(baseline).p95;
    const rows = cases.map((c) => {
      const { p50, p95, n } = stats(c);
      return [`${c.name} (${n})`, p50.toFixed(1), p95.toFixed(1), `${(p95 / base95).toFixed(2)}×`];
    });
    const width = Math.max(...rows.map((r) => r[0]?.length ?? 0));
    console.log(`\n${title}\n${'call'.padEnd(width)}  p50 ms  p95 ms  p95 / baseline p95`);
    for (const [name, p50, p95, ratio] of rows) {
      console.log(`${name?.padEnd(width)}  ${p50?.padStart(6)}  ${p95?.padStart(6)}  ${ratio?.padStart(8)}`);
    }
  };
  console.log(
    `\nFleet benchmark: ${USERS} users, ${total} RFIDs, ${USERS} sessions this month, ${STATIONS} stations, ${FLEETS} fleet companies (5 in kWh, 5 in EUR); calls per row in brackets; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.\n`,
  );
  console.log(floor);
  table(
    'In workerd (ADR 038): Authorize from an ocpp-rpc client (strict) over its WebSocket, answered by the ChargePoint object; baseline: the bare worker answering Authorize with one indexed SELECT, same client, same workerd.',
    authorizeCases,
    authorizeCases[0] as Case,
  );
  table(
    'In workerd: the user list, the API worker over HTTP; baseline: the bare worker running one indexed SELECT over HTTP.',
    listRunCases,
    httpBaseline,
  );
  table(
    'Through the platform proxy (before ADR 038): the decision and the user list in this Node process, D1 through the binding proxy.',
    [...proxyCases, ...proxyListCases],
    proxyCases[0] as Case,
  );
  const now95 = authorizeCases.slice(1).map((c) => stats(c).p95);
  const proxy95 = proxyCases.filter((c) => c.name.startsWith('decision:')).map((c) => stats(c).p95);
  const before95 = proxyCases.filter((c) => c.name.includes('before')).map((c) => stats(c).p95);
  console.log(
    `\nAuthorize p95, worst kind: ${Math.max(...now95).toFixed(1)} ms in workerd as the charge point sees it ` +
      `(bare-worker baseline p95 ${stats(authorizeCases[0] as Case).p95.toFixed(1)} ms); through the platform proxy ` +
      `${Math.max(...proxy95).toFixed(1)} ms now, ${Math.max(...before95).toFixed(1)} ms before (ADR 030 batch). ` +
      `Target < 20 ms: ${Math.max(...now95) < 20 ? 'met' : 'not met'} in workerd in this run.`,
  );
  console.log(`\nQuery plan of the Authorize decision (one statement):\n${plans.join('\n')}`);
  console.log(`\nUser list statements (page and total), rows read and query plan:\n${listPlans.join('\n')}`);
  console.log(`\nAuthorize answers: ${[...counts].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
} finally {
  await cleanUp();
}
