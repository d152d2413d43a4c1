/**
 * @module Reads of the company overview (`GET /company/{companyId}/overview`): counts and sums over the
 * company and its descendants, each a COUNT or SUM on indexed columns, never the rows themselves. The
 * figures come from D1 through this one module so that issue 21's warehouse can answer them instead.
 * Connector statuses and session sums reuse the connector overview's and the session list's queries,
 * so each figure equals the list screen it links to.
 */
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { listedStationInScope } from '@db/queries/stations.store';
import { billingAccounts, companies, maintenanceTickets, rfids, stations, userRoles, users } from '@db/schema';
import type { MonthRange } from '@domain/companies/overview';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { listSumsMany } from '../../sessions/list/list.sums.store';
import type { SessionQuery } from '../../sessions/sessions.store';

/** The company's currency, whether it operates stations, and its Stripe Connect onboarding state (null: none yet). */
export function companyFacts(db: Db, companyId: number) {
  return db
    .select({ currency: companies.currency, cpms: companies.cpms, stripeState: billingAccounts.state })
    .from(companies)
    .leftJoin(billingAccounts, eq(billingAccounts.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .get();
}

const sumOf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${condition}), 0)`.mapWith(Number);

/** Companies, stations, users, active cards and open tickets of the subtree, in one batch. */
export async function subtreeCounts(db: Db, subtree: number[], now: Date) {
  const [companyRow, stationRow, userRow, cardRow, ticketRow] = await db.batch([
    db
      .select({ total: count(), closed: sumOf(sql`${companies.isClosed}`) })
      .from(companies)
      .where(and(inCompanies(companies.id, subtree), isNull(companies.deletedAt))),
    db
      .select({ total: count(), online: sumOf(sql`${stations.connected}`) })
      .from(stations)
      .where(listedStationInScope(subtree)),
    db
      .select({
        total: count(),
        staff: sumOf(sql`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`),
        private: sumOf(sql`(${users.onlyPrivate} = 1 OR ${users.canChargeHome} = 1)`),
      })
      .from(users)
      .where(and(inCompanies(users.companyId, subtree), eq(users.status, 'active'))),
    db
      .select({ n: count() })
      .from(rfids)
      .where(
        and(
          inCompanies(rfids.companyId, subtree),
          eq(rfids.status, 'active'),
          or(isNull(rfids.expiresAt), gt(rfids.expiresAt, now)),
        ),
      ),
    // As the maintainer overview: tickets of stations operated or owned in the subtree.
    db
      .select({ n: count() })
      .from(maintenanceTickets)
      .innerJoin(stations, eq(stations.id, maintenanceTickets.stationId))
      .where(
        and(
          eq(maintenanceTickets.resolved, false),
          or(inCompanies(maintenanceTickets.companyId, subtree), inCompanies(stations.ownerCompanyId, subtree)),
        ),
      ),
  ]);
  const c = companyRow[0];
  const s = stationRow[0];
  const u = userRow[0];
  return {
    companies: { total: c?.total ?? 0, closed: c?.closed ?? 0 },
    stations: { total: s?.total ?? 0, online: s?.online ?? 0 },
    users: { total: u?.total ?? 0, staff: u?.staff ?? 0, private: u?.private ?? 0 },
    activeCards: cardRow[0]?.n ?? 0,
    openTickets: ticketRow[0]?.n ?? 0,
  };
}

/**
 * Sessions, energy and the operator's revenue (the sub-operator perspective of the CDR, ADR 044:
 * `subcpo_price_total`, priced sessions that are not QR) of the stations the subtree operates, per
 * month: the multi-flow session list's footer over the same period.
 */
export async function monthSums(d1: D1Database, subtree: number[], months: MonthRange[]) {
  const queries: SessionQuery[] = months.map((m) => ({
    variant: 'multiflow',
    from: new Date(m.from).toISOString(),
    to: new Date(m.to).toISOString(),
    direction: 'desc',
  }));
  const sums = await listSumsMany(d1, { companies: subtree }, queries);
  return sums.map((s) => ({
    sessions: s.total,
    energyWh: s.sums.cdr_consumed_energy ?? 0,
    revenue: s.sums.subcpo_price_total ?? 0,
  }));
}
