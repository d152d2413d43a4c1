/** @module The customer group year overview (spec 7.14 `customer-type/{id}/overview`), behind 'customer-groups:manage' and the caller's company tree. */
import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { IdParams } from '../groups/groups.schemas';
import { Overview, OverviewQuery } from './overview.schemas';

export const overview = defineRoute('customer-groups:manage', {
  method: 'get',
  path: '/customer-type/{id}/overview',
  tags: ['Customer groups'],
  summary:
    'Per month of the year (CET): sessions, energy and provider amounts of the group’s sessions, members who charged and members who joined',
  request: { params: IdParams, query: OverviewQuery },
  responses: { 200: json(Overview), 404: error('No such customer group in the caller’s company tree') },
});
