/**
 * @module The count, unpriced count and footer sums of a session list: from the daily sums table
 * (`session_day_sums`) plus the partial days at the period's edges, or directly over every session
 * the filter selects when the filter needs a session-level column (ADR 033).
 */
import { VARIANT_COLUMNS, variantChannel, variantScope } from '@domain/sessions/variants';
import { DAY_MS, FIELD_SQL, ints, type Scope, type SessionQuery, type Sql } from '../sessions.store';
import { ROAMING_TABLE, whereOf, withRoaming } from './list.plan.store';

/** QR sessions show provider prices only, so the other parties' sums leave them out. */
const NOT_QR = "s.start_method <> 'QR'";

/**
 * Direct sums: one pass over every session row the filter selects (and, with `roaming`, over the
 * roaming sessions it selects, added: a sum of NULLs stays NULL).
 */
export function directSumsStatement(d1: D1Database, where: Sql, q: SessionQuery, roaming: Sql | null = null) {
  const summed = VARIANT_COLUMNS[q.variant].filter((col) => col.sum);
  const parts = summed.map((col) => {
    const expr = FIELD_SQL[col.key];
    if (!col.party) return `sum(${expr}) AS ${col.key}`;
    const qr = col.party === 'emp' ? '' : ` AND ${NOT_QR}`;
    return `sum(CASE WHEN s.pricing_status = 'priced'${qr} THEN ${expr} END) AS ${col.key}`;
  });
  const select = `SELECT count(*) AS n, sum(s.pricing_status <> 'priced') AS unpriced${parts.length ? `, ${parts.join(', ')}` : ''}`;
  if (!roaming) {
    const statement = d1.prepare(`${select} FROM charging_sessions s WHERE ${where.sql}`).bind(...where.params);
    return { statement, summed };
  }
  const outer = ['n', 'unpriced', ...summed.map((col) => col.key)].map((k) => `sum(${k}) AS ${k}`);
  const statement = d1
    .prepare(
      `SELECT ${outer.join(', ')} FROM (${select} FROM charging_sessions s WHERE ${where.sql} UNION ALL ${select} FROM ${ROAMING_TABLE} WHERE ${roaming.sql})`,
    )
    .bind(...where.params, ...roaming.params);
  return { statement, summed };
}

const BLOCK_DAYS = 32;

/**
 * The rows of `session_day_sums` covering the whole days [dayFrom, dayTo) (null: unbounded): the
 * 32-day blocks inside the period, and the day rows of the rest.
 */
export function periodsOf(dayFrom: number | null, dayTo: number | null): string {
  const blockFrom = dayFrom === null ? null : Math.ceil(dayFrom / BLOCK_DAYS);
  const blockTo = dayTo === null ? null : Math.floor(dayTo / BLOCK_DAYS);
  const range = (lo: number | null, hi: number | null) =>
    [lo === null ? '' : ` AND a.period >= ${lo}`, hi === null ? '' : ` AND a.period < ${hi}`].join('');
  if (blockFrom !== null && blockTo !== null && blockFrom >= blockTo) return `(a.grain = 0${range(dayFrom, dayTo)})`;
  const ors = [`(a.grain = 1${range(blockFrom, blockTo)})`];
  if (dayFrom !== null && blockFrom !== null && dayFrom < blockFrom * BLOCK_DAYS)
    ors.push(`(a.grain = 0${range(dayFrom, blockFrom * BLOCK_DAYS)})`);
  if (dayTo !== null && blockTo !== null && blockTo * BLOCK_DAYS < dayTo)
    ors.push(`(a.grain = 0${range(blockTo * BLOCK_DAYS, dayTo)})`);
  return ors.length === 1 ? (ors[0] as string) : `(${ors.join(' OR ')})`;
}

/**
 * The filter on `session_day_sums` (a) equivalent to `whereOf` over the whole UTC days of the period, or null when a
 * filter needs a session-level column (station, connector, group, user, corporate group, keyword)
 * or the period holds no whole day: those lists are narrow and summed directly.
 */
export function daySumsPlan(
  scope: Scope,
  q: SessionQuery,
): { sql: string; params: unknown[]; dayFrom: number | null; dayTo: number | null } | null {
  if (q.station_id || q.connector_id || q.group_id || q.user_id || q.corporate_group_id || q.keyword) return null;
  const fromMs = q.from ? Date.parse(q.from) : null;
  const toMs = q.to ? Date.parse(q.to) : null;
  if ((fromMs !== null && !Number.isFinite(fromMs)) || (toMs !== null && !Number.isFinite(toMs))) return null;
  const dayFrom = fromMs === null ? null : Math.ceil(fromMs / DAY_MS);
  const dayTo = toMs === null ? null : Math.floor(toMs / DAY_MS);
  if (dayFrom !== null && dayTo !== null && dayFrom >= dayTo) return null;
  const c: string[] = [];
  const params: unknown[] = [];
  const inScope = ints(scope.companies);
  if (scope.customerGroupId !== undefined) c.push(`a.customer_group_id = ${Math.trunc(scope.customerGroupId)}`);
  else
    switch (variantScope(q.variant)) {
      case 'fleet-users':
        c.push(`a.user_company_id IN (${inScope})`);
        break;
      case 'operated-or-owned':
        c.push(`(a.company_id IN (${inScope}) OR a.owner_company_id IN (${inScope}))`);
        break;
      default:
        c.push(`a.company_id IN (${inScope})`);
    }
  const channel = variantChannel(q.variant);
  if (channel === 'mps') c.push('a.mps = 1');
  if (channel === 'groups') c.push('a.mps = 0');
  if (q.place === 'work') c.push("a.station_type = 'work'");
  if (q.place === 'home') c.push("a.station_type = 'home'");
  if (q.place === 'roaming') c.push("a.station_type IN ('public', 'private')");
  c.push(periodsOf(dayFrom, dayTo));
  if (q.status) {
    c.push('a.status = ?');
    params.push(q.status);
  }
  if (q.needs_revision !== undefined) c.push(`a.needs_revision = ${q.needs_revision ? 1 : 0}`);
  return { sql: c.join(' AND '), params, dayFrom, dayTo };
}

/**
 * Sums from the daily sums table plus the sessions of the partial days at the period's edges, read
 * directly: the same figures as `directSumsStatement` (tests/integration/session-day-sums.test.ts)
 * from a few thousand rows instead of every session in scope (ADR 033).
 */
export function sumsStatement(d1: D1Database, scope: Scope, where: Sql, q: SessionQuery) {
  const plan = daySumsPlan(scope, q);
  // Our drivers' roaming sessions are not in the daily sums: read directly (a provider's few).
  const roaming = withRoaming(scope, q) ? whereOf(scope, q, undefined, true) : null;
  if (!plan) return directSumsStatement(d1, where, q, roaming);
  const summed = VARIANT_COLUMNS[q.variant].filter((col) => col.sum);
  const keys = [...new Set(summed.map((col) => col.key))];
  const fromDays = [
    'a.n AS n',
    'a.priced AS priced',
    'a.qr AS qr',
    ...keys.flatMap((k) => [`a.${k} AS ${k}`, `a.${k}_n AS ${k}_n`]),
  ];
  const parts = [`SELECT ${fromDays.join(', ')} FROM session_day_sums a WHERE ${plan.sql}`];
  const params = [...plan.params];
  const edges: string[] = [];
  if (plan.dayFrom !== null) edges.push(`s.cdr_start < ${plan.dayFrom * DAY_MS}`);
  if (plan.dayTo !== null) edges.push(`s.cdr_start >= ${plan.dayTo * DAY_MS}`);
  const fromRows = [
    '1 AS n',
    "s.pricing_status = 'priced' AS priced",
    "s.start_method = 'QR' AS qr",
    ...keys.flatMap((k) => [`${FIELD_SQL[k]} AS ${k}`, `${FIELD_SQL[k]} IS NOT NULL AS ${k}_n`]),
  ];
  if (edges.length) {
    parts.push(`SELECT ${fromRows.join(', ')} FROM charging_sessions s WHERE ${where.sql} AND (${edges.join(' OR ')})`);
    params.push(...where.params);
  }
  if (roaming) {
    parts.push(`SELECT ${fromRows.join(', ')} FROM ${ROAMING_TABLE} WHERE ${roaming.sql}`);
    params.push(...roaming.params);
  }
  const outer = summed.map((col) => {
    // Only priced sessions count for a party's price; QR sessions only for the provider's (as directly).
    const cond = !col.party ? null : col.party === 'emp' ? 'priced = 1' : 'priced = 1 AND qr = 0';
    const pick = (x: string) => (cond ? `CASE WHEN ${cond} THEN ${x} END` : x);
    return `CASE WHEN sum(${pick(`${col.key}_n`)}) > 0 THEN sum(${pick(col.key)}) END AS ${col.key}`;
  });
  const statement = d1
    .prepare(
      `SELECT sum(n) AS n, sum(CASE WHEN priced = 0 THEN n END) AS unpriced${outer.length ? `, ${outer.join(', ')}` : ''} FROM (${parts.join(' UNION ALL ')})`,
    )
    .bind(...params);
  return { statement, summed };
}

export function sumsOf(row: Record<string, number | null> | null | undefined, summed: readonly { key: string }[]) {
  const sums: Record<string, number | null> = {};
  for (const col of summed) sums[col.key] = row?.[col.key] ?? null;
  return { total: row?.n ?? 0, unpriced: row?.unpriced ?? 0, sums };
}

/** Count, unpriced count and the footer sums of a variant over the whole filtered list. */
export async function listSums(d1: D1Database, scope: Scope, q: SessionQuery) {
  const { statement, summed } = sumsStatement(d1, scope, whereOf(scope, q), q);
  return sumsOf(await statement.first<Record<string, number | null>>(), summed);
}

/**
 * Sums of several queries in one D1 batch (one round trip), each as `listSums` answers it: the
 * customer group overview asks one per month.
 */
export async function listSumsMany(d1: D1Database, scope: Scope, qs: SessionQuery[]) {
  if (qs.length === 0) return [];
  const built = qs.map((q) => sumsStatement(d1, scope, whereOf(scope, q), q));
  const results = await d1.batch<Record<string, number | null>>(built.map((b) => b.statement));
  return built.map((b, i) => sumsOf(results[i]?.results[0], b.summed));
}
