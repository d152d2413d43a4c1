/** @module The station list's store: stations of the caller's tree with their connector counts, filtered, sorted, paged. */

import { stationGroupConditions } from '@api/lib/group-filters.store';
import { shownStatusSql } from '@api/lib/liveness.store';
import type { Db } from '@db/db';
import { likeLiteral, listedStationInScope, stationKeywordCandidates } from '@db/queries/stations.store';
import { companies, stations } from '@db/schema';
import { CONNECTOR_STATUSES, STATUS_BUCKET } from '@domain/stations/statuses';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type StationListBody, toStationRow } from './list.schemas';

/** Stations of the scope with their connector counts; status and power filters look at the connectors. */
export async function listStations(db: Db, scope: number[], f: z.output<typeof StationListBody>) {
  const where: (SQL | undefined)[] = [listedStationInScope(scope)];
  if (f.keyword) {
    const k = f.keyword;
    // Candidates from the trigram index (3+ characters), then the exact LIKE decides.
    where.push(stationKeywordCandidates(k));
    where.push(or(...[stations.name, stations.uid, stations.city, stations.address].map((col) => likeLiteral(col, k))));
  }
  if (f.city?.length) where.push(inArray(stations.city, f.city));
  if (f.operator_id) where.push(eq(stations.companyId, f.operator_id));
  if (f.owner_id) where.push(eq(stations.ownerCompanyId, f.owner_id));
  where.push(...stationGroupConditions(f));
  if (f.status?.length || f.power_type) {
    const statuses = f.status?.length ? CONNECTOR_STATUSES.filter((s) => f.status?.includes(STATUS_BUCKET[s])) : null;
    where.push(
      sql`EXISTS (SELECT 1 FROM connectors c WHERE c.station_id = ${stations.id}${
        statuses ? sql` AND ${inArray(shownStatusSql(sql`c.status`, stations.connected), statuses)}` : sql``
      }${f.power_type ? sql` AND c.power_type = ${f.power_type}` : sql``})`,
    );
  }
  if (f.online) where.push(eq(stations.connected, f.online === 'online'));
  const condition = and(...where);
  const connectorCount = sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id})`;
  const sortColumn = {
    name: stations.name,
    uid: stations.uid,
    city: stations.city,
    last_seen: stations.lastSeenAt,
    connectors: connectorCount,
  }[f.sort];
  // Page and total in one D1 batch (one round trip); the page reads only the columns it answers with,
  // under names no other column of the row uses (batched rows are mapped by position from objects).
  const st = stations;
  const [rows, totals] = await db.batch([
    db
      .select({
        s: {
          id: st.id,
          uid: st.uid,
          name: st.name,
          address: st.address,
          postalCode: st.postalCode,
          city: st.city,
          country: st.country,
          latitude: st.latitude,
          longitude: st.longitude,
          companyId: st.companyId,
          ownerCompanyId: st.ownerCompanyId,
          type: st.type,
          powerType: st.powerType,
          brand: st.brand,
          model: st.model,
          firmware: st.firmware,
          lastSeenAt: st.lastSeenAt,
          connected: st.connected,
        },
        operatorName: sql<string>`${companies.name}`.as('operator_name_'),
        connectors: connectorCount.as('connectors_'),
        // By shown status: an offline station has none faulted or available (they show offline).
        faulted:
          sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id} AND ${shownStatusSql(sql`c.status`, stations.connected)} = 'faulted')`.as(
            'faulted_',
          ),
        available:
          sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id} AND ${shownStatusSql(sql`c.status`, stations.connected)} = 'available')`.as(
            'available_',
          ),
        connectorId: sql<number | null>`(SELECT min(c.id) FROM connectors c WHERE c.station_id = ${stations.id})`.as(
          'connector_id_',
        ),
      })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(condition)
      .orderBy(f.direction === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(stations.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(stations).where(condition),
  ]);
  return {
    data: rows.map(toStationRow),
    total: totals[0]?.n ?? 0,
    page: f.page,
    items_per_page: f.items_per_page,
  };
}
