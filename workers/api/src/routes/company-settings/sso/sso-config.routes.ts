/**
 * @module A company's single sign-on configuration (issue 20 part 5, ADR 048): read, save, and test the
 * issuer's discovery document. Company admins (`company:settings`), companies of the caller's scope.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CompanyParams } from '../company-settings.schemas';
import { SsoConfigBody, SsoConfigView, SsoTestBody, SsoTestResult } from './sso-config.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const readSso = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}/sso',
  tags,
  summary: "A company's single sign-on configuration (the client secret is never returned)",
  request: { params: CompanyParams },
  responses: { 200: json(SsoConfigView), 404: notFound },
});

export const putSso = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/sso',
  tags,
  summary: "Saves a company's single sign-on configuration",
  request: { params: CompanyParams, body: jsonBody(SsoConfigBody) },
  responses: {
    200: json(SsoConfigView),
    404: notFound,
    409: errorResponse('An e-mail domain already signs in through another company (SSO_DOMAIN_TAKEN)'),
  },
});

export const testSso = defineRoute('company:settings', {
  method: 'post',
  path: '/settings/company/{companyId}/sso/test',
  tags,
  summary: "Fetches the issuer's discovery document and reports whether it can be used",
  request: { params: CompanyParams, body: jsonBody(SsoTestBody) },
  responses: { 200: json(SsoTestResult), 404: notFound },
});
