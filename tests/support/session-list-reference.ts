/**
 * Reference answers of a session list that the product no longer takes, for the tests that compare
 * the product with them and the benchmark that times them as its baseline (issue 16: no
 * benchmark-only options in product modules):
 * - direct sums: one pass over every session the filter selects, instead of the daily sums (ADR 033);
 * - one-walk pages: the ids from one statement over the whole scope, without sort index or merge.
 */

import { orderOf, whereOf } from '@api/routes/sessions/list/list.plan.store';
import { pageOfIds, pageStatement, projectPage } from '@api/routes/sessions/list/list.store';
import { directSumsStatement, sumsOf, sumsStatement } from '@api/routes/sessions/list/list.sums.store';
import type { Scope, SessionQuery } from '@api/routes/sessions/sessions.store';

/** The list's sums summed directly over every session row. */
export async function directSums(d1: D1Database, scope: Scope, q: SessionQuery) {
  const { statement, summed } = directSumsStatement(d1, whereOf(scope, q), q);
  return sumsOf(await statement.first<Record<string, number | null>>(), summed);
}

/** `listPageWithSums` with the direct sums: a page and the sums in one batch. */
export async function pageWithDirectSums(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  demo: boolean,
) {
  const where = whereOf(scope, q);
  const { statement, summed } = directSumsStatement(d1, where, q);
  const [rows, totals] = await d1.batch<Record<string, unknown>>([
    pageStatement(d1, scope, where, q, page, perPage),
    statement,
  ]);
  return {
    data: projectPage(rows?.results ?? [], q, demo),
    ...sumsOf(totals?.results[0] as Record<string, number | null> | undefined, summed),
  };
}

/** D1's `rows_read` for the sums of a list, the product's (daily sums) or the direct ones. */
export async function sumsRowsRead(d1: D1Database, scope: Scope, q: SessionQuery, direct = false) {
  const where = whereOf(scope, q);
  const { statement } = direct ? directSumsStatement(d1, where, q) : sumsStatement(d1, scope, where, q);
  return (await statement.all()).meta.rows_read ?? 0;
}

function pageResult(d1: D1Database, scope: Scope, q: SessionQuery, page: number, perPage: number, oneWalk: boolean) {
  const where = whereOf(scope, q);
  const statement = oneWalk
    ? pageOfIds(d1, q, {
        sql: `SELECT s.id FROM charging_sessions s WHERE ${where.sql} ORDER BY ${orderOf(q)} LIMIT ? OFFSET ?`,
        params: [...where.params, perPage, page * perPage],
      })
    : pageStatement(d1, scope, where, q, page, perPage);
  return statement.all<Record<string, unknown>>();
}

/** One page's rows as D1 answers them (unprojected): the product's, or the one-walk reference's. */
export async function pageRows(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  oneWalk = false,
) {
  return (await pageResult(d1, scope, q, page, perPage, oneWalk)).results;
}

/** D1's `rows_read` for one page of the list: the product's, or the one-walk reference's. */
export async function pageRowsRead(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  oneWalk = false,
) {
  return (await pageResult(d1, scope, q, page, perPage, oneWalk)).meta.rows_read ?? 0;
}
