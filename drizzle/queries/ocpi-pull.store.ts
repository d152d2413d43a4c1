/**
 * @module The pulls of the OCPI Sessions and CDRs sender interfaces (issue 22 part 3): one page of a
 * peering's sessions by last update, and of the CDRs made for it (the outbox's `cdr` rows, credits
 * included) by creation; both with `date_from`/`date_to` and the total for `X-Total-Count`.
 */
import type { Cdr } from '../../domain/ocpi/cdrs';
import type { Db } from '../db';
import { FACTS_SQL, type FactsRow, factsOf, OCPI_CDR_KIND, type OcpiSessionFacts } from './ocpi-sessions.store';

// The peering's sessions through the partial index `charging_sessions_ocpi_peering_idx` (migration 0061):
// `IS NOT NULL` spelled out so the planner may use it; never a scan of every session.
const SESSIONS_WHERE = `ocpi_peering_id IS NOT NULL AND ocpi_peering_id = ?1
    AND (?2 IS NULL OR COALESCE(updated_at, created_at) >= ?2) AND (?3 IS NULL OR COALESCE(updated_at, created_at) < ?3)`;

/** The page and count queries of the sessions pull (?1 peering, ?2 from, ?3 to, ?4 limit, ?5 offset). */
export const OCPI_SESSIONS_PAGE_SQL = {
  page: `SELECT id FROM charging_sessions WHERE ${SESSIONS_WHERE} ORDER BY COALESCE(updated_at, created_at), id LIMIT ?4 OFFSET ?5`,
  count: `SELECT COUNT(*) AS n FROM charging_sessions WHERE ${SESSIONS_WHERE}`,
};

/** One page of a peering's sessions (its tokens' sessions at our stations), by last update. */
export async function ocpiSessionIdsPage(
  db: Db,
  peeringId: number,
  filter: { from: Date | null; to: Date | null; offset: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  const ms = (d: Date | null) => (d === null ? null : d.getTime());
  const [page, count] = await db.$client.batch([
    db.$client
      .prepare(OCPI_SESSIONS_PAGE_SQL.page)
      .bind(peeringId, ms(filter.from), ms(filter.to), filter.limit, filter.offset),
    db.$client.prepare(OCPI_SESSIONS_PAGE_SQL.count).bind(peeringId, ms(filter.from), ms(filter.to)),
  ]);
  return {
    ids: ((page?.results ?? []) as { id: number }[]).map((r) => r.id),
    total: ((count?.results ?? []) as { n: number }[])[0]?.n ?? 0,
  };
}

/** The facts of several sessions in one D1 round trip (a pull's page), in the order of `ids`; nulls left out. */
export async function ocpiSessionFactsMany(
  db: Db,
  ids: readonly number[],
  now = new Date(),
): Promise<OcpiSessionFacts[]> {
  if (ids.length === 0) return [];
  const results = await db.$client.batch(ids.map((id) => db.$client.prepare(FACTS_SQL).bind(id)));
  return results
    .map((res) => (res.results as FactsRow[])[0])
    .map((r) => (r ? factsOf(r, now) : null))
    .filter((f): f is OcpiSessionFacts => f !== null);
}

/** One page of the CDRs made for a peering (as queued at close, credits included), by creation. */
export async function ocpiCdrsPage(
  db: Db,
  peeringId: number,
  filter: { from: Date | null; to: Date | null; offset: number; limit: number },
): Promise<{ cdrs: Cdr[]; total: number }> {
  const where = `peering_id = ?1 AND kind = '${OCPI_CDR_KIND}'
    AND (?2 IS NULL OR created_at >= ?2) AND (?3 IS NULL OR created_at < ?3)`;
  const ms = (d: Date | null) => (d === null ? null : d.getTime());
  const [page, count] = await db.$client.batch([
    db.$client
      .prepare(`SELECT payload FROM ocpi_outbox WHERE ${where} ORDER BY id LIMIT ?4 OFFSET ?5`)
      .bind(peeringId, ms(filter.from), ms(filter.to), filter.limit, filter.offset),
    db.$client
      .prepare(`SELECT COUNT(*) AS n FROM ocpi_outbox WHERE ${where}`)
      .bind(peeringId, ms(filter.from), ms(filter.to)),
  ]);
  return {
    cdrs: ((page?.results ?? []) as { payload: string }[]).map((r) => JSON.parse(r.payload) as Cdr),
    total: ((count?.results ?? []) as { n: number }[])[0]?.n ?? 0,
  };
}
