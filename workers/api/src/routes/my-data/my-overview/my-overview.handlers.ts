/**
 * @module GET /my-data/{userId}/my-overview?year (spec 7.10): a private user's year: sessions, energy, spend
 * per currency, the average per session and the months (domain/my-pages/overview.ts), own id only (another
 * id is 404, as for the rest of /my-data). Too small for four files: the route is declared here.
 * CO2 avoided (ADR 053) sums the caller's delivered sessions of the year through domain/co2 with the company's
 * baselines, as the CO2 reports do.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { authOf } from '@api/middleware/permission';
import { overridesFrom, summarizeCo2 } from '@domain/co2/aggregate';
import { reportMonths } from '@domain/co2/periods';
import { localMonth, yearBounds, yearOverview } from '@domain/my-pages/overview';
import { DEFAULT_TIME_ZONE } from '@domain/time/zone-clock';
import { OpenAPIHono } from '@hono/zod-openapi';
import { UserIdParam } from '../../users/personal-data/personal-data.schemas';
import { MyOverview, OverviewQuery } from './my-overview.schemas';
import { baselinesOf, energyGroups, sessionsIn, sessionYears } from './my-overview.store';

export const overview = defineRoute('personal:self-charge', {
  method: 'get',
  path: '/my-data/{userId}/my-overview',
  tags: ['My pages'],
  summary: "A private user's year (own id only): sessions, energy, spend per currency, averages, per month",
  request: { params: UserIdParam, query: OverviewQuery },
  responses: { 200: json(MyOverview), 404: error('Another user: you can only read your own overview') },
});

export const myOverviewRoutes = new OpenAPIHono<AppEnv>().openapi(overview, async (c) => {
  const { user } = authOf(c);
  if (c.req.valid('param').userId !== user.id) return apiError(c, 404, 'USER_NOT_FOUND', 'notFound');
  const zone = DEFAULT_TIME_ZONE;
  const year = c.req.valid('query').year ?? localMonth(Date.now(), zone).year;
  const db = c.get('db');
  const months = reportMonths(zone, `${year}-01`, `${year}-12`) ?? [];
  const companyId = authOf(c).company.id;
  const [rows, years, groups, baselines] = await Promise.all([
    sessionsIn(db, user.id, yearBounds(year, zone)),
    sessionYears(db, user.id),
    energyGroups(db, { perspective: 'fleet', companyId, months, userId: user.id }),
    baselinesOf(db, companyId),
  ]);
  const co2 = summarizeCo2(groups, overridesFrom(baselines)).total;
  const o = yearOverview(
    rows.map((r) => ({
      startAt: r.startAt.getTime(),
      energyWh: r.energyWh,
      currency: r.currency,
      empTotal: r.empTotal,
      priced: r.pricingStatus === 'priced',
    })),
    year,
    zone,
  );
  return c.json(
    {
      year,
      sessions: o.sessions,
      energy_wh: o.energyWh,
      average_energy_wh: o.averageEnergyWh,
      unpriced_sessions: o.unpricedSessions,
      spend: o.spend,
      months: o.months.map((m) => ({ month: m.month, sessions: m.sessions, energy_wh: m.energyWh, spend: m.spend })),
      years,
      co2: { baseline_kg: co2.baselineKg, project_kg: co2.projectKg, avoided_kg: co2.avoidedKg },
    },
    200,
  );
});
