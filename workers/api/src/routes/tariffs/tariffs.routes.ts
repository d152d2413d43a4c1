/** @module Route declarations of the tariffs API (spec 7.21). */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  ChoiceQuery,
  Choices,
  ComponentsBody,
  CreateBody,
  IdParams,
  Items,
  ListParams,
  ListQuery,
  MpsBody,
  MpsData,
  MpsList,
  MpsListParams,
  MpsListQuery,
  PreviewBody,
  PreviewData,
  ReachData,
  RepriceData,
  ScopedListParams,
  SessionParams,
  TariffData,
  TariffPage,
  TariffSaved,
  UpdateBody,
  VersionBody,
} from './tariffs.schemas';

const VIEW = 'tariffs:view';
const MANAGE = 'tariffs:manage';
const APPROVE = 'tariffs:approve';
const tags = ['Tariffs'];
const notFound = error('Tariff id: {id} not found (or outside the company scope)');
const notPending = error('The tariff is approved: immutable, a change is a new version');

export const listScoped = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/list/{scopeId}/{type}',
  tags,
  summary: 'Tariffs of a type (emsp = emp; pending = approval queue) of a company of the scope and its descendants',
  request: { params: ScopedListParams, query: ListQuery },
  responses: { 200: json(TariffPage), 404: error('Company not in your scope') },
});

export const list = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/list/{type}',
  tags,
  summary: 'Tariffs of a type of the selected company and its descendants (generic URL)',
  request: { params: ListParams, query: ListQuery },
  responses: { 200: json(TariffPage) },
});

export const dow = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/dow',
  tags,
  summary: 'Days of the week of a day-of-week restriction',
  responses: { 200: json(Items) },
});

export const dimensionTypes = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/tariff-dimension-type',
  tags,
  summary: 'Price component types (OCPI tariff dimension types)',
  responses: { 200: json(Items) },
});

export const countries = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/countries',
  tags,
  summary: 'Countries a tariff can be limited to (ISO 3166 alpha-2)',
  responses: { 200: json(Items) },
});

export const customerGroupChoices = defineRoute(MANAGE, {
  method: 'get',
  path: '/tariff/customer-groups',
  tags,
  summary: 'Customer groups a tariff may name (live groups of the caller’s companies): 20 by name, or one by id',
  request: { query: ChoiceQuery },
  responses: { 200: json(Choices) },
});

export const detail = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/id/{tariffId}',
  tags,
  summary: 'One tariff',
  request: { params: IdParams },
  responses: { 200: json(TariffData), 404: notFound },
});

export const create = defineRoute(MANAGE, {
  method: 'post',
  path: '/tariff',
  tags,
  summary: 'Create a tariff; it is pending until approved',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(TariffSaved, 'Created'), 404: error('Company not in your scope') },
});

export const update = defineRoute(MANAGE, {
  method: 'put',
  path: '/tariff/id/{tariffId}',
  tags,
  summary: 'Update a pending tariff',
  request: { params: IdParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(TariffSaved), 404: notFound, 409: notPending },
});

export const components = defineRoute(MANAGE, {
  method: 'post',
  path: '/tariff/id/{tariffId}/components',
  tags,
  summary: 'Replace the elements (price components and restrictions) of a pending tariff',
  request: { params: IdParams, body: jsonBody(ComponentsBody) },
  responses: { 200: json(TariffData), 404: notFound, 409: notPending },
});

export const remove = defineRoute(MANAGE, {
  method: 'delete',
  path: '/tariff/id/{tariffId}',
  tags,
  summary: 'Delete a pending tariff',
  request: { params: IdParams },
  responses: { 200: json(TariffData), 404: notFound, 409: notPending },
});

export const approve = defineRoute(APPROVE, {
  method: 'post',
  path: '/tariff/id/{tariffId}/approve',
  tags,
  summary: 'Approve a pending tariff: from then on it is immutable and prices sessions',
  request: { params: IdParams },
  responses: { 200: json(TariffSaved), 404: notFound, 409: error('Already approved') },
});

export const newVersion = defineRoute(MANAGE, {
  method: 'post',
  path: '/tariff/id/{tariffId}/version',
  tags,
  summary: 'A pending copy of an approved tariff that applies from the given instant once approved',
  request: { params: IdParams, body: jsonBody(VersionBody) },
  responses: { 201: json(TariffSaved, 'Created'), 404: notFound, 409: error('Only approved tariffs are versioned') },
});

export const reach = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/id/{tariffId}/reach',
  tags,
  summary:
    'Where a tariff applies (perspective, companies, stations by country, connector groups, customer group, payment type, MPS countries, period) and the warnings when it can never price a session from now on (shadowed, validity over, group deleted, no station in its countries); a pending tariff is judged as if approved',
  request: { params: IdParams },
  responses: { 200: json(ReachData), 404: notFound },
});

export const preview = defineRoute(VIEW, {
  method: 'post',
  path: '/tariff/preview',
  tags,
  summary: 'Price a sample session with a draft tariff (nothing stored)',
  request: { body: jsonBody(PreviewBody) },
  responses: { 200: json(PreviewData) },
});

export const reprice = defineRoute(APPROVE, {
  method: 'post',
  path: '/tariff/sessions/{sessionId}/reprice',
  tags,
  summary: 'Re-price a closed session after a tariff correction; the previous figures go to the audit log',
  request: { params: SessionParams },
  responses: { 200: json(RepriceData), 404: error('Session not found'), 409: error('Session in progress') },
});

export const mpsList = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/mps/list/{type}',
  tags,
  summary: 'MPS tariffs (per country) of a type',
  request: { params: MpsListParams, query: MpsListQuery },
  responses: { 200: json(MpsList) },
});

export const mpsDetail = defineRoute(VIEW, {
  method: 'get',
  path: '/tariff/mps/id/{tariffId}',
  tags,
  summary: 'One MPS tariff',
  request: { params: IdParams },
  responses: { 200: json(MpsData), 404: error('MPS tariff not found') },
});

export const mpsCreate = defineRoute(MANAGE, {
  method: 'post',
  path: '/tariff/mps',
  tags,
  summary: 'Assign an approved tariff of the scope to a country',
  request: { body: jsonBody(MpsBody) },
  responses: { 201: json(MpsData, 'Created'), 404: notFound, 409: error('Exists already, or tariff not approved') },
});

export const mpsUpdate = defineRoute(MANAGE, {
  method: 'put',
  path: '/tariff/mps/id/{tariffId}',
  tags,
  summary: 'Change an MPS tariff',
  request: { params: IdParams, body: jsonBody(MpsBody) },
  responses: {
    200: json(MpsData),
    404: error('MPS tariff not found'),
    409: error('Exists already, or tariff not approved'),
  },
});

export const mpsDelete = defineRoute(MANAGE, {
  method: 'delete',
  path: '/tariff/mps/id/{tariffId}',
  tags,
  summary: 'Remove an MPS tariff',
  request: { params: IdParams },
  responses: { 200: json(MpsData), 404: error('MPS tariff not found') },
});
