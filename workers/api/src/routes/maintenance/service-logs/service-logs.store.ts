/**
 * @module The customer-service log of the company tree (the commands sent to its charge points, by
 * the log row's company or the station's owner), filtered and paged, newest first.
 */

import { contains } from '@api/lib/like';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { connectors, customerServiceLogs, stations, users } from '@db/schema';
import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type LogQuery, toLogEntry } from './service-logs.schemas';

export async function listServiceLogs(db: Db, scope: number[], q: z.output<typeof LogQuery>) {
  const inScope = or(inCompanies(customerServiceLogs.companyId, scope), inCompanies(stations.ownerCompanyId, scope));
  const where: (SQL | undefined)[] = [inScope];
  if (q.keyword) {
    const p = contains(q.keyword);
    where.push(or(like(customerServiceLogs.connectorEvseId, p), like(stations.uid, p), like(users.email, p)));
  }
  if (q.action) where.push(eq(customerServiceLogs.action, q.action));
  if (q.result) where.push(eq(customerServiceLogs.result, q.result));
  if (q.connector_id) where.push(eq(customerServiceLogs.connectorId, q.connector_id));
  if (q.from) where.push(gte(customerServiceLogs.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(customerServiceLogs.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)));
  const condition = and(...where);
  const [rows, [total], actions] = await Promise.all([
    db
      .select({ log: customerServiceLogs, stationUid: stations.uid, email: users.email })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .leftJoin(users, eq(users.id, customerServiceLogs.userId))
      .leftJoin(connectors, eq(connectors.id, customerServiceLogs.connectorId))
      .where(condition)
      .orderBy(desc(customerServiceLogs.createdAt), desc(customerServiceLogs.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db
      .select({ n: count() })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .leftJoin(users, eq(users.id, customerServiceLogs.userId))
      .where(condition),
    db
      .selectDistinct({ action: customerServiceLogs.action })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .where(inScope)
      .orderBy(customerServiceLogs.action),
  ]);
  return {
    data: rows.map(toLogEntry),
    total: total?.n ?? 0,
    page: q.page,
    items_per_page: q.items_per_page,
    actions: actions.map((a) => a.action),
  };
}
