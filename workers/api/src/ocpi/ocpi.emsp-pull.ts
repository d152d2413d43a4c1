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
import {
  type PullModule,
  type PullRow,
  pullById,
  pullFailed,
  pullPageDone,
  runningPulls,
  startPull,
} from './ocpi.emsp-pull.store';
import { callPartner, type KeyEnv, partnerEndpoint } from './ocpi.outbox';
import { type PeeringRow, peeringById } from './ocpi.store';

export const PULL_MODULES = ['locations', 'tariffs'] as const satisfies readonly PullModule[];

const SCHEMAS = { locations: Location, tariffs: Tariff } as const;

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
    await startPull(db, peering.id, module, url, at);
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
  const got = await callPartner(db, env, peering, { method: 'GET', url, schema: z.array(z.unknown()), as: 'EMSP' });
  if (!got.ok) {
    // A refusal (OCPI 2xxx, HTTP 4xx but 401/408/429) ends the pull; anything else is retried later.
    const refused =
      (got.ocpiStatus !== undefined && got.ocpiStatus >= 2000 && got.ocpiStatus < 3000) ||
      (got.httpStatus !== undefined &&
        got.httpStatus >= 400 &&
        got.httpStatus < 500 &&
        ![401, 408, 429].includes(got.httpStatus));
    await pullFailed(db, pull.id, refused, got.error, at);
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
  await pullPageDone(db, pull.id, {
    objects: valid.length,
    rejected,
    total: Number.isFinite(total) && got.headers?.has('X-Total-Count') ? total : pull.total,
    next,
    at,
  });
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
  const due = await runningPulls(db, options.peeringId ?? null);
  let unfinished = false;
  for (const first of due) {
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
      pull = await pullById(db, first.id);
      if (!more) break;
    }
    if (pull?.state === 'running') unfinished = true;
  }
  return unfinished;
}
