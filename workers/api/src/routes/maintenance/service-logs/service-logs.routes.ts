/** @module Route declaration of the customer-service log (spec 7.16 `customer-services/logs`), behind 'connectors:logs'. */

import { defineRoute, json } from '@api/lib/route';
import { LogPage, LogQuery } from './service-logs.schemas';

export const logs = defineRoute('connectors:logs', {
  method: 'get',
  path: '/customer-services/logs',
  tags: ['Maintenance'],
  summary:
    'Commands sent to charge points of the company tree, newest first: filters (keyword, action, result, connector, from/to UTC dates) applied only when given; pages from 0',
  request: { query: LogQuery },
  responses: { 200: json(LogPage) },
});
