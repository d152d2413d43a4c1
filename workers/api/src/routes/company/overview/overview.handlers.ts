/**
 * @module The company overview: one company of the caller's scope (404 otherwise, as the tree's
 * lifecycle calls) and its descendants, counted through overview.store and the connector overview's
 * status counters; the months and the "brand new" rule are the domain's.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { companyScopeIds } from '@db/queries/companies.store';
import { isBrandNew, type MonthRange, overviewMonths } from '@domain/companies/overview';
import { bucketTotals } from '@domain/stations/buckets';
import { shownStatusCounts } from '@domain/stations/liveness';
import { OpenAPIHono } from '@hono/zod-openapi';
import { statusCounts } from '../../connectors/overview/overview.store';
import { scopedCompany } from '../tree/tree.store';
import { overview } from './overview.routes';
import { companyFacts, monthSums, subtreeCounts } from './overview.store';

const iso = (m: MonthRange) => ({ from: new Date(m.from).toISOString(), to: new Date(m.to).toISOString() });

export const overviewRoutes = new OpenAPIHono<AppEnv>().openapi(overview, async (c) => {
  const { companyId } = c.req.valid('param');
  const db = c.get('db');
  const company = await scopedCompany(db, authOf(c).scope, companyId);
  if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id: companyId } });
  // Deleted descendants stay in the subtree: their sessions are history the parent still reads (ADR 050).
  const subtree = await companyScopeIds(db, companyId);
  const now = Date.now();
  const { thisMonth, lastMonth } = overviewMonths(now);
  const [facts, counts, statuses, [current, previous]] = await Promise.all([
    companyFacts(db, companyId),
    subtreeCounts(db, subtree, new Date(now)),
    statusCounts(db, subtree),
    monthSums(c.env.DB, subtree, [thisMonth, lastMonth]),
  ]);
  const connectors = bucketTotals(shownStatusCounts(statuses.reported, statuses.offline));
  const sessionsThisMonth = current?.sessions ?? 0;
  const sessionsLastMonth = previous?.sessions ?? 0;
  const month = (range: MonthRange, sums: typeof current) => ({
    ...iso(range),
    sessions: sums?.sessions ?? 0,
    energy_wh: sums?.energyWh ?? 0,
    revenue: sums?.revenue ?? 0,
  });
  return c.json(
    {
      company: { id: company.id, name: company.name, is_closed: company.isClosed, currency: facts?.currency ?? 'EUR' },
      companies: {
        total: counts.companies.total,
        open: counts.companies.total - counts.companies.closed,
        closed: counts.companies.closed,
      },
      stations: {
        total: counts.stations.total,
        online: counts.stations.online,
        offline: counts.stations.total - counts.stations.online,
      },
      connectors: { total: connectors.total, by_status: connectors.totals },
      this_month: month(thisMonth, current),
      last_month: month(lastMonth, previous),
      users: { total: counts.users.total, backoffice: counts.users.staff, private: counts.users.private },
      active_cards: counts.activeCards,
      open_tickets: counts.openTickets,
      stripe_onboarding: facts?.stripeState ?? (facts?.cpms ? 'todo' : null),
      brand_new: isBrandNew({
        stations: counts.stations.total,
        users: counts.users.total,
        staff: counts.users.staff,
        sessionsThisMonth,
        sessionsLastMonth,
      }),
    },
    200,
  );
});
