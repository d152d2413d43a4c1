/** @module Route declarations of the network totals (spec 001 §7.18; ADR 052), behind 'reports:totals'. */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { Totals, TotalsQuery } from './reporting.schemas';

const tags = ['Reports'];
// Each path stays a literal in its declaration: the app's typed client keys its calls by path.
const shape = {
  method: 'get',
  tags,
  request: { query: TotalsQuery },
  responses: {
    200: json(Totals),
    400: errorResponse('The period is not valid (to before from, or longer than 36 months)'),
    404: errorResponse('Company id: {id} not found (or not in your scope)'),
  },
} as const;

export const totalStats = defineRoute('reports:totals', {
  ...shape,
  path: '/total-stats',
  summary: "Sessions, energy and revenue in each price perspective of the company's network, in total and per month",
});

export const totalLocalStats = defineRoute('reports:totals', {
  ...shape,
  path: '/total-local-stats',
  summary: "The same totals for the network's own sessions (no roaming partner's session id)",
});

export const totalRoamingStats = defineRoute('reports:totals', {
  ...shape,
  path: '/total-roaming-stats',
  summary: "The same totals for roaming partners' sessions",
});
