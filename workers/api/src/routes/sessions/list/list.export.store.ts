/**
 * @module The rows of a session list's export (XLSX, CSV, PDF) read in keyset chunks in the screen's
 * order, and the names the PDF's filter summary shows; always in the caller's company scope.
 */
import type { Cell } from '@domain/export/cells';
import { projectCdr } from '@domain/sessions/project';
import { FIELD_SQL, ints, type Scope, type SessionQuery, toRecord } from '../sessions.store';
import {
  fromOf,
  orderedIds,
  orderOf,
  ownerSortIndexesOf,
  ROAMING_TABLE,
  roamingSelectList,
  selectList,
  sortKeyOf,
  whereOf,
  withRoaming,
} from './list.plan.store';

/** Sort columns that are never NULL: their exports skip the NULL phase. */
const NOT_NULL_SORTS = new Set(['cdr_start']);

/**
 * The keyset pages of an export in the list's order (sort column, then id; SQLite puts NULLs
 * first ascending and last descending): one phase for the sessions whose sort value is set and one
 * for those where it is NULL, in that order descending and the other way ascending. Each phase's
 * condition is a plain range on the sort index, so every chunk seeks where the last one ended.
 */
export function keysetOf(
  q: SessionQuery,
  phase: 'null' | 'set',
  after: { key: number | string | null; id: number } | null,
): { sql: string; params: unknown[] } {
  const col = FIELD_SQL[sortKeyOf(q)] as string;
  const asc = q.direction === 'asc';
  const cmp = asc ? '>' : '<';
  if (phase === 'null')
    return after
      ? { sql: `${col} IS NULL AND s.id ${cmp} ?`, params: [after.id] }
      : { sql: `${col} IS NULL`, params: [] };
  if (!after || after.key === null) return { sql: `${col} IS NOT NULL`, params: [] };
  return {
    sql: `${col} ${cmp}= ? AND (${col} ${cmp} ? OR s.id ${cmp} ?)`,
    params: [after.key, after.key, after.id],
  };
}

/**
 * Every row of the filtered list in the order of the screen (its sort column and direction), read
 * in chunks of `chunk` rows with keyset pagination on (sort value, id) — cheap at any depth, unlike
 * OFFSET, and memory bounded to one chunk — and stopped after `max` rows.
 */
export async function* exportRows(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  max: number,
  demo: boolean,
  chunk = 1000,
): AsyncGenerator<Record<string, Cell>> {
  const where = whereOf(scope, q);
  const key = FIELD_SQL[sortKeyOf(q)];
  const order = orderOf(q);
  const merged = ownerSortIndexesOf(scope, q) !== null;
  const sent = yield* keysetChunks(q, max, demo, chunk, 1, (keyset, limit) => {
    // Owner lists on a merged walk select the chunk's ids first; the others read it in one walk.
    const ids = merged ? orderedIds(scope, q, where, keyset, limit, 0) : null;
    return ids
      ? d1
          .prepare(
            `SELECT ${selectList(q.variant)}, ${key} AS _key FROM charging_sessions s WHERE s.id IN (${ids.sql}) ORDER BY ${order}`,
          )
          .bind(...ids.params)
      : d1
          .prepare(
            `SELECT ${selectList(q.variant)}, ${key} AS _key FROM ${fromOf(scope, q)} WHERE ${where.sql} AND ${keyset.sql} ORDER BY ${order} LIMIT ?`,
          )
          .bind(...where.params, ...keyset.params, limit);
  });
  if (!withRoaming(scope, q)) return;
  // Our drivers' roaming sessions (ADR 057 addendum "EMSP: sessions and CDRs"), after the network's own,
  // in the list's order (ids negated as on screen).
  const roaming = whereOf(scope, q, undefined, true);
  yield* keysetChunks(q, max - sent, demo, chunk, -1, (keyset, limit) =>
    d1
      .prepare(
        `SELECT ${roamingSelectList(q.variant)}, ${key} AS _key FROM ${ROAMING_TABLE} WHERE ${roaming.sql} AND ${keyset.sql} ORDER BY ${order} LIMIT ?`,
      )
      .bind(...roaming.params, ...keyset.params, limit),
  );
}

/**
 * The rows one statement reads chunk after chunk, on the keyset of the last row (its id times `sign`:
 * roaming rows carry their id negated), at most `max`; returns how many it yielded.
 */
async function* keysetChunks(
  q: SessionQuery,
  max: number,
  demo: boolean,
  chunk: number,
  sign: 1 | -1,
  read: (keyset: { sql: string; params: unknown[] }, limit: number) => D1PreparedStatement,
): AsyncGenerator<Record<string, Cell>, number> {
  const nullable = !NOT_NULL_SORTS.has(sortKeyOf(q));
  const phases: ('null' | 'set')[] = !nullable ? ['set'] : q.direction === 'asc' ? ['null', 'set'] : ['set', 'null'];
  let sent = 0;
  for (const phase of phases) {
    let after: { key: number | string | null; id: number } | null = null;
    while (sent < max) {
      const limit = Math.min(chunk, max - sent);
      const res: D1Result<Record<string, unknown>> = await read(keysetOf(q, phase, after), limit).all();
      for (const r of res.results) {
        const { _key, ...rest } = r;
        yield projectCdr(toRecord(rest), q.variant, { demo });
      }
      sent += res.results.length;
      const last: Record<string, unknown> | undefined = res.results.at(-1);
      if (!last || res.results.length < limit) break;
      after = { key: (last._key ?? null) as number | string | null, id: sign * Number(last.id) };
    }
  }
  return sent;
}

/** The name of a station in the caller's scope, for the PDF's filter line; null for an id from elsewhere. */
export async function stationNameInScope(d1: D1Database, scope: Scope, stationId: number): Promise<string | null> {
  const ids = ints(scope.companies);
  const row = await d1
    .prepare(`SELECT name FROM stations WHERE id = ? AND (company_id IN (${ids}) OR owner_company_id IN (${ids}))`)
    .bind(stationId)
    .first<{ name: string }>();
  return row?.name ?? null;
}
