/**
 * @module Company settings (spec 2 7.5 `settings/company/*`; screen /settings/{companyId}): one read of
 * everything the screen shows and one PUT per tab (general, roles and services, group labels), plus the
 * spec's siblings calls. Every call names a company of the caller's scope; any other id answers 404.
 */

import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import {
  CompanyParams,
  GeneralBody,
  GroupLabelsBody,
  ServicesBody,
  SettingsSchema,
  Sibling,
  SiblingsCanChargeOnBody,
  SiblingsQuery,
} from './company-settings.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const siblings = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/siblings',
  tags,
  summary: "A company's linked sibling companies (default: the selected company)",
  request: { query: SiblingsQuery },
  responses: { 200: json(z.object({ data: z.array(Sibling), siblings_can_charge_on: z.boolean() })), 404: notFound },
});

export const siblingsCanChargeOn = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/siblings-can-charge-on',
  tags,
  summary: "Whether the company's drivers may charge on its linked siblings' stations (default: the selected company)",
  request: {
    body: jsonBody(SiblingsCanChargeOnBody),
  },
  responses: { 200: json(SettingsSchema), 404: notFound },
});

export const read = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}',
  tags,
  summary: "A company's settings: general data, service settings, charging on parent and siblings, group labels",
  request: { params: CompanyParams },
  responses: { 200: json(SettingsSchema), 404: notFound },
});

export const putGeneral = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/general',
  tags,
  summary: "The general tab: the company's name, contact, address and tax data (spec section 5 rules)",
  request: { params: CompanyParams, body: jsonBody(GeneralBody) },
  responses: { 200: json(SettingsSchema), 404: notFound },
});

export const putServices = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/services',
  tags,
  summary:
    'The roles and services tab: the service settings that are on, charging on parent and siblings, mandatory license plate',
  request: { params: CompanyParams, body: jsonBody(ServicesBody) },
  responses: {
    200: json(SettingsSchema),
    404: notFound,
    409: errorResponse('Turning off a setting that a screen needs asks for confirm: true'),
  },
});

export const putGroupLabels = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/group-labels',
  tags,
  summary: 'The group labels tab: the names of the four company-group levels (group1 to group4)',
  request: { params: CompanyParams, body: jsonBody(GroupLabelsBody) },
  responses: { 200: json(SettingsSchema), 404: notFound },
});
