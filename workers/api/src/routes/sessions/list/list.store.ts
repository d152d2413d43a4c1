/**
 * @module The pages of a session list on raw D1 SQL (one statement per page, one for the sums, sent
 * in one batch), always in the caller's company scope (list.plan.store.ts builds the statements).
 */
import type { Cell } from '@domain/export/cells';
import { projectCdr } from '@domain/sessions/project';
import { type Scope, type SessionQuery, type Sql, toRecord } from '../sessions.store';
import { orderedIds, orderOf, selectList, whereOf } from './list.plan.store';
import { sumsOf, sumsStatement } from './list.sums.store';

/**
 * One page: the ids first, from the scope's index alone where it holds the filtered and sorted
 * columns (migration 0017), then the page's rows by primary key. Selecting every column in the
 * inner query would read the table for each candidate row before the sort (ADR 033 addendum).
 */
function pageStatement(
  d1: D1Database,
  scope: Scope,
  where: Sql,
  q: SessionQuery,
  page: number,
  perPage: number,
  opts: { oneWalk?: boolean } = {},
) {
  const ids = opts.oneWalk
    ? {
        sql: `SELECT s.id FROM charging_sessions s WHERE ${where.sql} ORDER BY ${orderOf(q)} LIMIT ? OFFSET ?`,
        params: [...where.params, perPage, page * perPage],
      }
    : orderedIds(scope, q, where, null, perPage, page * perPage);
  return d1
    .prepare(
      `SELECT ${selectList(q.variant)} FROM charging_sessions s WHERE s.id IN (${ids.sql}) ORDER BY ${orderOf(q)}`,
    )
    .bind(...ids.params);
}

function projectPage(rows: Record<string, unknown>[], q: SessionQuery, demo: boolean): Record<string, Cell>[] {
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
 * One page of a list as D1 answers it: its rows unprojected (tests compare them) and `meta.rows_read`
 * (the benchmark prints it beside the times); `oneWalk`: the ids from one statement over the whole
 * scope, without sort index or merge (the baseline).
 */
function pageResult(...[d1, scope, q, page, perPage, opts = {}]: PageArgs) {
  return pageStatement(d1, scope, whereOf(scope, q), q, page, perPage, opts).all<Record<string, unknown>>();
}
type PageArgs = [
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  opts?: { oneWalk?: boolean },
];

/** D1's `rows_read` for one page of a list (see `pageResult`). */
export async function pageRowsRead(...args: PageArgs) {
  return (await pageResult(...args)).meta.rows_read ?? 0;
}

/** One page of a list as its rows, unprojected (see `pageResult`). */
export async function pageRows(...args: PageArgs) {
  return (await pageResult(...args)).results;
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
  /** `direct`: sum every session row instead of the daily sums (the benchmark's baseline). */
  opts: { direct?: boolean } = {},
) {
  const where = whereOf(scope, q);
  const { statement, summed } = sumsStatement(d1, scope, where, q, opts.direct);
  const [rows, totals] = await d1.batch<Record<string, unknown>>([
    pageStatement(d1, scope, where, q, page, perPage),
    statement,
  ]);
  return {
    data: projectPage(rows?.results ?? [], q, demo),
    ...sumsOf(totals?.results[0] as Record<string, number | null> | undefined, summed),
  };
}
