/** @module The connector list's store: company scope, filters, sort and pagination in one query (and its total). */

import { hasStationGroupFilter, inConnectorGroup, stationGroupConditions } from '@api/lib/group-filters.store';
import { offlineStationConnectorCounts, shownStatusSql } from '@api/lib/liveness.store';
import type { Db } from '@db/db';
import {
  connectorKeywordCandidates,
  connectorStatusCounts,
  likeLiteral,
  listedConnectorCounts,
  listedStationInScope,
} from '@db/queries/stations.store';
import { companies, connectors, stations } from '@db/schema';
import { shownStatusCounts } from '@domain/stations/liveness';
import { CONNECTOR_STATUSES, type ConnectorStatus, STATUS_BUCKET } from '@domain/stations/statuses';
import { type AnyColumn, and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ConnectorListBody, toConnectorRow } from './list.schemas';

type Filter = z.output<typeof ConnectorListBody>;

const SORT_COLUMNS = {
  evse_id: connectors.evseId,
  station: stations.name,
  city: stations.city,
  // The shown status (offline for an offline station's connectors), as the rows and filters say.
  status: shownStatusSql(),
  max_power: connectors.maxPowerW,
  status_changed_at: connectors.statusChangedAt,
} as const;

/** The list's filters as one condition over connectors joined to stations (also used by map markers and export). */
export function connectorWhere(scope: number[], f: Omit<Filter, 'page' | 'items_per_page' | 'sort' | 'direction'>) {
  const where: (SQL | undefined)[] = [listedStationInScope(scope)];
  if (f.keyword) {
    const k = f.keyword;
    // Candidates from the trigram indexes (3+ characters), then the exact LIKE decides.
    where.push(connectorKeywordCandidates(k));
    where.push(
      or(
        ...[connectors.evseId, connectors.uid, stations.name, stations.uid, stations.city, stations.address].map(
          (col) => likeLiteral(col, k),
        ),
      ),
    );
  }
  if (f.status?.length) where.push(inArray(shownStatusSql(), statusesOf(f.status)));
  if (f.city?.length) where.push(inArray(stations.city, f.city));
  if (f.operator_id) where.push(eq(stations.companyId, f.operator_id));
  if (f.owner_id) where.push(eq(stations.ownerCompanyId, f.owner_id));
  if (f.power_type) where.push(eq(connectors.powerType, f.power_type));
  where.push(...stationGroupConditions(f));
  if (f.tag_id) where.push(inConnectorGroup(scope, f.tag_id));
  return and(...where);
}

type Counts = { status: ConnectorStatus; n: number }[];
const sum = (list: { n: number }[]) => list.reduce((n, row) => n + row.n, 0);

const statusesOf = (buckets: readonly string[]) => CONNECTOR_STATUSES.filter((s) => buckets.includes(STATUS_BUCKET[s]));

/** Only status, operator and owner filter: the total comes from the maintained counters. */
const countable = (f: Filter) =>
  !f.keyword && !f.city?.length && !f.power_type && !hasStationGroupFilter(f) && !f.tag_id;

/**
 * Sorts an index on connectors serves in order (with `connectors.id` as the tie-breaker). Not
 * `status` since it sorts by the shown status, which depends on the station (ADR 032 addendum 2).
 */
const INDEXED_SORTS = new Set<Filter['sort']>(['evse_id']);

/**
 * A column under its own name in the result: batched D1 answers come back as objects keyed by column
 * name, so the joined tables' `id`, `uid`, `name`… must not share one (drizzle maps them by position).
 */
const aliased = <T extends AnyColumn>(column: T, alias: string) =>
  sql<T['_']['data']>`${column}`.mapWith(column).as(alias);

const pageColumns = {
  connector: connectors,
  station: {
    id: aliased(stations.id, 'station_id_'),
    uid: aliased(stations.uid, 'station_uid_'),
    name: aliased(stations.name, 'station_name_'),
    city: aliased(stations.city, 'station_city_'),
    address: aliased(stations.address, 'station_address_'),
    companyId: aliased(stations.companyId, 'station_company_id_'),
    ownerCompanyId: aliased(stations.ownerCompanyId, 'station_owner_company_id_'),
    connected: aliased(stations.connected, 'station_connected_'),
  },
  operatorName: aliased(companies.name, 'operator_name_'),
};

/**
 * The share of the connector table a scope (and status / operator / owner filter) lists, as last
 * read from the counters: only a hint for choosing the page's plan, never an answer, so a page needs
 * no round trip before its query. Per isolate, a minute old at most, a bounded number of scopes.
 */
const shareHints = new Map<string, { scoped: number; all: number; at: number }>();
const HINT_TTL_MS = 60_000;
const HINT_LIMIT = 1000;

function rememberShare(key: string, scoped: number, all: number) {
  if (shareHints.size >= HINT_LIMIT) shareHints.clear();
  shareHints.set(key, { scoped, all, at: Date.now() });
}

function shareHint(key: string) {
  const hint = shareHints.get(key);
  if (hint && Date.now() - hint.at <= HINT_TTL_MS) return hint;
  shareHints.delete(key);
  return undefined;
}

/** The index walk reads about (rows up to the page's end) × (connectors in the table / connectors matching). */
const walkIsShorter = (f: Filter, scoped: number, all: number) =>
  scoped > 0 && ((f.page + 1) * f.items_per_page * all) / scoped < scoped;

export async function listConnectors(db: Db, scope: number[], f: Filter) {
  const condition = connectorWhere(scope, f);
  const order = f.direction === 'desc' ? desc(SORT_COLUMNS[f.sort]) : asc(SORT_COLUMNS[f.sort]);
  /**
   * SQLite's planner starts from the stations in scope and sorts all their connectors. Walking the
   * sort's index on connectors and stopping after the page is cheaper when the scope holds most of the
   * table; `CROSS JOIN` makes connectors the outer loop (ADR 032).
   */
  const page = (connectorsFirst: boolean) =>
    (connectorsFirst
      ? db
          .select(pageColumns)
          .from(connectors)
          .crossJoin(stations)
          .innerJoin(companies, eq(companies.id, stations.companyId))
          .where(and(eq(stations.id, connectors.stationId), condition))
      : db
          .select(pageColumns)
          .from(connectors)
          .innerJoin(stations, eq(stations.id, connectors.stationId))
          .innerJoin(companies, eq(companies.id, stations.companyId))
          .where(condition)
    )
      .orderBy(order, asc(connectors.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page);

  // Page and total travel in one D1 batch: one round trip after the session's (ADR 032 addendum).
  let rows: Awaited<ReturnType<typeof page>>;
  let total: number;
  if (countable(f)) {
    const statuses = f.status?.length ? statusesOf(f.status) : undefined;
    const only = { operatorId: f.operator_id, ownerId: f.owner_id };
    // The counters count reported statuses; a status filter is on the shown status, so the
    // connectors of offline stations (read in the same batch, only when filtering) correct them.
    const reported = listedConnectorCounts(db, scope, only);
    const offline = offlineStationConnectorCounts(db, scope, { ...only, skip: !statuses });
    const totalOf = (r: Counts, o: Counts) => {
      if (!statuses) return sum(r);
      const shown = shownStatusCounts(r, o);
      return statuses.reduce((n, s) => n + (shown.get(s) ?? 0), 0);
    };
    if (INDEXED_SORTS.has(f.sort)) {
      const all = db
        .select({ n: sql<number>`coalesce(sum(${connectorStatusCounts.n}), 0)`.mapWith(Number) })
        .from(connectorStatusCounts);
      const key = JSON.stringify([scope, statuses, f.operator_id, f.owner_id]);
      const hint = shareHint(key);
      let allRows: { n: number }[];
      let r: Counts;
      let o: Counts;
      if (hint) {
        [r, o, allRows, rows] = await db.batch([reported, offline, all, page(walkIsShorter(f, hint.scoped, hint.all))]);
        total = totalOf(r, o);
      } else {
        // No hint yet in this isolate: the counts first (a few rows), to choose the plan.
        [r, o, allRows] = await db.batch([reported, offline, all]);
        total = totalOf(r, o);
        rows = await page(walkIsShorter(f, total, allRows[0]?.n ?? 0));
      }
      rememberShare(key, total, allRows[0]?.n ?? 0);
    } else {
      const [pageRows, r, o] = await db.batch([page(false), reported, offline]);
      rows = pageRows;
      total = totalOf(r, o);
    }
  } else {
    const [pageRows, totals] = await db.batch([
      page(false),
      db
        .select({ n: count() })
        .from(connectors)
        .innerJoin(stations, eq(stations.id, connectors.stationId))
        .where(condition),
    ]);
    rows = pageRows;
    total = totals[0]?.n ?? 0;
  }

  return {
    data: rows.map(toConnectorRow),
    total,
    page: f.page,
    items_per_page: f.items_per_page,
  };
}
