/** @module Shapes of the built-in dashboards' data (spec 001 §7.18 dashboard; issue 21 part 2; ADR 055). */
import { CHART_IDS, DASHBOARD_IDS } from '@domain/reporting/dashboard';
import { z } from '@hono/zod-openapi';

export const DashboardList = z
  .object({ data: z.array(z.object({ id: z.enum(DASHBOARD_IDS), charts: z.array(z.enum(CHART_IDS)) })) })
  .openapi('Dashboards');

export const ChartParams = z.object({
  dashboardId: z.string().openapi({ param: { name: 'dashboardId', in: 'path' }, example: 'main' }),
  chartId: z.string().openapi({ param: { name: 'chartId', in: 'path' }, example: 'energy-sessions' }),
});

const id = z.coerce.number().int().positive();
const date = (description: string) => z.string().max(10).optional().openapi({ example: '2026-10-01', description });

export const ChartQuery = z.object({
  from: date('First day (YYYY-MM-DD, company time zone); default 29 days before `to`'),
  to: date('Last day, inclusive (at most 366 days after `from`); default today'),
  companyId: id
    .optional()
    .openapi({ description: "A company of the caller's subtree (its subtree counts); default the caller's" }),
  companyGroupLevel: z.coerce.number().int().min(1).max(4).optional().openapi({
    description: 'Each series row per company group of this level (1‥4) of the stations: `groupId`, null outside any',
  }),
  connectorGroupId: id.optional().openapi({ description: 'Only the connectors of this connector group' }),
  format: z.enum(['json', 'csv']).default('json').openapi({ description: 'csv: the same rows as a CSV file' }),
});

const day = z.string().openapi({ example: '2026-10-01' });
const groupId = z.number().nullable().optional().openapi({ description: 'With companyGroupLevel: the company group' });

const EnergySessionsRow = z.object({ groupId, day, sessions: z.number(), energyWh: z.number() });
const RevenueRow = z.object({
  groupId,
  day,
  currency: z.string(),
  emp: z.number().openapi({ description: "The driver's (e-mobility provider's) price, gross, minor units" }),
  empNet: z.number(),
  subcpo: z.number().openapi({ description: "The sub-operator's price, minor units" }),
  owner: z.number().openapi({ description: "The station owner's price, minor units" }),
});
const UtilisationRow = z.object({
  groupId,
  weekday: z.number().openapi({ description: '1 = Monday … 7 = Sunday' }),
  hour: z.number(),
  occupiedShare: z.number().openapi({ description: 'Occupied connector-hours / available connector-hours, 0‥1' }),
});
const TopStationRow = z.object({
  groupId,
  stationId: z.number(),
  name: z.string().nullable(),
  sessions: z.number(),
  energyWh: z.number(),
  revenueEmp: z.number(),
  currency: z.string(),
});
const FaultsRow = z.object({ groupId, day, faults: z.number(), faultMinutes: z.number() });

export const ChartData = z
  .object({
    chartId: z.enum(CHART_IDS),
    source: z.enum(['warehouse', 'd1']).openapi({ description: 'Where the figures were read: the same on both' }),
    unit: z.string().openapi({ description: 'Wh, minor-units, share or minutes' }),
    companyId: z.number(),
    from: day,
    to: day,
    timeZone: z.string(),
    groups: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
    series: z.array(z.union([EnergySessionsRow, RevenueRow, UtilisationRow, TopStationRow, FaultsRow])),
  })
  .openapi('DashboardChart');
