/**
 * @module The initial pull as e-mobility provider (mod_locations / mod_tariffs "Sender Interface",
 * ADR 057 addendum "EMSP: locations and tariffs"): we read a partner's locations and tariffs senders
 * page by page, following `Link`, and store each page (one D1 batch) before asking for the next, so a
 * partner network is never held in memory. The progress is an `ocpi_pulls` row per peering and module
 * (pages, objects, rejected objects, the partner's total, the next page's URL): a pull is resumable
 * from `next_url` by the user's `POST /api/peerings/{id}/pull`, which works for a few seconds, and by
 * the five-minute cron. Scheduled after every handshake with a partner that lists those senders.
 */
import type { Db } from '@db/db';
import { Location } from '@domain/ocpi/locations';
import { nextPageUrl, ownsParty } from '@domain/ocpi/partner-data';
import { Tariff } from '@domain/ocpi/tariffs';
import { z } from 'zod';
import { putLocations, putTariffs } from './ocpi.emsp-data.store';
import { callPartner, type KeyEnv, partnerEndpoint } from './ocpi.outbox';
import { type PeeringRow, peeringById } from './ocpi.store';

export const PULL_MODULES = ['locations', 'tariffs'] as const;
export type PullModule = (typeof PULL_MODULES)[number];

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

const SCHEMAS = { locations: Location, tariffs: Tariff } as const;

/** The pulls of a peering, as they stand. */
export async function pullsOf(db: Db, peeringId: number): Promise<PullRow[]> {
  const rows = await db.$client
    .prepare('SELECT * FROM ocpi_pulls WHERE peering_id = ?1 ORDER BY module')
    .bind(peeringId)
    .all<PullRow>();
  return rows.results;
}

/**
 * Starts a pull of each module whose sender the partner lists (a running one goes on where it was; a
 * finished one starts again from the first page). The modules it lists no sender for are returned.
 */
export async function startPulls(db: Db, peering: PeeringRow, modules: readonly PullModule[], at = new Date()) {
  const missing: PullModule[] = [];
  for (const module of modules) {
    const url = partnerEndpoint(peering, module, 'SENDER');
    if (!url) {
      missing.push(module);
      continue;
    }
    await db.$client
      .prepare(
        `INSERT INTO ocpi_pulls (peering_id, module, state, next_url, started_at, updated_at)
         VALUES (?1, ?2, 'running', ?3, ?4, ?4)
         ON CONFLICT (peering_id, module) DO UPDATE SET state = 'running', next_url = excluded.next_url, pages = 0,
           objects = 0, rejected = 0, total = NULL, last_error = NULL, started_at = excluded.started_at,
           updated_at = excluded.updated_at, finished_at = NULL
         WHERE ocpi_pulls.state <> 'running'`,
      )
      .bind(peering.id, module, url, at.getTime())
      .run();
  }
  return missing;
}

/** After a handshake: schedules the pull of the partner's locations and tariffs senders it lists. */
export async function schedulePullsAfterHandshake(db: Db, peeringId: number) {
  const peering = await peeringById(db, peeringId);
  if (peering?.state === 'registered') await startPulls(db, peering, PULL_MODULES);
}

/** One page: fetched, each object validated, the valid ones of the partner's own CPO parties stored. */
async function pullPage(db: Db, env: KeyEnv, peering: PeeringRow, pull: PullRow, at: Date) {
  const url = pull.next_url as string;
  const got = await callPartner(db, env, peering, { method: 'GET', url, schema: z.array(z.unknown()) });
  if (!got.ok) {
    // A refusal (OCPI 2xxx, HTTP 4xx but 401/408/429) ends the pull; anything else is retried later.
    const refused =
      (got.ocpiStatus !== undefined && got.ocpiStatus >= 2000 && got.ocpiStatus < 3000) ||
      (got.httpStatus !== undefined &&
        got.httpStatus >= 400 &&
        got.httpStatus < 500 &&
        ![401, 408, 429].includes(got.httpStatus));
    await db.$client
      .prepare(`UPDATE ocpi_pulls SET state = ?2, last_error = ?3, updated_at = ?4, finished_at = ?5 WHERE id = ?1`)
      .bind(
        pull.id,
        refused ? 'failed' : 'running',
        got.error.slice(0, 500),
        at.getTime(),
        refused ? at.getTime() : null,
      )
      .run();
    return false;
  }
  const schema = SCHEMAS[pull.module];
  const valid: unknown[] = [];
  let rejected = 0;
  for (const item of got.data as unknown[]) {
    const parsed = schema.safeParse(item);
    if (parsed.success && ownsParty(peering.partnerRolesJson, 'CPO', parsed.data.country_code, parsed.data.party_id))
      valid.push(parsed.data);
    else rejected++;
  }
  const key = { peeringId: peering.id, companyId: peering.companyId };
  if (pull.module === 'locations') await putLocations(db, key, valid as Location[]);
  else await putTariffs(db, key, valid as Tariff[]);
  const next = nextPageUrl(got.headers?.get('Link'));
  const total = Number(got.headers?.get('X-Total-Count'));
  await db.$client
    .prepare(
      `UPDATE ocpi_pulls SET pages = pages + 1, objects = objects + ?2, rejected = rejected + ?3, total = ?4,
         next_url = ?5, state = ?6, last_error = NULL, updated_at = ?7, finished_at = ?8 WHERE id = ?1`,
    )
    .bind(
      pull.id,
      valid.length,
      rejected,
      Number.isFinite(total) && got.headers?.has('X-Total-Count') ? total : pull.total,
      next,
      next ? 'running' : 'done',
      at.getTime(),
      next ? null : at.getTime(),
    )
    .run();
  return next !== null;
}

/**
 * Works on the running pulls (of one peering, or of every peering for the cron) until `budgetMs` is
 * spent, page by page; says whether some are still running.
 */
export async function runPulls(
  db: Db,
  env: KeyEnv,
  options: { peeringId?: number; budgetMs: number; maxPages?: number },
): Promise<boolean> {
  const started = Date.now();
  let pages = 0;
  const due = await db.$client
    .prepare(
      `SELECT * FROM ocpi_pulls WHERE state = 'running' AND (?1 IS NULL OR peering_id = ?1) ORDER BY updated_at LIMIT 20`,
    )
    .bind(options.peeringId ?? null)
    .all<PullRow>();
  let unfinished = false;
  for (const first of due.results) {
    const peering = await peeringById(db, first.peering_id);
    if (peering?.state !== 'registered') {
      unfinished = true;
      continue;
    }
    let pull: PullRow | null = first;
    while (pull && pull.state === 'running' && pull.next_url) {
      if (Date.now() - started > options.budgetMs || pages >= (options.maxPages ?? Number.POSITIVE_INFINITY))
        return true;
      const more = await pullPage(db, env, peering, pull, new Date());
      pages++;
      pull = await db.$client.prepare('SELECT * FROM ocpi_pulls WHERE id = ?1').bind(first.id).first<PullRow>();
      if (!more) break;
    }
    if (pull?.state === 'running') unfinished = true;
  }
  return unfinished;
}
