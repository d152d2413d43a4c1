/** @module The connector list query: company scope, filters, sort and pagination in one place. */
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONNECTOR_STATUSES, STATUS_BUCKET } from '../../../../../domain/stations/statuses';
import type { Db } from '../../../../../drizzle/db';
import { inConnectorGroup } from '../../../../../drizzle/queries/groups';
import { hasStationGroupFilter, stationGroupConditions } from '../../../../../drizzle/queries/station-groups';
import {
  connectorKeywordCandidates,
  connectorStatusCounts,
  likeLiteral,
  listedConnectorCounts,
  listedStationInScope,
} from '../../../../../drizzle/queries/stations';
import { companies, connectors, stations } from '../../../../../drizzle/schema';
import { type ConnectorListBody, connectorFields } from './connectors.schemas';

type Filter = z.output<typeof ConnectorListBody>;

const SORT_COLUMNS = {
  evse_id: connectors.evseId,
  station: stations.name,
  city: stations.city,
  status: connectors.status,
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
  if (f.status?.length) where.push(inArray(connectors.status, statusesOf(f.status)));
  if (f.city?.length) where.push(inArray(stations.city, f.city));
  if (f.operator_id) where.push(eq(stations.companyId, f.operator_id));
  if (f.owner_id) where.push(eq(stations.ownerCompanyId, f.owner_id));
  if (f.power_type) where.push(eq(connectors.powerType, f.power_type));
  where.push(...stationGroupConditions(f));
  if (f.tag_id) where.push(inConnectorGroup(scope, f.tag_id));
  return and(...where);
}

const statusesOf = (buckets: readonly string[]) => CONNECTOR_STATUSES.filter((s) => buckets.includes(STATUS_BUCKET[s]));

/** Only status, operator and owner filter: the total comes from the maintained counters. */
const countable = (f: Filter) =>
  !f.keyword && !f.city?.length && !f.power_type && !hasStationGroupFilter(f) && !f.tag_id;

/** Sorts an index on connectors serves in order (with `connectors.id` as the tie-breaker). */
const INDEXED_SORTS = new Set<Filter['sort']>(['evse_id', 'status']);

export async function listConnectors(db: Db, scope: number[], f: Filter) {
  const condition = connectorWhere(scope, f);
  const order = f.direction === 'desc' ? desc(SORT_COLUMNS[f.sort]) : asc(SORT_COLUMNS[f.sort]);
  const columns = { connector: connectors, station: stations, operatorName: companies.name };
  /**
   * SQLite's planner starts from the stations in scope and sorts all their connectors. Walking the
   * sort's index on connectors and stopping after the page is cheaper when the scope holds most of the
   * table; `CROSS JOIN` makes connectors the outer loop (ADR 032).
   */
  const page = (connectorsFirst: boolean) =>
    (connectorsFirst
      ? db
          .select(columns)
          .from(connectors)
          .crossJoin(stations)
          .innerJoin(companies, eq(companies.id, stations.companyId))
          .where(and(eq(stations.id, connectors.stationId), condition))
      : db
          .select(columns)
          .from(connectors)
          .innerJoin(stations, eq(stations.id, connectors.stationId))
          .innerJoin(companies, eq(companies.id, stations.companyId))
          .where(condition)
    )
      .orderBy(order, asc(connectors.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page);

  let rows: Awaited<ReturnType<typeof page>>;
  let total: number;
  if (countable(f)) {
    const counts = listedConnectorCounts(db, scope, {
      statuses: f.status?.length ? statusesOf(f.status) : undefined,
      operatorId: f.operator_id,
      ownerId: f.owner_id,
    });
    if (INDEXED_SORTS.has(f.sort)) {
      // The counts first (a few rows), to choose the plan: the index walk reads about
      // (rows up to the page's end) × (connectors in the table / connectors matching) rows, the
      // scope-first plan reads every matching connector.
      const [scoped, all] = await db.batch([
        counts,
        db
          .select({ n: sql<number>`coalesce(sum(${connectorStatusCounts.n}), 0)`.mapWith(Number) })
          .from(connectorStatusCounts),
      ]);
      total = scoped.reduce((sum, row) => sum + row.n, 0);
      const walk = ((f.page + 1) * f.items_per_page * (all[0]?.n ?? 0)) / Math.max(total, 1);
      rows = await page(total > 0 && walk < total);
    } else {
      const [pageRows, scoped] = await Promise.all([page(false), counts]);
      rows = pageRows;
      total = scoped.reduce((sum, row) => sum + row.n, 0);
    }
  } else {
    // Not one db.batch: batched results come back as objects, and the joined tables' columns of the
    // same name (id, uid, name…) would overwrite each other.
    const [pageRows, totals] = await Promise.all([
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
    data: rows.map(({ connector: c, station: s, operatorName }) => ({
      ...connectorFields(c),
      station: {
        id: s.id,
        uid: s.uid,
        name: s.name,
        city: s.city,
        address: s.address,
        operatorId: s.companyId,
        operatorName,
        ownerId: s.ownerCompanyId,
      },
    })),
    total,
    page: f.page,
    items_per_page: f.items_per_page,
  };
}
