/** @module Route declarations of the built-in dashboards' data (spec 001 §7.18 dashboard; ADR 055), behind 'reports:dashboards'. */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse, json } from '../../lib/route';
import { ChartData, ChartParams, ChartQuery, DashboardList } from './dashboard.schemas';

const tags = ['Reports'];

export const dashboards = defineRoute('reports:dashboards', {
  method: 'get',
  path: '/dashboard',
  tags,
  summary: 'The built-in dashboards and their charts',
  responses: { 200: json(DashboardList) },
});

export const chart = defineRoute('reports:dashboards', {
  method: 'get',
  path: '/dashboard/{dashboardId}/charts/{chartId}',
  tags,
  summary:
    "One chart's series over a period of days (company time zone), from the warehouse or D1 with the same figures; format=csv: the same rows as CSV",
  request: { params: ChartParams, query: ChartQuery },
  responses: {
    200: {
      description: 'The series, or (format csv) the same rows as a CSV file',
      content: { 'application/json': { schema: ChartData }, 'text/csv': { schema: z.string() } },
    },
    400: errorResponse('A date is not YYYY-MM-DD, or the period ends before it starts or is longer than 366 days'),
    404: errorResponse('No such dashboard or chart; or the company or connector group is not in your scope'),
  },
});
