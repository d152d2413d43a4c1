/**
 * @module A local warehouse for tests and `npm start` (ADR 052): PostgreSQL (postgres.ts), the neon
 * driver's WebSocket proxy in front of it (ws-proxy.ts), the migrations applied (migrate.ts). Answers
 * the two settings the workers take, `NEON_DATABASE_URL` and `NEON_WS_PROXY`.
 * As a command (`tsx scripts/warehouse/local.ts --data-dir D --pg-port P --proxy-port Q`) it prints
 * them as one JSON line and runs until SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateWarehouse } from './migrate';
import { postgresBin, startPostgres } from './postgres';
import { startWsProxy } from './ws-proxy';

export interface LocalWarehouse {
  NEON_DATABASE_URL: string;
  NEON_WS_PROXY: string;
  stop(): Promise<void>;
}

export { postgresBin };

export async function startLocalWarehouse(dataDir: string, pgPort: number, proxyPort: number): Promise<LocalWarehouse> {
  const pg = startPostgres(dataDir, pgPort);
  try {
    const proxy = await startWsProxy(proxyPort, `127.0.0.1:${pgPort}`);
    const settings = { NEON_DATABASE_URL: pg.url, NEON_WS_PROXY: proxy.setting };
    await migrateWarehouse(settings);
    return {
      ...settings,
      stop: async () => {
        await proxy.close();
        pg.stop();
      },
    };
  } catch (err) {
    pg.stop();
    throw err;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, 'pg-port': { type: 'string' }, 'proxy-port': { type: 'string' } },
  });
  const warehouse = await startLocalWarehouse(
    values['data-dir'] ?? '.wrangler/state/warehouse-pg',
    Number(values['pg-port'] ?? 12113),
    Number(values['proxy-port'] ?? 12114),
  );
  console.log(
    JSON.stringify({ NEON_DATABASE_URL: warehouse.NEON_DATABASE_URL, NEON_WS_PROXY: warehouse.NEON_WS_PROXY }),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      warehouse.stop().finally(() => process.exit(0));
    });
}
