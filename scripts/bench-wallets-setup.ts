/**
 * @module The setup of `npm run bench:wallets` (./bench-wallets.ts): the seed written straight into the
 * fresh local D1 file, and the bench worker (./bench-wallets-worker.ts) bundled by wrangler as a
 * deployment would be and run by Miniflare in workerd over that D1 (ADR 038).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { freePort, runNode, wrangler } from './node-processes';

export interface LedgerShape {
  wallets: number;
  /** The entries (ids 1..entries) go to wallets 1..ledgerWallets. */
  entries: number;
  ledgerWallets: number;
  /** The share of the entries, in %, that the hot wallet holds. */
  hot: number;
}

export const HOT = 1;

/** Companies, users, their wallets, and the ledger with exact running balances: straight into the D1 file. */
export function seed(file: string, n: LedgerShape) {
  const companies = Math.ceil(n.wallets / 100);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
  db.exec(`BEGIN;
    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${companies})
    INSERT INTO companies (id, name, country, is_evfleet) SELECT i, 'Fleet ' || i, 'FR', 1 FROM c;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.wallets - companies})
    INSERT INTO users (id, company_id, email) SELECT i, 1 + (i % ${companies}), 'driver' || i || '@bench.test' FROM u;
    -- Wallets 1..companies are the companies' own (wallet 1, the hot one, pays a whole fleet's sessions).
    WITH RECURSIVE w(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM w WHERE i < ${n.wallets})
    INSERT INTO wallets (id, company_id, user_id, name, currency)
    SELECT i, CASE WHEN i <= ${companies} THEN i ELSE 1 + ((i - ${companies}) % ${companies}) END,
      CASE WHEN i <= ${companies} THEN NULL ELSE i - ${companies} END, 'Wallet ' || i, 'EUR' FROM w;
    COMMIT;`);
  // One entry in five a top-up of 50.00, the others session debits of 1.00 to 11.99; ids in i order.
  db.exec(`BEGIN;
    WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${n.entries - 1}),
    e AS (
      SELECT i, CASE WHEN (i * 37) % 100 < ${n.hot} THEN ${HOT} ELSE 2 + (i * 7919) % ${n.ledgerWallets - 1} END AS w,
        CASE WHEN i % 5 = 0 THEN 5000 ELSE -(100 + (i * 7919) % 1100) END AS amount FROM s)
    INSERT INTO wallet_entries (id, wallet_id, kind, amount, balance_after, reference, created_at)
    SELECT i + 1, w, CASE WHEN amount > 0 THEN 'top_up' ELSE 'session_debit' END, amount,
      sum(amount) OVER (PARTITION BY w ORDER BY i),
      CASE WHEN amount > 0 THEN 'top-up:' ELSE 'session:' END || i, 1790000000000 + i * 1000
    FROM e ORDER BY i;
    COMMIT;`);
  db.close();
}

/** The bench worker bundled by wrangler as a deployment would be, run by Miniflare over the local D1. */
export async function start(state: string) {
  const out = join(state, 'bench-bundle');
  const config = join(state, 'bench-wallets.toml');
  writeFileSync(
    config,
    `name = "bench-wallets"\nmain = ${JSON.stringify(resolve('scripts/bench-wallets-worker.ts'))}\ncompatibility_date = "2026-10-01"\ncompatibility_flags = ["nodejs_compat"]\n`,
  );
  runNode([wrangler, 'deploy', '--dry-run', '-c', config, '--outdir', out]);
  const port = await freePort();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      cf: false,
      log: new Log(LogLevel.WARN),
      resourcePersistencePath: join(state, 'v3'),
      workers: [
        {
          name: 'bench-wallets',
          modules: true,
          modulesRoot: out,
          scriptPath: join(out, 'bench-wallets-worker.js'),
          compatibilityDate: '2026-10-01',
          compatibilityFlags: ['nodejs_compat'],
          d1Databases: { DB: '00000000-0000-0000-0000-000000000001' },
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await mf.ready;
  const d1 = (await mf.getD1Database('DB', 'bench-wallets')) as unknown as D1Database;
  return { base: `http://127.0.0.1:${port}`, d1, dispose: () => mf.dispose() };
}
