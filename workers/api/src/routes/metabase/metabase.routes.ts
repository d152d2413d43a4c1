/** @module Route declaration of the Metabase signed embedding (spec 001 §7.18, setting 41, ADR 055). */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { DashboardParams, MetabaseEmbed } from './metabase.schemas';

export const embed = defineRoute('reports:dashboards', {
  method: 'get',
  path: '/metabase/dashboard/{id}',
  tags: ['Dashboards'],
  summary:
    "A Metabase dashboard's signed embed address, its `company_id` parameter locked to the caller's company subtree",
  request: { params: DashboardParams },
  responses: {
    200: json(MetabaseEmbed),
    409: errorResponse('Metabase is not configured for this deployment (metabaseNotConfigured)'),
  },
});
