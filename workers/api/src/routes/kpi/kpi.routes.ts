/** @module Route declarations of the availability KPI, behind 'connectors:view'. */

import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { Availability, DayParams, MonthParams } from './kpi.schemas';

export const monthly = defineRoute('connectors:view', {
  method: 'get',
  path: '/kpi/availability/{year}/{month}',
  tags: ['KPI'],
  summary: 'Availability per day of a month (company time zone), from the recorded status history',
  request: { params: MonthParams },
  responses: { 200: json(Availability) },
});

export const daily = defineRoute('connectors:view', {
  method: 'get',
  path: '/kpi/availability/{year}/{month}/{day}',
  tags: ['KPI'],
  summary: 'Availability per hour of a day (company time zone), from the recorded status history',
  request: { params: DayParams },
  responses: { 200: json(Availability), 400: json(ErrorSchema, 'No such date') },
});
