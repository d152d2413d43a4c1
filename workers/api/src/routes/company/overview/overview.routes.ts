/** @module Route declaration of the company overview (`/overview`, issue 20 part 9), behind 'companies:manage'. */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { CompanyIdParams } from '../tree/tree.schemas';
import { CompanyOverview } from './overview.schemas';

export const overview = defineRoute('companies:manage', {
  method: 'get',
  path: '/company/{companyId}/overview',
  tags: ['Companies'],
  summary:
    'Key figures of a company and its descendants: companies, stations, connectors by status, sessions, energy and operator revenue this month and last, users, active cards, open tickets, Stripe onboarding',
  request: { params: CompanyIdParams },
  responses: {
    200: json(CompanyOverview),
    404: errorResponse('Company id: {id} not found (or not in your scope, or deleted)'),
  },
});
