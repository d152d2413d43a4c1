/** @module Route declaration of the verbatim OCPP command route. */

import { CommandAnswer } from '@api/lib/charge-point-command';
import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { CallErrorAnswer, CommandParams, CommandQuery, OcppRequest } from './ocpp-commands.schemas';

export const sendOcppCommand = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/commands/{action}',
  tags: ['Station commands'],
  summary:
    "Any central system → charge point message of OCPP 1.6J or the Security Whitepaper: the body is the OCPP payload, validated against the action's official JSON schema and sent unchanged; answers with the charge point's CALLRESULT (200) or CALLERROR (502). Ids the system does not know (connector 99, a foreign transactionId) are passed on.",
  request: { params: CommandParams, query: CommandQuery, body: jsonBody(OcppRequest) },
  responses: {
    200: json(CommandAnswer, "The charge point's CALLRESULT payload in `reply`, its `status` when it has one"),
    400: json(
      ErrorSchema,
      'OCPP_SCHEMA: the payload breaks the schema of the action (`field`: JSON Pointer); nothing sent',
    ),
    404: json(ErrorSchema, 'Station uid: {uid} not found.'),
    409: json(
      ErrorSchema,
      'STATION_OFFLINE (nothing sent); CONNECTOR_BUSY for a RemoteStartTransaction on a connector the system believes busy, unless ?force=true',
    ),
    502: json(CallErrorAnswer, 'COMMAND_REJECTED: the charge point answered with a CALLERROR (in `ocpp_error`)'),
    504: json(ErrorSchema, 'No answer in time (COMMAND_TIMEOUT)'),
  },
});
