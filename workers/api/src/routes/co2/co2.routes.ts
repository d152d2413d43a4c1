/** @module Route declarations of CO2 avoided (ADR 053): the totals (spec 7.18 `co2-total`) and a company's baselines. */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { BaselinesBody, BaselinesQuery, Co2Baselines, Co2Total, TotalQuery } from './co2.schemas';

const tags = ['CO2'];

export const total = defineRoute('co2:view', {
  method: 'get',
  path: '/co2-total',
  tags,
  summary:
    'CO2 avoided (ISO 14064-2) over a period: totals and months, energy, the grid factors and sources used. network needs co2:network, fleet needs fleet:view (403 otherwise).',
  request: { query: TotalQuery },
  responses: {
    200: json(Co2Total),
    404: errorResponse('The company, group or user is not in the caller’s scope'),
  },
});

export const readBaselines = defineRoute('company:settings', {
  method: 'get',
  path: '/co2-baselines',
  tags,
  summary: "The company's CO2 baseline per vehicle class: its own figures where set, the method's defaults otherwise",
  request: { query: BaselinesQuery },
  responses: { 200: json(Co2Baselines), 404: errorResponse('Company id: {id} not found (or not in your scope)') },
});

export const putBaselines = defineRoute('company:settings', {
  method: 'put',
  path: '/co2-baselines',
  tags,
  summary: "Replaces the company's CO2 baseline figures; a null figure returns to the default",
  request: { body: jsonBody(BaselinesBody) },
  responses: { 200: json(Co2Baselines), 404: errorResponse('Company id: {id} not found (or not in your scope)') },
});
