/**
 * @module POST /company (spec 001 7.5; screens /create-company/step-1..4) and the wizard's corporate admin
 * search, behind 'company:create' (super users 50 and 51, within their scope).
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { CandidateSchema, CandidatesQuery, CreateCompanyBody, CreatedCompanySchema } from './create.schemas';

const tags = ['Companies'];

export const adminCandidates = defineRoute('company:create', {
  method: 'get',
  path: '/company/admin-candidates',
  tags,
  summary: 'Active users of the caller’s scope a new company may take as corporate admin (20 at most, by e-mail)',
  request: { query: CandidatesQuery },
  responses: { 200: json(z.object({ data: z.array(CandidateSchema) })) },
});

export const createCompany = defineRoute('company:create', {
  method: 'post',
  path: '/company',
  tags,
  summary:
    'Creates a company under a parent of the caller’s scope with its service settings and mandatory corporate admin; a new admin is invited by e-mail to set a password',
  request: { body: jsonBody(CreateCompanyBody) },
  responses: {
    201: json(CreatedCompanySchema),
    403: errorResponse('The parent or the existing admin is outside the caller’s scope'),
    409: errorResponse('The new admin’s e-mail belongs to a user already'),
  },
});
