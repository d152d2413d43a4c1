/**
 * @module Deletions reaching the warehouse (ADR 052 addendum): migration 0053's triggers record every
 * row deleted from a synced D1 table in `warehouse_tombstones`. The sync reads them after its own
 * watermark (`tombstones`, by id), deletes the warehouse copies in one Postgres transaction with the
 * watermark, then removes the applied tombstones from D1. A copy changed after the deletion (a reused
 * id inserted again) is kept: only rows whose `updated_at` is not later than the deletion go.
 */
import type { WarehouseDb } from '@db/warehouse/client';
import { sql } from 'drizzle-orm';
import type { Watermark } from './warehouse-sync.tables.store';
import { advanceWatermark } from './warehouse-sync.write.store';

export const TOMBSTONES = 'tombstones';

/** The warehouse table each synced D1 table is copied into. */
const COPIED_TO: Record<string, string> = {
  charging_sessions: 'fact_sessions',
  connector_status_history: 'fact_connector_status',
  stations: 'dim_stations',
  connectors: 'dim_connectors',
  companies: 'dim_companies',
  tariffs: 'dim_tariffs',
  users: 'dim_users',
};

export interface Tombstone {
  id: number;
  table_name: string;
  row_id: number;
  deleted_at: number;
}

/** Up to `limit` tombstones after the watermark, in id order. */
export async function readTombstones(d1: D1Database, after: Watermark, limit: number) {
  const { results } = await d1
    .prepare('SELECT id, table_name, row_id, deleted_at FROM warehouse_tombstones WHERE id > ?1 ORDER BY id LIMIT ?2')
    .bind(after.id, limit)
    .all<Tombstone>();
  return results;
}

const pgArray = (xs: number[]) => `{${xs.join(',')}}`;

/** Deletes the copies of a chunk of tombstones and moves the watermark to its last one, in one transaction. */
export async function applyTombstones(db: WarehouseDb, batch: Tombstone[]) {
  const last = batch[batch.length - 1];
  if (!last) return;
  await db.transaction(async (tx) => {
    for (const [d1Table, target] of Object.entries(COPIED_TO)) {
      const gone = batch.filter((t) => t.table_name === d1Table);
      if (gone.length === 0) continue;
      const ids = pgArray(gone.map((t) => t.row_id));
      if (target === 'fact_connector_status') {
        // Append-only history (no updated_at): the rows go, and the connectors' intervals are rejoined.
        const { rows } = await tx.execute<{ connector_id: number }>(
          sql`DELETE FROM fact_connector_status WHERE id = ANY(${ids}::bigint[]) RETURNING connector_id`,
        );
        const connectors = [...new Set(rows.map((r) => Number(r.connector_id)))];
        if (connectors.length) await tx.execute(rejoinIntervals(connectors));
        continue;
      }
      await tx.execute(sql`
        DELETE FROM ${sql.identifier(target)} w
         USING (SELECT unnest(${ids}::bigint[]) AS id, unnest(${pgArray(gone.map((t) => t.deleted_at))}::bigint[]) AS at) d
         WHERE w.id = d.id AND w.updated_at <= d.at`);
    }
    await advanceWatermark(tx, TOMBSTONES, { at: 0, id: last.id }, batch.length);
  });
}

/** Every status row of these connectors ends where the next one starts (the last stays open). */
const rejoinIntervals = (connectors: number[]) => sql`
  UPDATE fact_connector_status f SET ended_at = n.next_at
  FROM (SELECT id, lead(started_at) OVER (PARTITION BY connector_id ORDER BY started_at, id) AS next_at
        FROM fact_connector_status WHERE connector_id = ANY(${pgArray(connectors)}::int[])) n
  WHERE f.id = n.id AND f.ended_at IS DISTINCT FROM n.next_at`;

/** Applied tombstones are no longer needed in D1. */
export function pruneTombstones(d1: D1Database, upTo: number) {
  return d1.prepare('DELETE FROM warehouse_tombstones WHERE id <= ?1').bind(upTo).run();
}
