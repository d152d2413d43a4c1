/** @module Route declaration of the connector economics (issue 21 part 3): revenue, cost and margin per station or group. */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { EconomicsAnswer, EconomicsQuery } from './economics.schemas';

export const economics = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/economics',
  tags: ['Connectors'],
  summary:
    "Per station or connector group of the caller's company tree over a period: sessions, energy, CPO revenue, cost from the station company's kWh net cost, margin; totals per currency; paged, sorted (default by margin)",
  request: { query: EconomicsQuery },
  responses: {
    200: json(EconomicsAnswer),
    400: errorResponse('The period must start before it ends and last at most 366 days.'),
  },
});
