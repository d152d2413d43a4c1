/**
 * @module The progress rows of the pulls of partners' senders (`ocpi_pulls`, migration 0065): one per
 * peering and module, `running` until the last page, resumable from `next_url`.
 */
import type { Db } from '@db/db';

export type PullModule = 'locations' | 'tariffs';

export interface PullRow {
  id: number;
  peering_id: number;
  module: PullModule;
  state: 'running' | 'done' | 'failed';
  next_url: string | null;
  pages: number;
  objects: number;
  rejected: number;
  total: number | null;
  last_error: string | null;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** The pulls of a peering, as they stand. */
export async function pullsOf(db: Db, peeringId: number): Promise<PullRow[]> {
  const rows = await db.$client
    .prepare('SELECT * FROM ocpi_pulls WHERE peering_id = ?1 ORDER BY module')
    .bind(peeringId)
    .all<PullRow>();
  return rows.results;
}

export const pullById = (db: Db, id: number) =>
  db.$client.prepare('SELECT * FROM ocpi_pulls WHERE id = ?1').bind(id).first<PullRow>();

/** Running pulls (of one peering, or of all), least recently advanced first. */
export async function runningPulls(db: Db, peeringId: number | null) {
  const rows = await db.$client
    .prepare(
      `SELECT * FROM ocpi_pulls WHERE state = 'running' AND (?1 IS NULL OR peering_id = ?1) ORDER BY updated_at LIMIT 20`,
    )
    .bind(peeringId)
    .all<PullRow>();
  return rows.results;
}

/** Starts a pull from the sender's first page; a running one is left as it is (it goes on). */
export async function startPull(db: Db, peeringId: number, module: PullModule, url: string, at: Date) {
  await db.$client
    .prepare(
      `INSERT INTO ocpi_pulls (peering_id, module, state, next_url, started_at, updated_at)
       VALUES (?1, ?2, 'running', ?3, ?4, ?4)
       ON CONFLICT (peering_id, module) DO UPDATE SET state = 'running', next_url = excluded.next_url, pages = 0,
         objects = 0, rejected = 0, total = NULL, last_error = NULL, started_at = excluded.started_at,
         updated_at = excluded.updated_at, finished_at = NULL
       WHERE ocpi_pulls.state <> 'running'`,
    )
    .bind(peeringId, module, url, at.getTime())
    .run();
}

/** A page that failed: the pull ends when the partner refused, else it stays running (retried later). */
export async function pullFailed(db: Db, id: number, refused: boolean, error: string, at: Date) {
  await db.$client
    .prepare('UPDATE ocpi_pulls SET state = ?2, last_error = ?3, updated_at = ?4, finished_at = ?5 WHERE id = ?1')
    .bind(id, refused ? 'failed' : 'running', error.slice(0, 500), at.getTime(), refused ? at.getTime() : null)
    .run();
}

/** A page stored: counts advanced, the next page's URL kept (none: done). */
export async function pullPageDone(
  db: Db,
  id: number,
  page: { objects: number; rejected: number; total: number | null; next: string | null; at: Date },
) {
  await db.$client
    .prepare(
      `UPDATE ocpi_pulls SET pages = pages + 1, objects = objects + ?2, rejected = rejected + ?3, total = ?4,
         next_url = ?5, state = ?6, last_error = NULL, updated_at = ?7, finished_at = ?8 WHERE id = ?1`,
    )
    .bind(
      id,
      page.objects,
      page.rejected,
      page.total,
      page.next,
      page.next ? 'running' : 'done',
      page.at.getTime(),
      page.next ? null : page.at.getTime(),
    )
    .run();
}
