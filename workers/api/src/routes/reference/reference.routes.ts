/** @module Route declarations of the reference data (spec 7.9): the pickers' vocabularies, station cities, company-group choices. */
import { defineRoute, json } from '@api/lib/route';
import { CompanyGroupOptions, Items } from './reference.schemas';

/** Generic in the path so the typed client keeps one entry per route (a plain string would swallow them all). */
function listRoute<const P extends string>(path: P, summary: string) {
  return defineRoute('session:basic', {
    method: 'get',
    path,
    tags: ['Reference data'],
    summary,
    responses: { 200: json(Items) },
  });
}

export const stationTypes = listRoute('/station-types', 'Station types');
export const powerTypes = listRoute('/power-types', 'Power types');
export const plugTypes = listRoute('/plug-types', 'Plug types');
export const plugFormats = listRoute('/plug-formats', 'Plug formats');
export const stationUrlTypes = listRoute('/station-url-types', 'Protocols a station speaks');
export const stationProfiles = listRoute('/station-profiles', 'Station profiles');
export const errorCodes = listRoute('/chargingpoint-error-codes', 'OCPP 1.6 charge point error codes');
export const stationLogEventTypes = listRoute('/station-log-event-types', 'Event types of the station log');
export const connectorCapabilities = listRoute('/connector-capabilities', 'Connector capabilities');
export const connectorStatuses = listRoute('/connector-statuses', 'Connector statuses');

export const stationCities = defineRoute('connectors:view', {
  method: 'get',
  path: '/station-cities',
  tags: ['Reference data'],
  summary:
    'Cities of the stations of the selected company and its descendants (operated or owned). Filtering by connector group (tag_id) comes with connector groups.',
  responses: { 200: json(Items) },
});

export const companyGroupOptions = defineRoute('session:basic', {
  method: 'get',
  path: '/reference/company-groups',
  tags: ['Reference'],
  summary:
    'Company-group levels 1-4 with their labels and the groups of each level in the scope (fleet or connector viewers)',
  responses: { 200: json(CompanyGroupOptions) },
});
