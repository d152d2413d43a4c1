/**
 * @module How a session list is read (ADR 033): its WHERE in the caller's scope, its order, the sort
 * index it walks and the ordered ids of a page or an export chunk. Builds statements; list.store.ts,
 * list.sums.store.ts and list.export.store.ts run them.
 */
import {
  type SessionVariant,
  sortableKeys,
  VARIANT_COLUMNS,
  variantChannel,
  variantScope,
} from '@domain/sessions/variants';
import { DAY_MS, FIELD_SQL, ints, type Scope, type SessionQuery, type Sql } from '../sessions.store';

/** Payment-service sessions: QR or a payment terminal (EP- ids are shown as POS). */
const MPS_SQL = "(s.start_method IN ('QR', 'POS') OR s.auth_id LIKE 'EP-%')";

/**
 * One side of the owner variants' scope (operated OR owned): the sessions on stations the scope
 * operates, or those it owns and does not operate, so the two sides never share a session.
 */
export type ScopeBranch = 'operated' | 'owned-only';

/**
 * Whether a list also reads our drivers' roaming sessions at partners' stations (`ocpi_emsp_sessions`,
 * ADR 057 addendum "EMSP: sessions and CDRs"): the e-mobility provider variant (the provider's company
 * is the session's), the fleet variants (the fleet's drivers wherever they charged) and a customer
 * group's members. Never the operator, sub-operator and owner variants: those are our stations' sessions.
 */
export function withRoaming(scope: Scope, q: SessionQuery): boolean {
  return (
    scope.customerGroupId !== undefined || q.variant === 'emp' || q.variant === 'fleet' || q.variant === 'fleet_mps'
  );
}

/** The roaming sessions' table under the lists' alias `s`: its filtered columns carry the same names. */
export const ROAMING_TABLE = 'ocpi_emsp_sessions s';

/**
 * The WHERE clause and its parameters for a query in a scope (or one branch of an owner scope). With
 * `roaming`, over `ocpi_emsp_sessions` (no station of ours: the place filter "roaming" takes them all,
 * "work" and "home" none; station, connector and group filters match none as station_id is NULL).
 */
export function whereOf(
  scope: Scope,
  q: SessionQuery,
  branch?: ScopeBranch,
  roaming = false,
): { sql: string; params: unknown[] } {
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
  if (roaming) {
    if (q.place === 'work' || q.place === 'home') c.push('0');
  } else {
    if (q.place === 'work') c.push("s.station_id IN (SELECT id FROM stations WHERE type = 'work')");
    if (q.place === 'home') c.push("s.station_id IN (SELECT id FROM stations WHERE type = 'home')");
    if (q.place === 'roaming') c.push("s.station_id IN (SELECT id FROM stations WHERE type IN ('public', 'private'))");
  }
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
export function fromOf(scope: Scope, q: SessionQuery): string {
  const index = sortIndexOf(scope, q);
  return `charging_sessions s${index ? ` INDEXED BY ${index}` : ''}`;
}

/**
 * The ids of the filtered list (plus `extra`, an export's keyset) in the list's order, `limit` of
 * them from `offset`. One walk, or for an owner list sorted by an indexed column a merge of two
 * ordered walks, one per side of its scope (ADR 033, second addendum): each side stops after
 * offset + limit rows of its index, and the union of the two disjoint sides, ordered by the same
 * (sort value, id) with SQLite's NULL placement, is exactly the one-walk order.
 */
export function orderedIds(
  scope: Scope,
  q: SessionQuery,
  where: Sql,
  extra: Sql | null,
  limit: number,
  offset: number,
): Sql {
  const order = orderOf(q);
  const more = extra ? ` AND ${extra.sql}` : '';
  const extraParams = extra?.params ?? [];
  const merged = ownerSortIndexesOf(scope, q);
  if (!merged && !extra && withRoaming(scope, q)) return withRoamingIds(scope, q, where, limit, offset);
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

/**
 * The ordered ids of a list that also reads roaming sessions: each table walked in the list's order up
 * to offset + limit rows, then merged by (sort value, id). A roaming session's id is negated, so the two
 * tables' ids never meet (`pageOfIds` reads each table's rows by its sign).
 */
function withRoamingIds(scope: Scope, q: SessionQuery, where: Sql, limit: number, offset: number): Sql {
  const dir = q.direction === 'asc' ? 'ASC' : 'DESC';
  const key = FIELD_SQL[sortKeyOf(q)];
  const roaming = whereOf(scope, q, undefined, true);
  return {
    sql: `SELECT id FROM (SELECT * FROM (SELECT s.id AS id, ${key} AS k FROM ${fromOf(scope, q)} WHERE ${where.sql} ORDER BY ${orderOf(q)} LIMIT ?) UNION ALL SELECT * FROM (SELECT -s.id AS id, ${key} AS k FROM ${ROAMING_TABLE} WHERE ${roaming.sql} ORDER BY ${key} ${dir}, -s.id ${dir} LIMIT ?)) ORDER BY k ${dir}, id ${dir} LIMIT ? OFFSET ?`,
    params: [...where.params, offset + limit, ...roaming.params, offset + limit, limit, offset],
  };
}

/** Columns selected for a variant: its own, plus what the display rules need. */
export function selectList(variant: SessionVariant, fields: Record<string, string> = FIELD_SQL): string {
  const keys = new Set(['id', 'pricing_status', 'start_method', 'cdr_auth_id', 'currency']);
  for (const col of VARIANT_COLUMNS[variant]) keys.add(col.key);
  return [...keys].map((k) => `${fields[k] ?? 'NULL'} AS ${k}`).join(', ');
}

/** The same columns over `ocpi_emsp_sessions`: the id negated (see `withRoamingIds`), the protocol its own. */
export const roamingSelectList = (variant: SessionVariant) =>
  selectList(variant, { ...FIELD_SQL, id: '-s.id', protocol: 's.protocol' });
