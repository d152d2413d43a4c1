/** @module Route declarations of the named station commands (`POST /stations/{uid}/commands/{kebab-name}`) and the last CSR. */

import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { ByUid, stationCommandResponses } from '../stations.schemas';
import { COMMAND_PATHS, COMMANDS, CsrAnswer } from './commands.schemas';

export const csrRoute = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/csr',
  tags: ['Station commands'],
  summary: 'The last certificate signing request (SignCertificate) of the station and how it was answered, or null',
  request: { params: ByUid },
  responses: {
    200: json(CsrAnswer),
    404: json(ErrorSchema, 'Station uid: {uid} not found.'),
  },
});

/** One route per named command, in the order of COMMANDS. */
export const namedCommands = COMMAND_PATHS.map((path) => {
  const { action, body } = COMMANDS[path];
  const route = defineRoute('connectors:command:advanced', {
    method: 'post',
    path: `/stations/{uid}/commands/${path}`,
    tags: ['Station commands'],
    summary: `${action}: the OCPP request as the body; answers with the charge point's reply`,
    request: { params: ByUid, body: jsonBody(body) },
    responses: stationCommandResponses,
  });
  return { path, action, route };
});
