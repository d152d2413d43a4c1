/**
 * @module The warehouse side of a sync chunk (ADR 052): the rows upserted and the table's watermark
 * advanced in ONE Postgres transaction, so a crash between chunks loses nothing and copies nothing
 * twice; then what a chunk changes beyond its rows (status intervals' ends, the company tree's paths).
 */

import type { WarehouseDb } from '@db/warehouse/client';
import { syncWatermarks } from '@db/warehouse/schema';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SyncedTable, Watermark } from './warehouse-sync.tables.store';

/** The table's watermark, (0, 0) before its first chunk. */
export async function watermarkOf(db: WarehouseDb, table: string): Promise<Watermark> {
  const rows = await db
    .select({ at: syncWatermarks.lastUpdatedAt, id: syncWatermarks.lastId })
    .from(syncWatermarks)
    .where(sql`${syncWatermarks.tableName} = ${table}`);
  return rows[0] ?? { at: 0, id: 0 };
}

/** `SET col = excluded.col` for every column the rows carry but the primary key. */
function excludedSet(target: PgTable, keys: string[]) {
  const columns = getTableColumns(target) as Record<string, PgColumn>;
  return Object.fromEntries(
    keys.filter((k) => k !== 'id').map((k) => [k, sql.raw(`excluded."${(columns[k] as PgColumn).name}"`)]),
  );
}

/**
 * The rows copied, the open ones, and for each connector every row from the one before its earliest
 * copied row on, get the next row's start as their end: a late status change (earlier than rows already
 * here) also cuts the interval it falls into.
 */
const closeIntervals = (ids: number[], connectors: number[]) => sql`
  WITH copied AS (SELECT connector_id, min(started_at) AS from_at FROM fact_connector_status
                   WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) GROUP BY connector_id),
       since AS (SELECT c.connector_id, coalesce((SELECT max(p.started_at) FROM fact_connector_status p
                   WHERE p.connector_id = c.connector_id AND p.started_at < c.from_at), c.from_at) AS at
                   FROM copied c)
  UPDATE fact_connector_status f SET ended_at = n.next_at
  FROM (SELECT id, lead(started_at) OVER (PARTITION BY connector_id ORDER BY started_at, id) AS next_at
        FROM fact_connector_status x
        WHERE x.connector_id = ANY(${`{${connectors.join(',')}}`}::int[])
          AND (x.ended_at IS NULL OR x.started_at >= (SELECT s.at FROM since s WHERE s.connector_id = x.connector_id))) n
  WHERE f.id = n.id AND f.ended_at IS DISTINCT FROM n.next_at`;

/** Every company's materialised path from its root ('/1/4/9/'), rewritten where it changed. */
const companyPaths = sql`
  WITH RECURSIVE tree(id, path) AS (
    SELECT id, '/' || id || '/' FROM dim_companies
    WHERE parent_company_id IS NULL OR parent_company_id NOT IN (SELECT id FROM dim_companies)
    UNION ALL
    SELECT c.id, tree.path || c.id || '/' FROM dim_companies c JOIN tree ON c.parent_company_id = tree.id
  )
  UPDATE dim_companies d SET path = tree.path FROM tree WHERE d.id = tree.id AND d.path IS DISTINCT FROM tree.path`;

/**
 * Upserts one chunk and moves the watermark to its last row, in one transaction. The watermark only
 * moves forward: a concurrent run that copied the same chunk leaves it (and the row count) as it is.
 */
export async function writeChunk(db: WarehouseDb, table: SyncedTable, rows: Record<string, unknown>[], to: Watermark) {
  await db.transaction(async (tx) => {
    await tx
      .insert(table.target)
      .values(rows as never)
      .onConflictDoUpdate({
        target: (getTableColumns(table.target) as Record<string, PgColumn>).id as PgColumn,
        set: excludedSet(table.target, Object.keys(rows[0] ?? {})),
      });
    if (table.name === 'fact_connector_status') {
      const connectors = [...new Set(rows.map((r) => Number(r.connectorId)))];
      await tx.execute(
        closeIntervals(
          rows.map((r) => Number(r.id)),
          connectors,
        ),
      );
    }
    if (table.name === 'dim_companies') await tx.execute(companyPaths);
    await advanceWatermark(tx, table.name, to, rows.length);
  });
}

type Tx = Parameters<Parameters<WarehouseDb['transaction']>[0]>[0];

/** Moves a watermark forward to `to` (never back: a concurrent run's chunk changes nothing), counting `rows`. */
export function advanceWatermark(tx: Tx, name: string, to: Watermark, rows: number) {
  return tx.execute(sql`
      INSERT INTO sync_watermarks (table_name, last_updated_at, last_id, rows, synced_at)
      VALUES (${name}, ${to.at}, ${to.id}, ${rows}, now())
      ON CONFLICT (table_name) DO UPDATE SET last_updated_at = excluded.last_updated_at,
        last_id = excluded.last_id, rows = sync_watermarks.rows + excluded.rows, synced_at = now()
      WHERE (sync_watermarks.last_updated_at, sync_watermarks.last_id) < (excluded.last_updated_at, excluded.last_id)`);
}
