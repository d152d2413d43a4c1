/**
 * @module `npm run bench:import`: generates a 1,000-row fleet user .xlsx (shared strings, as a
 * spreadsheet program writes it), then imports it through the real API app in process — session,
 * permission, reader, row checks, company scope, one D1 batch — on a fresh local D1 (Miniflare via
 * wrangler's platform proxy, in a temporary directory removed at the end), and prints the time of
 * each run. Baselines in the same run: the bare parse of the same file, and a bare D1 batch insert
 * of the same rows. Options: --rows N (1000), --runs R (3). Loopback only; self-stopping.
 */
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { sha256Hex } from '../domain/identity/encoding';
import { importColumns } from '../domain/import/users-import';
import { readXlsx } from '../domain/import/xlsx-reader';
import { openDb } from '../drizzle/db';
import { authSessions, corporateGroups } from '../drizzle/schema';
import { createCompany, createUser } from '../drizzle/seed/factories';
import { buildWorkbook, type TestCell } from '../tests/support/test-workbook';
import { benchWorkspace, intOption, log } from './bench-lib';
import { runNode, wrangler } from './node-processes';

const ROWS = intOption('rows', 1000, 5000);
const RUNS = intOption('runs', 3, 20);

const { state, cleanUp, onDispose } = benchWorkspace('bench-import', 10);

const FIRST = ['Ada', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Gaëlle', 'Hugo', 'Inès', 'Jules'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'];
const GROUPS = ['Sales', 'Field service', 'Management', 'Logistics'];
const letters = (n: number) => String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26));

function workbook(run: number, variant: 'standard' | 'uuid'): Uint8Array {
  const header = importColumns(variant).map((c) => c.key);
  const rows: TestCell[][] = [header];
  for (let i = 0; i < ROWS; i++) {
    const values: Record<string, TestCell> = {
      email: `driver.${variant}.${run}.${i}@bench.test`,
      first_name: FIRST[i % FIRST.length] ?? 'A',
      last_name: LAST[(i * 7) % LAST.length] ?? 'B',
      telephone: `+33 6 ${String(10_000_000 + i).slice(0, 8)}`,
      corporate_group: GROUPS[i % GROUPS.length] ?? 'Sales',
      license_plate: `${letters(i)}-${String(i % 1000).padStart(3, '0')}-${letters(i + run * 7)}`,
      employee_number: `E${run}-${i}`,
      cost_center: `CC-${i % 12}`,
      can_charge_work: 'yes',
      can_charge_home: i % 3 === 0 ? 'yes' : 'no',
      only_private: null,
      charge_only_with_rfid: i % 2 === 0,
      daily_limit: i % 5 === 0 ? 30 : null,
      weekly_limit: null,
      monthly_limit: i % 4 === 0 ? 400 : null,
      rfid_uuid: `B${variant === 'uuid' ? 'U' : 'S'}${run}X${String(i).padStart(6, '0')}`,
      rfid_code: null,
    };
    rows.push(header.map((h) => values[h] ?? null));
  }
  return buildWorkbook(rows);
}

try {
  log(`fresh local D1 in ${state}: migrations …`);
  runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  const proxy = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: join(state, 'v3') } });
  onDispose(proxy.dispose);
  const env = proxy.env;
  const db = openDb(env.DB);

  const company = await createCompany(db, {
    name: 'Bench Fleet',
    isEvfleet: true,
    mandatoryLicensePlate: true,
    services: [6, 7],
  });
  for (const name of GROUPS) await db.insert(corporateGroups).values({ companyId: company.id, name });
  const user = await createUser(
    db,
    { companyId: company.id, email: 'manager@bench.test', password: 'bench-password-2026', roles: [35] },
    { iterations: 1000 },
  );
  const token = 'bench-import-session-0123456789abcdef';
  const now = Date.now();
  await db.insert(authSessions).values({
    id: await sha256Hex(token),
    userId: user.id,
    rolesJson: '[35]',
    selectedCompanyId: company.id,
    twoFactorPassedAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + 3_600_000),
  });

  (globalThis as { __DEV_TOOLS__?: boolean }).__DEV_TOOLS__ = false;
  const { createApi } = await import('../workers/api/src/app');
  const api = createApi();
  const ctx = {
    waitUntil: () => undefined,
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
  const upload = async (path: string, file: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([file.slice()]), 'users.xlsx');
    const res = await api.fetch(
      new Request(`http://127.0.0.1/api${path}`, {
        method: 'POST',
        headers: { cookie: `sid=${token}`, 'x-forwarded-for': '127.0.0.1' },
        body: form,
      }),
      env,
      ctx,
    );
    const body = (await res.json()) as { created?: number; errors?: unknown[] };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    if (body.created !== ROWS) throw new Error(`${path}: created ${body.created}, expected ${ROWS}`);
  };

  const results: [string, number[]][] = [];
  const time = async (name: string, fn: (run: number) => Promise<unknown> | unknown) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      await fn(run);
      times.push(performance.now() - t0);
    }
    results.push([name, times]);
  };

  const sample = workbook(99, 'standard');
  log(`${ROWS}-row workbook: ${(sample.length / 1024).toFixed(1)} KiB; ${RUNS} runs per case …`);
  await time('baseline: bare parse of the .xlsx (readXlsx)', () => readXlsx(sample));
  await time('baseline: bare D1 batch insert of the same rows', async (run) => {
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < ROWS; i += 10) {
      const values: unknown[] = [];
      const marks: string[] = [];
      for (let k = i; k < Math.min(ROWS, i + 10); k++) {
        marks.push('(?, ?, ?, ?, ?, ?, 1)');
        values.push(company.id, company.id, `bare.${run}.${k}@bench.test`, 'Ada', 'Martin', 'AB-123-CD');
      }
      stmts.push(
        env.DB.prepare(
          `INSERT INTO users (company_id, selected_company_id, email, first_name, last_name, license_plate, can_charge_work) VALUES ${marks.join(',')}`,
        ).bind(...values),
      );
    }
    await env.DB.batch(stmts);
  });
  const files = Array.from({ length: RUNS }, (_, run) => [workbook(run, 'standard'), workbook(run, 'uuid')] as const);
  await time(`POST /api/users/import (${ROWS} rows, all applied)`, (run) =>
    upload('/users/import', files[run]?.[0] ?? sample),
  );
  await time(`POST /api/users/import/uuid (${ROWS} rows + ${ROWS} new RFID cards)`, (run) =>
    upload('/users/import/uuid', files[run]?.[1] ?? sample),
  );

  const width = Math.max(...results.map(([n]) => n.length));
  console.log(
    `\n${'case'.padEnd(width)}  ${Array.from({ length: RUNS }, (_, i) => `run ${i + 1} ms`.padStart(11)).join('')}`,
  );
  for (const [name, times] of results) {
    console.log(`${name.padEnd(width)}  ${times.map((t) => t.toFixed(1).padStart(11)).join('')}`);
  }
  const count = await env.DB.prepare(`SELECT count(*) AS n FROM users WHERE email LIKE 'driver.%'`).first<{
    n: number;
  }>();
  console.log(`\nimported users in D1: ${count?.n} (expected ${ROWS * RUNS * 2})`);
} finally {
  await cleanUp();
}
