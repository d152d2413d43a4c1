/**
 * @module Route declarations of the home-reimbursement settings (spec 001 §7.12 `GET settings; PUT
 * settings/{id}`): read with 'fleet:home-reimbursement', change with its ':manage'. A company outside the
 * caller's scope answers 404 like a missing one.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CompanyParams, SettingsAnswer, SettingsBody, SettingsQuery } from './settings.schemas';

const tags = ['Home reimbursement'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const read = defineRoute('fleet:home-reimbursement', {
  method: 'get',
  path: '/fleet-reimbursement/settings',
  tags,
  summary:
    "A company's home-reimbursement settings (defaults, inactive, when never saved), its kWh cost limit and which variants its service settings allow",
  request: { query: SettingsQuery },
  responses: { 200: json(SettingsAnswer), 404: notFound },
});

export const write = defineRoute('fleet:home-reimbursement:manage', {
  method: 'put',
  path: '/fleet-reimbursement/settings/{companyId}',
  tags,
  summary:
    "Save a company's home-reimbursement settings and its kWh cost limit (a variant needs its service setting on); audited",
  request: { params: CompanyParams, body: jsonBody(SettingsBody) },
  responses: { 200: json(SettingsAnswer), 404: notFound },
});
