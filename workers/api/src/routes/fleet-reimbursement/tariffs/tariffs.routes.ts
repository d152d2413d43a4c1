/**
 * @module Route declarations of the home-reimbursement tariffs (spec 001 §7.12, 000 §4, issue 19 part 4).
 * Reading, submitting, editing and deleting need `personal:home-reimbursement`: a manager
 * (`fleet:home-reimbursement`) reaches the tariffs of the companies in scope, an employee only their
 * own; approving and rejecting need `fleet:home-reimbursement:manage`. The literal path comes first.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  CreateBody,
  EmployeeOptions,
  EmployeeQuery,
  ListQuery,
  TariffPage,
  TariffParams,
  TariffSchema,
  UpdateBody,
} from './tariffs.schemas';

const tags = ['Home reimbursement'];
const notFound = error('Tariff not found (or another company’s, or another employee’s)');

export const list = defineRoute('personal:home-reimbursement', {
  method: 'get',
  path: '/fleet-reimbursement/tariffs',
  tags,
  summary:
    'Home-reimbursement tariffs: a manager sees those of the companies in scope, filtered by status, user or name/e-mail; an employee their own. Newest validity first',
  request: { query: ListQuery },
  responses: { 200: json(TariffPage) },
});

export const employees = defineRoute('fleet:home-reimbursement:manage', {
  method: 'get',
  path: '/fleet-reimbursement/tariffs/employees',
  tags,
  summary: 'Active users of the companies in scope a manager may submit a tariff for, by name or e-mail: 100 at most',
  request: { query: EmployeeQuery },
  responses: { 200: json(EmployeeOptions) },
});

export const create = defineRoute('personal:home-reimbursement', {
  method: 'post',
  path: '/fleet-reimbursement/tariffs',
  tags,
  summary:
    'Submit a tariff (pending until a manager approves it) for the caller or, for a manager, an employee in scope; in the company’s currency. Refused while another tariff of that employee is pending, or when its validity overlaps an active or pending one',
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(TariffSchema, 'Created'),
    409: error('Another tariff is pending, the validity overlaps another tariff, or reimbursement is not active'),
  },
});

export const detail = defineRoute('personal:home-reimbursement', {
  method: 'get',
  path: '/fleet-reimbursement/tariffs/{tariffId}',
  tags,
  summary: 'One tariff',
  request: { params: TariffParams },
  responses: { 200: json(TariffSchema), 404: notFound },
});

export const update = defineRoute('personal:home-reimbursement', {
  method: 'put',
  path: '/fleet-reimbursement/tariffs/{tariffId}',
  tags,
  summary: 'Edit a pending tariff (its employee, or a manager who may manage): the same checks as a new one',
  request: { params: TariffParams, body: jsonBody(UpdateBody) },
  responses: {
    200: json(TariffSchema),
    404: notFound,
    409: error('The tariff is no longer pending, or the validity overlaps another tariff'),
  },
});

export const remove = defineRoute('personal:home-reimbursement', {
  method: 'delete',
  path: '/fleet-reimbursement/tariffs/{tariffId}',
  tags,
  summary: 'Delete a pending tariff (soft delete): its employee, or a manager who may manage',
  request: { params: TariffParams },
  responses: { 200: json(TariffSchema), 404: notFound, 409: error('The tariff is no longer pending') },
});

export const approve = defineRoute('fleet:home-reimbursement:manage', {
  method: 'post',
  path: '/fleet-reimbursement/tariffs/{tariffId}/approve',
  tags,
  summary:
    'Approve a pending tariff: it becomes active, and the employee’s earlier active open-ended tariff ends the day before it starts. Who and when are recorded',
  request: { params: TariffParams },
  responses: {
    200: json(TariffSchema),
    404: notFound,
    409: error('The tariff is no longer pending, or overlaps an active tariff'),
  },
});

export const reject = defineRoute('fleet:home-reimbursement:manage', {
  method: 'post',
  path: '/fleet-reimbursement/tariffs/{tariffId}/reject',
  tags,
  summary: 'Reject a pending tariff. Who and when are recorded',
  request: { params: TariffParams },
  responses: { 200: json(TariffSchema), 404: notFound, 409: error('The tariff is no longer pending') },
});
