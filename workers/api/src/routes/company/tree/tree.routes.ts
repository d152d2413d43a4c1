/**
 * @module The company tree (spec 001 7.5 `GET company/tree`) and the lifecycle of a company in it: move
 * under another parent, close or reopen, delete (ADR 050). Super users ('companies:manage'), within scope.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CloseBody, CompanyIdParams, CompanyStateSchema, DeleteBody, MoveBody, TreeAnswer } from './tree.schemas';

const ACCESS = 'companies:manage';
const tags = ['Companies'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope, or deleted)');

export const tree = defineRoute(ACCESS, {
  method: 'get',
  path: '/company/tree',
  tags,
  summary: 'The selected company and every live descendant, nested, children by name, with the closed flag',
  responses: { 200: json(TreeAnswer) },
});

export const move = defineRoute(ACCESS, {
  method: 'put',
  path: '/company/{companyId}/parent',
  tags,
  summary: 'Moves a company under another parent of the scope (never under itself or a descendant)',
  request: { params: CompanyIdParams, body: jsonBody(MoveBody) },
  responses: {
    200: json(CompanyStateSchema),
    403: errorResponse('The new parent is outside the caller’s scope'),
    404: notFound,
    409: errorResponse('The new parent is the company itself, one of its descendants, or closed'),
  },
});

export const close = defineRoute(ACCESS, {
  method: 'put',
  path: '/company/{companyId}/closed',
  tags,
  summary: 'Closes a company (no new subsidiaries under it) or reopens it',
  request: { params: CompanyIdParams, body: jsonBody(CloseBody) },
  responses: { 200: json(CompanyStateSchema), 404: notFound },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/company/{companyId}',
  tags,
  summary:
    'Deletes a company without subsidiaries or stations, confirmed by its typed name: its users are deactivated, its history kept',
  request: { params: CompanyIdParams, body: jsonBody(DeleteBody) },
  responses: {
    200: json(CompanyStateSchema),
    400: errorResponse('The typed name is not the company’s'),
    404: notFound,
    409: errorResponse('The company has subsidiaries or stations, or is the caller’s own'),
  },
});
