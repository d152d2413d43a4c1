/**
 * @module The pages of a session list on raw D1 SQL (one statement per page, one for the sums, sent
 * in one batch), always in the caller's company scope (list.plan.store.ts builds the statements).
 */
import type { Cell } from '@domain/export/cells';
import { projectCdr } from '@domain/sessions/project';
import { type Scope, type SessionQuery, type Sql, toRecord } from '../sessions.store';
import {
  orderedIds,
  orderOf,
  ROAMING_TABLE,
  roamingSelectList,
  selectList,
  sortKeyOf,
  whereOf,
  withRoaming,
} from './list.plan.store';
import { sumsOf, sumsStatement } from './list.sums.store';

/**
 * One page: the ids first, from the scope's index alone where it holds the filtered and sorted
 * columns (migration 0017), then the page's rows by primary key. Selecting every column in the
 * inner query would read the table for each candidate row before the sort (ADR 033 addendum).
 */
export function pageStatement(
  d1: D1Database,
  scope: Scope,
  where: Sql,
  q: SessionQuery,
  page: number,
  perPage: number,
) {
  const ids = orderedIds(scope, q, where, null, perPage, page * perPage);
  return withRoaming(scope, q) ? pageWithRoaming(d1, q, ids) : pageOfIds(d1, q, ids);
}

/**
 * The page's rows when the list also reads roaming sessions: the ids of our sessions from
 * `charging_sessions`, the negated ones from `ocpi_emsp_sessions`, in the list's order. The page's ids
 * are selected once (a CTE read twice is materialised) and each table is read by its primary key.
 */
function pageWithRoaming(d1: D1Database, q: SessionQuery, ids: Sql) {
  const dir = q.direction === 'asc' ? 'ASC' : 'DESC';
  return d1
    .prepare(
      `WITH page(id) AS (${ids.sql}) SELECT * FROM (SELECT ${selectList(q.variant)} FROM charging_sessions s WHERE s.id IN (SELECT id FROM page WHERE id > 0) UNION ALL SELECT ${roamingSelectList(q.variant)} FROM ${ROAMING_TABLE} WHERE s.id IN (SELECT -id FROM page WHERE id < 0)) ORDER BY ${sortKeyOf(q)} ${dir}, id ${dir}`,
    )
    .bind(...ids.params);
}

/** The page's rows, by primary key, for the ids a statement selects in the list's order. */
export function pageOfIds(d1: D1Database, q: SessionQuery, ids: Sql) {
  return d1
    .prepare(
      `SELECT ${selectList(q.variant)} FROM charging_sessions s WHERE s.id IN (${ids.sql}) ORDER BY ${orderOf(q)}`,
    )
    .bind(...ids.params);
}

export function projectPage(rows: Record<string, unknown>[], q: SessionQuery, demo: boolean): Record<string, Cell>[] {
  return rows.map((r) => projectCdr(toRecord(r), q.variant, { demo }));
}

export async function listPage(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  demo: boolean,
): Promise<Record<string, Cell>[]> {
  const rows = await pageStatement(d1, scope, whereOf(scope, q), q, page, perPage).all<Record<string, unknown>>();
  return projectPage(rows.results, q, demo);
}

/**
 * A page and the sums over the whole filtered list: the filter is built once and both
 * statements go to D1 in one batch (one round trip instead of two).
 */
export async function listPageWithSums(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  demo: boolean,
) {
  const where = whereOf(scope, q);
  const { statement, summed } = sumsStatement(d1, scope, where, q);
  const [rows, totals] = await d1.batch<Record<string, unknown>>([
    pageStatement(d1, scope, where, q, page, perPage),
    statement,
  ]);
  return {
    data: projectPage(rows?.results ?? [], q, demo),
    ...sumsOf(totals?.results[0] as Record<string, number | null> | undefined, summed),
  };
}

/**
 * Of these sessions, the ids of those charged by a private user (only-private or home permission, as
 * the private users list counts them): their e-mail in progress is shown only with setting 56.
 */
export async function privateUserSessionIds(d1: D1Database, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const { results } = await d1
    .prepare(
      `SELECT s.id FROM charging_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id IN (${sessionIds.map((id) => Math.trunc(Number(id))).join(',')})
          AND (u.only_private = 1 OR u.can_charge_home = 1)`,
    )
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}
