/**
 * @module The reporting warehouse's client (ADR 052): a drizzle `neon-serverless` database over the
 * neon driver's WebSocket Pool, or null when `NEON_DATABASE_URL` is unset (reports then read D1).
 * Production reaches Neon with the URL alone. In development and tests `NEON_WS_PROXY`
 * (`127.0.0.1:<port>/v1`, scripts/warehouse/ws-proxy.ts) points the driver at a local proxy in front of
 * a local PostgreSQL, without TLS: the same driver and wire path, only the endpoint differs.
 */
import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import * as schema from './schema';

export interface WarehouseSettings {
  NEON_DATABASE_URL?: string;
  /** Development and tests only: the WebSocket-to-TCP proxy in front of a local PostgreSQL. */
  NEON_WS_PROXY?: string;
}

export type WarehouseDb = NeonDatabase<typeof schema>;

export interface Warehouse {
  db: WarehouseDb;
  pool: Pool;
  /** Closes the pool's connections; call it before the request or scheduled event ends. */
  end(): Promise<void>;
}

/** Points the neon driver at the local proxy when one is configured; production settings otherwise. */
function configure(proxy: string | undefined) {
  if (!proxy) return;
  neonConfig.wsProxy = proxy;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/** The warehouse, or null when this deployment has none. */
export function openWarehouse(env: WarehouseSettings): Warehouse | null {
  const url = env.NEON_DATABASE_URL;
  if (!url) return null;
  configure(env.NEON_WS_PROXY);
  const pool = new Pool({ connectionString: url, max: 2 });
  // An idle connection that drops emits on the pool: reported, except the drops that ending causes.
  let ending = false;
  pool.on('error', (err: unknown) => {
    if (!ending) console.error('warehouse: connection lost', String(err).slice(0, 200));
  });
  return {
    db: drizzle({ client: pool, schema }),
    pool,
    end: () => {
      ending = true;
      return pool.end();
    },
  };
}
