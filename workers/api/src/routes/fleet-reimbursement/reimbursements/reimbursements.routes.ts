/**
 * @module Route declarations of the reimbursements API (spec 001 §7.12, issue 19 part 6). Reading and a
 * status change are open to every employee of a company with home reimbursement (setting 25): a manager
 * (`fleet:home-reimbursement`) reads the scope's, an employee only their own; who may make which change is
 * decided per reimbursement (`domain/reimbursement/approvals.ts`). Bulk approval needs
 * `fleet:home-reimbursement:manage`. /reimbursement/bulk is declared before /reimbursement/{reimbursementId}.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import {
  BulkAnswer,
  BulkBody,
  ChangeBody,
  ListQuery,
  ReimbursementDetail,
  ReimbursementPage,
  ReimbursementParams,
} from './reimbursements.schemas';

const tags = ['Home reimbursement'];
const notFound = error('Reimbursement not found (another company’s, or another employee’s for an employee)');

export const list = defineRoute('personal:home-reimbursement', {
  method: 'get',
  path: '/fleet-reimbursement',
  tags,
  summary:
    'Reimbursements of the scope (a manager) or the caller’s own (an employee), by status (comma-separated), month or month range, user, or name / e-mail / employee number; sorted, paged (page 0-based), with totals per currency',
  request: { query: ListQuery },
  responses: { 200: json(ReimbursementPage) },
});

export const bulk = defineRoute('fleet:home-reimbursement:manage', {
  method: 'post',
  path: '/reimbursement/bulk',
  tags,
  summary:
    'Approve (validated_by_manager) or reject (note required) up to 200 reimbursements; each id on its own, answered ok or with its reason',
  request: { body: jsonBody(BulkBody) },
  responses: { 200: json(BulkAnswer) },
});

export const detail = defineRoute('personal:home-reimbursement', {
  method: 'get',
  path: '/reimbursement/{reimbursementId}',
  tags,
  summary:
    'One reimbursement: figures, breakdown per tariff slice with its notes, the status events, and the statuses the caller may move it to now',
  request: { params: ReimbursementParams },
  responses: { 200: json(ReimbursementDetail), 404: notFound },
});

export const change = defineRoute('personal:home-reimbursement', {
  method: 'put',
  path: '/reimbursement/{reimbursementId}',
  tags,
  summary:
    'Change the status (expectedStatus: the status the caller saw). The employee validates their own (with an extra expense where the company allows it); a manager approves, rejects (note required), marks processed or paid (bank transfer only)',
  request: { params: ReimbursementParams, body: jsonBody(ChangeBody) },
  responses: {
    200: json(ReimbursementDetail),
    400: error('Invalid input; a rejection without note; an extra expense not allowed'),
    404: notFound,
    409: error('The move is not allowed from the current status, or the reimbursement changed meanwhile'),
  },
});
