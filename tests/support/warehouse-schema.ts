/**
 * The reporting warehouse in a workers test (ADR 052), for a file that needs it to hold its own D1's
 * data alone: the workers project runs two files at a time against one local PostgreSQL, so such a
 * file copies the warehouse's tables into a schema of its own and points the neon driver at it (the
 * connection's `search_path`), then syncs its D1 into it as the cron job does.
 */
import { env } from 'cloudflare:test';
import { openWarehouse, type WarehouseSettings } from '@db/warehouse/client';
import { type SyncOptions, syncWarehouse } from '../../workers/cron/src/warehouse-sync';

export const warehouseSettings = env as unknown as WarehouseSettings;

/** Runs one query on the warehouse `settings` name. */
export async function pgQuery<T>(settings: WarehouseSettings, query: string, params: unknown[] = []): Promise<T[]> {
  const warehouse = openWarehouse(settings);
  if (!warehouse) throw new Error('no warehouse');
  try {
    return (await warehouse.pool.query(query, params)).rows as T[];
  } finally {
    await warehouse.end();
  }
}

/**
 * An empty copy of every warehouse table in schema `name` (made anew), and the settings that reach it.
 * `name` is the test file's own constant: it is written into the statements.
 */
export async function ownWarehouse(name: string): Promise<WarehouseSettings> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a schema name: ${name}`);
  const tables = await pgQuery<{ table_name: string }>(
    warehouseSettings,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  await pgQuery(
    warehouseSettings,
    `DROP SCHEMA IF EXISTS ${name} CASCADE; CREATE SCHEMA ${name};
     ${tables.map((t) => `CREATE TABLE ${name}.${t.table_name} (LIKE public.${t.table_name} INCLUDING ALL);`).join('\n')}`,
  );
  const url = new URL(warehouseSettings.NEON_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${name}`);
  const own = { ...warehouseSettings, NEON_DATABASE_URL: url.toString() };
  const [reached] = await pgQuery<{ schema: string }>(own, 'SELECT current_schema() AS schema');
  if (reached?.schema !== name) throw new Error(`the warehouse connection reaches schema ${reached?.schema}`);
  return own;
}

/** Syncs this file's D1 into the warehouse `settings` name, reading every change at once. */
export const syncInto = (settings: WarehouseSettings, opts: SyncOptions = {}) =>
  syncWarehouse({ ...settings, DB: env.DB }, { settleMs: 0, ...opts });
