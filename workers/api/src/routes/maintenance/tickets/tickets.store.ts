/**
 * @module Queries of maintenance tickets: stations operated or owned in the caller's company tree
 * only (a ticket of another tree reads as absent).
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { connectors, maintenanceTickets, stations, users } from '@db/schema';
import type { Resolution } from '@domain/maintenance/tickets';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { TicketRow } from './tickets.schemas';

const creator = users;
/** Priorities in order of urgency, for sorting in SQL. */
const URGENCY = sql`CASE ${maintenanceTickets.priority} WHEN 'stuck' THEN 0 WHEN 'critical' THEN 1 WHEN 'high' THEN 2 WHEN 'new' THEN 3 WHEN 'medium' THEN 4 ELSE 5 END`;

function selectTickets(db: Db) {
  return db
    .select({
      t: maintenanceTickets,
      evse: connectors.evseId,
      stationUid: stations.uid,
      stationName: stations.name,
      createdBy: creator.email,
      resolvedBy: sql<string | null>`(SELECT email FROM users WHERE id = ${maintenanceTickets.resolvedByUserId})`,
    })
    .from(maintenanceTickets)
    .innerJoin(stations, eq(stations.id, maintenanceTickets.stationId))
    .leftJoin(connectors, eq(connectors.id, maintenanceTickets.connectorId))
    .leftJoin(creator, eq(creator.id, maintenanceTickets.createdByUserId));
}

const inScope = (scope: number[]) =>
  or(inCompanies(maintenanceTickets.companyId, scope), inCompanies(stations.ownerCompanyId, scope));

/** The ticket `id` of the scope; undefined otherwise. */
export async function ticketInScope(db: Db, scope: number[], id: number): Promise<TicketRow | undefined> {
  return selectTickets(db)
    .where(and(eq(maintenanceTickets.id, id), inScope(scope)))
    .get();
}

/** The connector's tickets of the scope, open first, newest first (200 at most). */
export async function connectorTickets(db: Db, scope: number[], connectorId: number): Promise<TicketRow[]> {
  return selectTickets(db)
    .where(and(eq(maintenanceTickets.connectorId, connectorId), inScope(scope)))
    .orderBy(asc(maintenanceTickets.resolved), desc(maintenanceTickets.createdAt), desc(maintenanceTickets.id))
    .limit(200);
}

/** Open tickets of the scope, most urgent first (200 at most), and the number of tickets per priority and state. */
export async function openTickets(db: Db, scope: number[]) {
  const [rows, counts] = await Promise.all([
    selectTickets(db)
      .where(and(eq(maintenanceTickets.resolved, false), inScope(scope)))
      .orderBy(URGENCY, asc(maintenanceTickets.createdAt))
      .limit(200),
    db
      .select({ priority: maintenanceTickets.priority, resolved: maintenanceTickets.resolved, n: count() })
      .from(maintenanceTickets)
      .innerJoin(stations, eq(stations.id, maintenanceTickets.stationId))
      .where(inScope(scope))
      .groupBy(maintenanceTickets.priority, maintenanceTickets.resolved),
  ]);
  return { rows: rows as TicketRow[], counts };
}

type TicketFields = Pick<
  typeof maintenanceTickets.$inferInsert,
  'title' | 'problem' | 'action' | 'operator' | 'priority' | 'resolved'
>;

/** Files a ticket on the connector (of the station's company); answers its id. */
export async function insertTicket(
  db: Db,
  target: { companyId: number; stationId: number; connectorId: number },
  fields: TicketFields,
  resolution: Resolution,
  createdByUserId: number,
) {
  const [inserted] = await db
    .insert(maintenanceTickets)
    .values({ ...target, ...fields, ...resolution, createdByUserId })
    .returning({ id: maintenanceTickets.id });
  return inserted?.id;
}

export async function updateTicket(db: Db, id: number, fields: TicketFields, resolution: Resolution) {
  await db
    .update(maintenanceTickets)
    .set({ ...fields, ...resolution, updatedAt: new Date() })
    .where(eq(maintenanceTickets.id, id));
}

export async function deleteTicket(db: Db, id: number) {
  await db.delete(maintenanceTickets).where(eq(maintenanceTickets.id, id));
}
