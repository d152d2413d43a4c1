/** @module Route declarations of the caller's own calls: profile, company switch and preferences. */
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { MeSchema, PreferencesBody, SwitchCompanyBody } from './me.schemas';

export const getMe = defineRoute('session:basic', {
  method: 'get',
  path: '/me',
  tags: ['Session'],
  summary: 'The logged-in user, selected company, permissions and navigation',
  responses: { 200: json(MeSchema) },
});

export const switchCompany = defineRoute('session:basic', {
  method: 'put',
  path: '/me/company',
  tags: ['Session'],
  summary: "Select the company to work in: the user's company or a descendant",
  request: { body: jsonBody(SwitchCompanyBody) },
  responses: { 200: json(z.object({ companyId: z.number() })) },
});

export const updatePreferences = defineRoute('session:basic', {
  method: 'put',
  path: '/me/preferences',
  tags: ['Session'],
  summary: 'Language and theme of the logged-in user',
  request: { body: jsonBody(PreferencesBody) },
  responses: { 200: json(z.object({ language: z.string(), theme: z.string() })) },
});
