/** @module Route declarations of the connector overview: totals by status and the recent faults. */
import { defineRoute, json } from '@api/lib/route';
import { RecentFaults, StatusTotals } from './overview.schemas';

export const overviewStatus = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/overview/status',
  tags: ['Connectors'],
  summary:
    'Connector totals by status bucket for the selected company and its descendants (operated or owned); connectors of offline stations count as offline',
  responses: { 200: json(StatusTotals) },
});

export const overviewFaults = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/overview/faults',
  tags: ['Connectors'],
  summary: 'Connectors in Faulted state or reporting an error code, newest first (20), with the total',
  responses: { 200: json(RecentFaults) },
});
