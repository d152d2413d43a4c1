/**
 * @module The built-in dashboards' data (spec 001 §7.18 dashboard; issue 21 part 2; ADR 055): the list,
 * and one chart's series for a period, a company subtree, optionally a connector group and a split per
 * company group, read from the warehouse when the deployment has one, from D1 otherwise.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import type { WarehouseSettings } from '@db/warehouse/client';
import { CSV_CONTENT_TYPE, csvStream } from '@domain/export/csv';
import {
  CHART_UNITS,
  chartOf,
  csvTable,
  DASHBOARD_IDS,
  DASHBOARDS,
  dashboardPeriod,
} from '@domain/reporting/dashboard';
import { OpenAPIHono } from '@hono/zod-openapi';
import { scopedCompany } from '../co2/co2.store';
import { reportSource } from '../reporting/reporting.store';
import { chart, dashboards } from './dashboard.routes';
import { CHART_QUERIES, connectorGroupConnectors, stationGroupsAt } from './dashboard.store';

export const dashboardRoutes = new OpenAPIHono<AppEnv>()
  .openapi(dashboards, (c) => c.json({ data: DASHBOARD_IDS.map((id) => ({ id, charts: [...DASHBOARDS[id]] })) }, 200))
  .openapi(chart, async (c) => {
    const { dashboardId, chartId } = c.req.valid('param');
    const q = c.req.valid('query');
    const id = chartOf(dashboardId, chartId);
    if (!id) return apiError(c, 404, 'NOT_FOUND', 'dashboardChartNotFound', { params: { dashboardId, chartId } });
    const auth = authOf(c);
    const db = c.get('db');
    const companyId = q.companyId ?? auth.company.id;
    const company = await scopedCompany(db, auth.scope, companyId);
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id: companyId } });
    const now = Date.now();
    const period = dashboardPeriod(company.timeZone, now, q.from, q.to);
    if ('problem' in period) {
      const { field } = period;
      return period.problem === 'date'
        ? apiError(c, 400, 'VALIDATION_FAILED', 'dashboardDateInvalid', { field, params: { field } })
        : apiError(c, 400, 'VALIDATION_FAILED', 'uptimePeriodInvalid', { field });
    }
    const groupId = q.connectorGroupId;
    const connectorIds = groupId === undefined ? null : await connectorGroupConnectors(db, auth.scope, groupId);
    if (groupId !== undefined && !connectorIds)
      return apiError(c, 404, 'NOT_FOUND', 'groupNotFound', { params: { id: groupId } });
    const level = q.companyGroupLevel as 1 | 2 | 3 | 4 | undefined;
    const grouping = level ? await stationGroupsAt(db, company.id, level) : null;
    const source = reportSource(c.env as Env & WarehouseSettings, db);
    let series: Awaited<ReturnType<(typeof CHART_QUERIES)[typeof id]>>;
    try {
      series = await CHART_QUERIES[id](source, {
        companyId: company.id,
        period,
        connectorIds,
        stationGroups: grouping?.stationGroups ?? null,
        now,
      });
    } finally {
      await source.end();
    }
    if (q.format === 'csv') {
      const table = csvTable(id, series, grouping !== null);
      return new Response(
        csvStream(
          table.columns.map((header) => ({ header })),
          table.rows,
        ),
        {
          headers: {
            'content-type': CSV_CONTENT_TYPE,
            'content-disposition': `attachment; filename="dashboard-${id}-${period.from}-${period.to}.csv"`,
          },
        },
      );
    }
    return c.json(
      {
        chartId: id,
        source: source.name,
        unit: CHART_UNITS[id],
        companyId: company.id,
        from: period.from,
        to: period.to,
        timeZone: company.timeZone,
        ...(grouping ? { groups: grouping.groups } : {}),
        series,
      },
      200,
    );
  });
