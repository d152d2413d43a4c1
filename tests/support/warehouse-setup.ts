/**
 * Starts the local reporting warehouse for the `workers` project (ADR 052): PostgreSQL on the port
 * vitest.config.ts chose, the neon driver's WebSocket proxy in front of it, the warehouse migrations
 * applied; the API and cron code inside workerd reach it through `NEON_DATABASE_URL` and
 * `NEON_WS_PROXY`, as production reaches Neon. Without PostgreSQL binaries (a machine .ci/run did not
 * prepare) it says so once and the warehouse tests skip themselves.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBin, startLocalWarehouse } from '../../scripts/warehouse/local';

export default async function setup() {
  if (!postgresBin()) {
    console.log('warehouse: no PostgreSQL binaries under /usr/lib/postgresql: the warehouse tests are skipped');
    return;
  }
  const pgPort = Number(process.env.WAREHOUSE_PG_PORT);
  const proxyPort = Number(process.env.WAREHOUSE_PROXY_PORT);
  if (!pgPort || !proxyPort)
    throw new Error('WAREHOUSE_PG_PORT / WAREHOUSE_PROXY_PORT are not set: vitest.config.ts chooses them');
  const dir = mkdtempSync(join(tmpdir(), 'warehouse-'));
  // Run as root, PostgreSQL runs as the postgres user, which must reach the data folder inside.
  chmodSync(dir, 0o755);
  const warehouse = await startLocalWarehouse(join(dir, 'data'), pgPort, proxyPort);
  return async () => {
    await warehouse.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
