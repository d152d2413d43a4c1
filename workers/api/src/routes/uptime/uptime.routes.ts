/** @module Route declarations of the uptime API (issue 21 part 5, ADR 054): figures behind 'uptime:view', changes behind 'uptime:manage'. */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  ConnectorDetail,
  ConnectorParams,
  ExclusionBody,
  ExclusionList,
  ExclusionSchema,
  IdParams,
  ListQuery,
  PeriodQuery,
  SettingsBody,
  UptimeReport,
} from './uptime.schemas';

const tags = ['Uptime'];
const badPeriod = error('The period is not a start before its end, at most 366 days long');

export const report = defineRoute('uptime:view', {
  method: 'get',
  path: '/uptime',
  tags,
  summary:
    'Availability per connector over a period (AFIR / NEVI rule, ADR 054), under the 97 % target first, with the network figure (page is 0-based)',
  request: { query: ListQuery },
  responses: { 200: json(UptimeReport), 400: badPeriod },
});

export const exclusions = defineRoute('uptime:view', {
  method: 'get',
  path: '/uptime/exclusions',
  tags,
  summary: 'Excluded periods (scheduled maintenance, outages outside the operator’s control) overlapping the period',
  request: { query: PeriodQuery },
  responses: { 200: json(ExclusionList), 400: badPeriod },
});

export const createExclusion = defineRoute('uptime:manage', {
  method: 'post',
  path: '/uptime/exclusions',
  tags,
  summary: 'Enter an excluded period on a station or one of its connectors; scheduled maintenance only in advance',
  request: { body: jsonBody(ExclusionBody) },
  responses: {
    201: json(ExclusionSchema, 'Created'),
    404: error('The station or connector does not exist (or is outside the scope)'),
    422: error('Scheduled maintenance that has already started, or a period ending before it starts'),
  },
});

export const settings = defineRoute('uptime:manage', {
  method: 'put',
  path: '/uptime/settings',
  tags,
  summary: 'The selected company’s fault-to-ticket threshold in minutes (5 to 10,080; default 60)',
  request: { body: jsonBody(SettingsBody) },
  responses: { 200: json(SettingsBody) },
});

export const removeExclusion = defineRoute('uptime:manage', {
  method: 'delete',
  path: '/uptime/exclusions/{id}',
  tags,
  summary: 'Delete an excluded period',
  request: { params: IdParams },
  responses: { 200: json(z.object({ id: z.number() })), 404: error('No such exclusion in the scope') },
});

export const connector = defineRoute('uptime:view', {
  method: 'get',
  path: '/uptime/connectors/{connectorId}',
  tags,
  summary: 'One connector’s availability over the period, its station’s figure and the exclusions that apply',
  request: { params: ConnectorParams, query: PeriodQuery },
  responses: { 200: json(ConnectorDetail), 400: badPeriod, 404: error('No such connector in the scope') },
});
