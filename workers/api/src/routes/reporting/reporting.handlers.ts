/**
 * @module The network totals (spec 001 §7.18 total-stats, total-local-stats, total-roaming-stats;
 * ADR 052): read from the warehouse when the deployment has one, from D1 otherwise, with the same
 * figures; the answer says which.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import type { WarehouseSettings } from '@db/warehouse/client';
import { resolvePeriod } from '@domain/co2/periods';
import { foldTotals, type Revenue, type TotalsKind } from '@domain/reporting/totals';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { scopedCompany } from '../co2/co2.store';
import { totalLocalStats, totalRoamingStats, totalStats } from './reporting.routes';
import { reportSource } from './reporting.store';

type Ctx = Context<AppEnv>;

const revenueOut = (r: Revenue) => ({
  currency: r.currency,
  emp_total: r.emp,
  emp_net_total: r.empNet,
  subcpo_total: r.subcpo,
  owner_total: r.owner,
});

async function totals(c: Ctx, kind: TotalsKind, q: { from?: string; to?: string; company_id?: number }) {
  const auth = authOf(c);
  const db = c.get('db');
  const id = q.company_id ?? auth.company.id;
  const company = await scopedCompany(db, auth.scope, id);
  if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
  const months = resolvePeriod(company.timeZone, Date.now(), q.from, q.to);
  const first = months?.[0];
  const last = months?.at(-1);
  if (!months || !first || !last) return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'from' });
  const source = reportSource(c.env as Env & WarehouseSettings, db);
  try {
    const rows = await source.totals({ companyId: company.id, months, kind });
    const t = foldTotals(
      months.map((m) => m.month),
      rows,
    );
    return c.json(
      {
        kind,
        company_id: company.id,
        from: first.month,
        to: last.month,
        time_zone: company.timeZone,
        source: source.name,
        sessions: t.sessions,
        energy_wh: t.energyWh,
        revenue: t.revenue.map(revenueOut),
        months: t.months.map((m) => ({
          month: m.month,
          sessions: m.sessions,
          energy_wh: m.energyWh,
          revenue: m.revenue.map(revenueOut),
        })),
      },
      200,
    );
  } finally {
    await source.end();
  }
}

export const reportingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(totalStats, (c) => totals(c, 'all', c.req.valid('query')))
  .openapi(totalLocalStats, (c) => totals(c, 'local', c.req.valid('query')))
  .openapi(totalRoamingStats, (c) => totals(c, 'roaming', c.req.valid('query')));
