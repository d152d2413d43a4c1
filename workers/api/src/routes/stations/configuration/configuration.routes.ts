/** @module Route declarations of a station's configuration (spec 7.16 `get-configuration`, `set-configuration`). */

import { defineRoute, jsonBody } from '@api/lib/route';
import { ByUid, stationCommandResponses } from '../stations.schemas';
import { GetConfigurationBody, SetConfigurationBody } from './configuration.schemas';

// POST, not the spec's GET: it sends a command to the charge point and writes the customer-service
// log, so a link or a cross-site navigation must not be able to trigger it (issue 24).
export const getConfiguration = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/get-configuration',
  tags: ['Station commands'],
  summary:
    'GetConfiguration: every key (or only those of `key`); the reply holds configurationKey [{key, value, readonly}] and unknownKey',
  request: { params: ByUid, body: jsonBody(GetConfigurationBody) },
  responses: stationCommandResponses,
});

export const setConfiguration = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/set-configuration',
  tags: ['Station commands'],
  summary:
    "ChangeConfiguration {key, value}; answers with the charge point's status (Accepted, RebootRequired, Rejected, NotSupported)",
  request: { params: ByUid, body: jsonBody(SetConfigurationBody) },
  responses: stationCommandResponses,
});
