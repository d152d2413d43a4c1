/**
 * @module Session reads on raw D1 SQL (one statement per page, one for the sums), always limited
 * to the caller's company scope: sessions on stations the company operates (or owns, for the owner
 * variants), or of the fleet's own drivers for the fleet variants. Scope ids are integers from the
 * database and are written into the statement, so a large company tree never meets D1's
 * 100-parameter limit; every user value is a bound parameter.
 */
import type { Cell } from '@domain/export/cells';
import { type CdrRecord, projectCdr } from '@domain/sessions/project';
import {
  type SessionVariant,
  sortableKeys,
  VARIANT_COLUMNS,
  variantChannel,
  variantScope,
} from '@domain/sessions/variants';

/** Spec field name → SQL expression over `s` (charging_sessions). Dates stay epoch ms here. */
const FIELD_SQL: Record<string, string> = {
  id: 's.id',
  cdr_id: 's.cdr_id',
  // A refused start or a session ended without its stop shows as such (ADR 040); filters use s.status.
  status:
    "CASE WHEN s.refused_status IS NOT NULL THEN 'refused' WHEN s.ended_without_stop = 1 THEN 'ended_without_stop' ELSE s.status END",
  cdr_auth_id: 's.auth_id',
  start_method: 's.start_method',
  cdr_start: 's.cdr_start',
  cdr_end: 's.cdr_end',
  cdr_stop_charging_date: 's.cdr_stop_charging_date',
  cdr_charging_end: 's.cdr_charging_end',
  cdr_consumed_energy: 's.cdr_consumed_energy',
  cdr_time: 's.cdr_time',
  cdr_time_charged: 's.cdr_time_charged',
  cdr_total_parking_time: 's.cdr_total_parking_time',
  cdr_vat_value: 's.cdr_vat_value',
  cdr_odometer: 's.cdr_odometer',
  cdr_needs_revision: 's.cdr_needs_revision',
  cdr_remark: 's.cdr_remark',
  cdr_operator_id: 's.cdr_operator_id',
  cdr_partner_session_id: 's.cdr_partner_session_id',
  cdr_type_id: 's.cdr_type_id',
  connector_evse_id: 's.connector_evse_id',
  child_email: 's.child_email',
  child_plate: 's.child_plate',
  child_employee_id: 's.child_employee_id',
  child_cost_center: 's.child_cost_center',
  corporate_group_name: 's.corporate_group_name',
  user_key_hanger_code: 's.user_key_hanger_code',
  user_email: 's.user_email',
  user_code: 's.user_code',
  station_name: 's.station_name',
  station_city: 's.station_city',
  station_street: 's.station_street',
  plug_type: 's.plug_type',
  plug_max_electric_power: 's.plug_max_electric_power',
  pricing_status: 's.pricing_status',
  pricing_note: 's.pricing_note',
  currency: 's.currency',
  emp_price_total: 's.emp_price_total',
  emp_price_net_total: 's.emp_price_net_total',
  emp_price_energy: 's.emp_price_energy',
  emp_price_net_energy: 's.emp_price_net_energy',
  emp_price_time: 's.emp_price_time',
  emp_price_penalty: 's.emp_price_penalty',
  emp_price_net_penalty: 's.emp_price_net_penalty',
  subcpo_price_total: 's.subcpo_price_total',
  subcpo_price_energy: 's.subcpo_price_energy',
  subcpo_price_time: 's.subcpo_price_time',
  subcpo_price_penalty: 's.subcpo_price_penalty',
  owner_price_total: 's.owner_price_total',
  owner_price_energy: 's.owner_price_energy',
  owner_price_penalty: 's.owner_price_penalty',
  owner_cost_per_kwh: 's.owner_cost_per_kwh',
  station_id: 's.station_id',
  connector_id: 's.connector_id',
  connector_number: 's.connector_number',
  user_id: 's.user_id',
  company_id: 's.company_id',
  owner_company_id: 's.owner_company_id',
  meter_start_wh: 's.meter_start_wh',
  meter_stop_wh: 's.meter_stop_wh',
  stop_reason: 's.stop_reason',
};
export const ALL_FIELDS = Object.keys(FIELD_SQL);
const DAY_MS = 86_400_000;

/** Sort columns that are never NULL: their exports skip the NULL phase. */
const NOT_NULL_SORTS = new Set(['cdr_start']);
const DATE_FIELDS = new Set(['cdr_start', 'cdr_end', 'cdr_stop_charging_date', 'cdr_charging_end']);

/** Payment-service sessions: QR or a payment terminal (EP- ids are shown as POS). */
const MPS_SQL = "(s.start_method IN ('QR', 'POS') OR s.auth_id LIKE 'EP-%')";
/** QR sessions show provider prices only, so the other parties' sums leave them out. */
const NOT_QR = "s.start_method <> 'QR'";

export interface Scope {
  /** The caller's company and its descendants. */
  companies: number[];
  /**
   * A customer group the caller's company owns (checked by the route): its members' sessions,
   * wherever they charged, replace the variant's company scope.
   */
  customerGroupId?: number;
}

export interface SessionQuery {
  variant: SessionVariant;
  from?: string | undefined;
  to?: string | undefined;
  station_id?: number | undefined;
  connector_id?: number | undefined;
  group_id?: number | undefined;
  user_id?: number | undefined;
  corporate_group_id?: number | undefined;
  status?: 'in_progress' | 'closed' | undefined;
  needs_revision?: boolean | undefined;
  keyword?: string | undefined;
  /** Fleet endpoints: where the drivers charged. */
  place?: 'work' | 'roaming' | 'home' | undefined;
  sort?: string | undefined;
  direction: 'asc' | 'desc';
}

const ints = (ids: number[]) => (ids.length ? ids.map((n) => Math.trunc(Number(n))).join(',') : 'NULL');

/**
 * One side of the owner variants' scope (operated OR owned): the sessions on stations the scope
 * operates, or those it owns and does not operate, so the two sides never share a session.
 */
export type ScopeBranch = 'operated' | 'owned-only';

/** The WHERE clause and its parameters for a query in a scope (or one branch of an owner scope). */
export function whereOf(scope: Scope, q: SessionQuery, branch?: ScopeBranch): { sql: string; params: unknown[] } {
  const c: string[] = [];
  const params: unknown[] = [];
  const inScope = ints(scope.companies);
  if (scope.customerGroupId !== undefined) c.push(`s.customer_group_id = ${Math.trunc(scope.customerGroupId)}`);
  else
    switch (variantScope(q.variant)) {
      case 'fleet-users':
        c.push(`s.user_id IN (SELECT id FROM users WHERE company_id IN (${inScope}))`);
        break;
      case 'operated-or-owned':
        if (branch === 'operated') c.push(`s.company_id IN (${inScope})`);
        // company_id is NOT NULL, so NOT IN is exact.
        else if (branch === 'owned-only')
          c.push(`s.owner_company_id IN (${inScope}) AND s.company_id NOT IN (${inScope})`);
        else c.push(`(s.company_id IN (${inScope}) OR s.owner_company_id IN (${inScope}))`);
        break;
      default:
        c.push(`s.company_id IN (${inScope})`);
    }
  const channel = variantChannel(q.variant);
  if (channel === 'mps') c.push(MPS_SQL);
  if (channel === 'groups') c.push(`NOT ${MPS_SQL}`);
  if (q.place === 'work') c.push("s.station_id IN (SELECT id FROM stations WHERE type = 'work')");
  if (q.place === 'home') c.push("s.station_id IN (SELECT id FROM stations WHERE type = 'home')");
  if (q.place === 'roaming') c.push("s.station_id IN (SELECT id FROM stations WHERE type IN ('public', 'private'))");
  if (q.from) {
    c.push('s.cdr_start >= ?');
    params.push(Date.parse(q.from));
  }
  if (q.to) {
    c.push('s.cdr_start < ?');
    params.push(Date.parse(q.to));
  }
  if (q.station_id) {
    c.push('s.station_id = ?');
    params.push(q.station_id);
  }
  if (q.connector_id) {
    c.push('s.connector_id = ?');
    params.push(q.connector_id);
  }
  if (q.group_id) {
    c.push('s.station_id IN (SELECT id FROM stations WHERE ? IN (group1_id, group2_id, group3_id, group4_id))');
    params.push(q.group_id);
  }
  if (q.user_id) {
    c.push('s.user_id = ?');
    params.push(q.user_id);
  }
  if (q.corporate_group_id) {
    c.push('s.user_id IN (SELECT id FROM users WHERE corporate_group_id = ?)');
    params.push(q.corporate_group_id);
  }
  if (q.status) {
    c.push('s.status = ?');
    params.push(q.status);
  }
  if (q.needs_revision !== undefined)
    c.push(q.needs_revision ? 's.cdr_needs_revision <> 0' : 's.cdr_needs_revision = 0');
  if (q.keyword) {
    const k = q.keyword.toLowerCase();
    c.push(
      "(instr(lower(coalesce(s.station_name, '')), ?) > 0 OR instr(lower(coalesce(s.user_email, '')), ?) > 0 OR instr(lower(s.auth_id), ?) > 0 OR instr(lower(coalesce(s.connector_evse_id, '')), ?) > 0)",
    );
    params.push(k, k, k, k);
  }
  return { sql: c.join(' AND '), params };
}

/** The column a query is sorted by: a sortable column of the variant, else the start. */
export function sortKeyOf(q: SessionQuery): string {
  return q.sort && sortableKeys(q.variant).includes(q.sort) ? q.sort : 'cdr_start';
}

/** The ORDER BY of a query: a sortable column of the variant, then the id as a tie-breaker. */
export function orderOf(q: SessionQuery): string {
  const dir = q.direction === 'asc' ? 'ASC' : 'DESC';
  return `${FIELD_SQL[sortKeyOf(q)]} ${dir}, s.id ${dir}`;
}

/**
 * Sort columns with an index per company and per driver (migration 0017) and per owner company
 * (migration 0020, the owner variants' second walk): their index names.
 */
const SORT_INDEXES: Record<string, { name: string; fleet: boolean; owner: boolean }> = {
  cdr_consumed_energy: { name: 'energy', fleet: true, owner: true },
  cdr_time: { name: 'time', fleet: true, owner: true },
  emp_price_total: { name: 'emp_total', fleet: true, owner: true },
  emp_price_net_total: { name: 'emp_net_total', fleet: true, owner: false },
  subcpo_price_total: { name: 'subcpo_total', fleet: false, owner: false },
  owner_price_total: { name: 'owner_total', fleet: false, owner: true },
};
/** Below this many days a period is narrow: its sessions are read by start and sorted. */
const NARROW_PERIOD_DAYS = 7;

/**
 * The index a list sorted by energy, duration or a total walks: (company or driver, sort column, id,
 * start), read in order within each company or driver of the scope so that ORDER BY … LIMIT stops
 * early in each one. SQLite's planner does not count that early stop (an IN list gives no global
 * order), so it is named with INDEXED BY. None for the start sort (the planner picks the start or
 * scope index well), for scopes the indexes do not lead with (owners, customer groups), and for
 * lists a narrower filter serves better (a station, a connector, a period under a week, sessions in
 * progress or needing revision).
 */
export function sortIndexOf(scope: Scope, q: SessionQuery): string | null {
  const index = sortIndexFor(scope, q);
  if (!index) return null;
  const kind = variantScope(q.variant);
  if (kind === 'fleet-users') return index.fleet ? `charging_sessions_user_${index.name}_idx` : null;
  if (kind === 'operated' && !q.user_id) return `charging_sessions_company_${index.name}_idx`;
  return null;
}

/** The sort column's index entry when the list is wide enough to walk it (see `sortIndexOf`). */
function sortIndexFor(scope: Scope, q: SessionQuery) {
  const index = SORT_INDEXES[sortKeyOf(q)];
  if (!index || scope.customerGroupId !== undefined || q.station_id || q.connector_id) return null;
  // Sessions in progress or needing revision are few: found by their filter and sorted.
  if (q.status === 'in_progress' || q.needs_revision === true) return null;
  const from = q.from ? Date.parse(q.from) : Number.NEGATIVE_INFINITY;
  // No session starts in the future: a period without an end ends now.
  const to = q.to ? Date.parse(q.to) : Date.now();
  if (!(to - from >= NARROW_PERIOD_DAYS * DAY_MS)) return null;
  return index;
}

/**
 * The owner variants (scope operated OR owned) sorted by an indexed column, under the same
 * conditions as `sortIndexOf`: the two indexes of the merged walk — the operated sessions on the
 * company sort index and the owned-only ones on the owner sort index (migration 0020). Null when
 * the list keeps one statement over the OR scope.
 */
export function ownerSortIndexesOf(scope: Scope, q: SessionQuery): Record<ScopeBranch, string> | null {
  const index = sortIndexFor(scope, q);
  if (!index?.owner || variantScope(q.variant) !== 'operated-or-owned' || q.user_id) return null;
  return {
    operated: `charging_sessions_company_${index.name}_idx`,
    'owned-only': `charging_sessions_owner_${index.name}_idx`,
  };
}

/** `FROM` the sessions table, through the sort index when the list has one. */
function fromOf(scope: Scope, q: SessionQuery): string {
  const index = sortIndexOf(scope, q);
  return `charging_sessions s${index ? ` INDEXED BY ${index}` : ''}`;
}

type Sql = { sql: string; params: unknown[] };

/**
 * The ids of the filtered list (plus `extra`, an export's keyset) in the list's order, `limit` of
 * them from `offset`. One walk, or for an owner list sorted by an indexed column a merge of two
 * ordered walks, one per side of its scope (ADR 033, second addendum): each side stops after
 * offset + limit rows of its index, and the union of the two disjoint sides, ordered by the same
 * (sort value, id) with SQLite's NULL placement, is exactly the one-walk order.
 */
function orderedIds(scope: Scope, q: SessionQuery, where: Sql, extra: Sql | null, limit: number, offset: number): Sql {
  const order = orderOf(q);
  const more = extra ? ` AND ${extra.sql}` : '';
  const extraParams = extra?.params ?? [];
  const merged = ownerSortIndexesOf(scope, q);
  if (!merged)
    return {
      sql: `SELECT s.id FROM ${fromOf(scope, q)} WHERE ${where.sql}${more} ORDER BY ${order} LIMIT ? OFFSET ?`,
      params: [...where.params, ...extraParams, limit, offset],
    };
  const dir = q.direction === 'asc' ? 'ASC' : 'DESC';
  const key = FIELD_SQL[sortKeyOf(q)];
  const sides = (Object.keys(merged) as ScopeBranch[]).map((branch) => {
    const w = whereOf(scope, q, branch);
    return {
      sql: `SELECT * FROM (SELECT s.id AS id, ${key} AS k FROM charging_sessions s INDEXED BY ${merged[branch]} WHERE ${w.sql}${more} ORDER BY ${order} LIMIT ?)`,
      params: [...w.params, ...extraParams, offset + limit],
    };
  });
  return {
    sql: `SELECT id FROM (${sides.map((x) => x.sql).join(' UNION ALL ')}) ORDER BY k ${dir}, id ${dir} LIMIT ? OFFSET ?`,
    params: [...sides.flatMap((x) => x.params), limit, offset],
  };
}

/** Columns selected for a variant: its own, plus what the display rules need. */
function selectList(variant: SessionVariant): string {
  const keys = new Set(['id', 'pricing_status', 'start_method', 'cdr_auth_id', 'currency']);
  for (const col of VARIANT_COLUMNS[variant]) keys.add(col.key);
  return [...keys].map((k) => `${FIELD_SQL[k] ?? 'NULL'} AS ${k}`).join(', ');
}

/** Dates as ISO strings, everything else as stored. */
export function toRecord(raw: Record<string, unknown>): CdrRecord {
  const out: CdrRecord = {};
  for (const [k, v] of Object.entries(raw)) {
    out[k] = DATE_FIELDS.has(k) && typeof v === 'number' ? new Date(v).toISOString() : (v as string | number | null);
  }
  return out;
}

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

/** Direct sums: one pass over every session row the filter selects. */
function directSumsStatement(d1: D1Database, where: Sql, q: SessionQuery) {
  const summed = VARIANT_COLUMNS[q.variant].filter((col) => col.sum);
  const parts = summed.map((col) => {
    const expr = FIELD_SQL[col.key];
    if (!col.party) return `sum(${expr}) AS ${col.key}`;
    const qr = col.party === 'emp' ? '' : ` AND ${NOT_QR}`;
    return `sum(CASE WHEN s.pricing_status = 'priced'${qr} THEN ${expr} END) AS ${col.key}`;
  });
  const statement = d1
    .prepare(
      `SELECT count(*) AS n, sum(s.pricing_status <> 'priced') AS unpriced${parts.length ? `, ${parts.join(', ')}` : ''} FROM charging_sessions s WHERE ${where.sql}`,
    )
    .bind(...where.params);
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
function sumsStatement(d1: D1Database, scope: Scope, where: Sql, q: SessionQuery, direct = false) {
  const plan = direct ? null : daySumsPlan(scope, q);
  if (!plan) return directSumsStatement(d1, where, q);
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
  if (edges.length) {
    const fromRows = [
      '1 AS n',
      "s.pricing_status = 'priced' AS priced",
      "s.start_method = 'QR' AS qr",
      ...keys.flatMap((k) => [`${FIELD_SQL[k]} AS ${k}`, `${FIELD_SQL[k]} IS NOT NULL AS ${k}_n`]),
    ];
    parts.push(`SELECT ${fromRows.join(', ')} FROM charging_sessions s WHERE ${where.sql} AND (${edges.join(' OR ')})`);
    params.push(...where.params);
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

function projectPage(rows: Record<string, unknown>[], q: SessionQuery, demo: boolean): Record<string, Cell>[] {
  return rows.map((r) => projectCdr(toRecord(r), q.variant, { demo }));
}

function sumsOf(row: Record<string, number | null> | null | undefined, summed: readonly { key: string }[]) {
  const sums: Record<string, number | null> = {};
  for (const col of summed) sums[col.key] = row?.[col.key] ?? null;
  return { total: row?.n ?? 0, unpriced: row?.unpriced ?? 0, sums };
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

/** Count, unpriced count and the footer sums of a variant over the whole filtered list. */
export async function listSums(d1: D1Database, scope: Scope, q: SessionQuery, opts: { direct?: boolean } = {}) {
  const { statement, summed } = sumsStatement(d1, scope, whereOf(scope, q), q, opts.direct);
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

/** D1's `rows_read` for the sums of a list: what the benchmark prints beside the times (load-independent). */
export async function sumsRowsRead(d1: D1Database, scope: Scope, q: SessionQuery, opts: { direct?: boolean } = {}) {
  const { statement } = sumsStatement(d1, scope, whereOf(scope, q), q, opts.direct);
  return (await statement.all()).meta.rows_read ?? 0;
}

/**
 * D1's `rows_read` for one page of a list (the benchmark prints it beside the times); `oneWalk`:
 * the ids from one statement over the whole scope, without sort index or merge (the baseline).
 */
export async function pageRowsRead(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  opts: { oneWalk?: boolean } = {},
) {
  return (await pageStatement(d1, scope, whereOf(scope, q), q, page, perPage, opts).all()).meta.rows_read ?? 0;
}

/** One page of a list as its rows (unprojected), by the current plan or by `oneWalk` (tests compare them). */
export async function pageRows(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  page: number,
  perPage: number,
  opts: { oneWalk?: boolean } = {},
) {
  return (await pageStatement(d1, scope, whereOf(scope, q), q, page, perPage, opts).all<Record<string, unknown>>())
    .results;
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
  const nullable = !NOT_NULL_SORTS.has(sortKeyOf(q));
  const phases: ('null' | 'set')[] = !nullable ? ['set'] : q.direction === 'asc' ? ['null', 'set'] : ['set', 'null'];
  let sent = 0;
  for (const phase of phases) {
    let after: { key: number | string | null; id: number } | null = null;
    while (sent < max) {
      const keyset = keysetOf(q, phase, after);
      const limit = Math.min(chunk, max - sent);
      // Owner lists on a merged walk select the chunk's ids first; the others read it in one walk.
      const ids = merged ? orderedIds(scope, q, where, keyset, limit, 0) : null;
      const res: D1Result<Record<string, unknown>> = await (ids
        ? d1
            .prepare(
              `SELECT ${selectList(q.variant)}, ${key} AS _key FROM charging_sessions s WHERE s.id IN (${ids.sql}) ORDER BY ${order}`,
            )
            .bind(...ids.params)
        : d1
            .prepare(
              `SELECT ${selectList(q.variant)}, ${key} AS _key FROM ${fromOf(scope, q)} WHERE ${where.sql} AND ${keyset.sql} ORDER BY ${order} LIMIT ?`,
            )
            .bind(...where.params, ...keyset.params, limit)
      ).all<Record<string, unknown>>();
      for (const r of res.results) {
        const { _key, ...rest } = r;
        yield projectCdr(toRecord(rest), q.variant, { demo });
      }
      sent += res.results.length;
      const last = res.results.at(-1);
      if (!last || res.results.length < limit) break;
      after = { key: (last._key ?? null) as number | string | null, id: Number(last.id) };
    }
  }
}

/** One session with every CDR field, if it is in the caller's scope for any of the audiences given. */
export async function scopedSession(
  d1: D1Database,
  scope: Scope,
  audiences: { network: boolean; fleet: boolean },
): Promise<(id: number) => Promise<(CdrRecord & { meter_curve_json: string | null }) | null>> {
  const inScope = ints(scope.companies);
  const ors: string[] = [];
  if (audiences.network) ors.push(`s.company_id IN (${inScope})`, `s.owner_company_id IN (${inScope})`);
  if (audiences.fleet) ors.push(`s.user_id IN (SELECT id FROM users WHERE company_id IN (${inScope}))`);
  return async (id) => {
    if (ors.length === 0) return null;
    const row = await d1
      .prepare(
        `SELECT ${ALL_FIELDS.map((k) => `${FIELD_SQL[k]} AS ${k}`).join(', ')}, s.meter_curve_json FROM charging_sessions s WHERE s.id = ? AND (${ors.join(' OR ')})`,
      )
      .bind(id)
      .first<Record<string, unknown>>();
    if (!row) return null;
    const { meter_curve_json, ...rest } = row;
    return { ...toRecord(rest), meter_curve_json: (meter_curve_json as string | null) ?? null };
  };
}
