/** @module Route declarations of the fleet settings of the selected company. */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { Settings, SwitchUnitBody } from './fleet-settings.schemas';

export const read = defineRoute('fleet:view', {
  method: 'get',
  path: '/fleet/settings',
  tags: ['Fleet'],
  summary: "The selected company's fleet settings: the limit unit",
  responses: { 200: json(Settings) },
});

export const switchUnit = defineRoute('fleet:limits', {
  method: 'put',
  path: '/fleet/settings/limit-unit',
  tags: ['Fleet'],
  summary: 'Switch the limit unit; existing limits keep their values, read in the new unit (confirmation required)',
  request: { body: jsonBody(SwitchUnitBody) },
  responses: { 200: json(Settings), 409: errorResponse('Confirmation missing') },
});
