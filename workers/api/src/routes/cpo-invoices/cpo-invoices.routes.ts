/** @module Route declarations of the operator invoice board (/cpo-invoices, issue 17 part 8), all behind 'billing:cpo-invoices'. */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  CpoInvoiceDetail,
  CpoInvoicePage,
  CreateBody,
  IdParams,
  ListQuery,
  OperatorOption,
  PreviewQuery,
  PreviewSchema,
  UpdateBody,
} from './cpo-invoices.schemas';

const ACCESS = 'billing:cpo-invoices';
const tags = ['Operator invoice board'];
const notFound = error('No such row (or it settles an operator outside the scope)');
const outOfScope = error('operator_id is not a company of the scope');
const refused = error(
  'The company operates no stations, the month has not started, or its sessions are in several currencies',
);

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/cpo-invoices',
  tags,
  summary:
    'Board rows of the operators of the scope, newest month first; filters operator, month, status (page is 0-based)',
  request: { query: ListQuery },
  responses: { 200: json(CpoInvoicePage) },
});

export const operators = defineRoute(ACCESS, {
  method: 'get',
  path: '/cpo-invoices/operators',
  tags,
  summary: 'The companies of the scope that operate stations: whom a row can be made for',
  responses: { 200: json(z.object({ data: z.array(OperatorOption) })) },
});

export const preview = defineRoute(ACCESS, {
  method: 'get',
  path: '/cpo-invoices/preview',
  tags,
  summary:
    'The figures a row for this operator and month would hold now, computed from the sessions; nothing is stored',
  request: { query: PreviewQuery },
  responses: { 200: json(PreviewSchema), 403: outOfScope, 422: refused },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/cpo-invoices/{id}',
  tags,
  summary: 'One row with its timeline (who changed what, when)',
  request: { params: IdParams },
  responses: { 200: json(CpoInvoiceDetail), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/cpo-invoices',
  tags,
  summary:
    "Computes the row of an operator and month from the month's sessions and stores it as a draft, checks unticked",
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(CpoInvoiceDetail, 'Created'),
    403: outOfScope,
    422: refused,
    409: error('A row for this operator and month already exists'),
  },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/cpo-invoices/{id}',
  tags,
  summary:
    'Ticks or unticks the admin checks, moves the status (draft → checked → sent → paid or disputed), sets notes or the invoice date; each change goes on the timeline',
  request: { params: IdParams, body: jsonBody(UpdateBody) },
  responses: {
    200: json(CpoInvoiceDetail),
    404: notFound,
    409: error('Transition not allowed, checks missing for the status, paid rows are final, or changed meanwhile'),
  },
});

export const recompute = defineRoute(ACCESS, {
  method: 'post',
  path: '/cpo-invoices/{id}/recompute',
  tags,
  summary: "Refreshes a draft row's figures from the month's sessions",
  request: { params: IdParams },
  responses: {
    200: json(CpoInvoiceDetail),
    404: notFound,
    409: error('Not a draft: its figures are frozen'),
    422: error('The sessions of the month are in several currencies'),
  },
});
