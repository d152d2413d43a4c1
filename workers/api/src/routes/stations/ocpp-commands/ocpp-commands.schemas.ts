/** @module Schemas of the verbatim OCPP command route (issue 24 §2, ADR 014 addendum 3). */

import { ErrorSchema } from '@api/lib/route';
import { CENTRAL_SYSTEM_ACTIONS } from '@domain/ocpp/central-system-requests';
import { OCPP201_CSMS_ACTIONS } from '@domain/ocpp/csms-requests-201';
import { z } from '@hono/zod-openapi';

export const CommandParams = z.object({
  uid: z.string().min(1).max(48),
  action: z.enum([...CENTRAL_SYSTEM_ACTIONS, ...OCPP201_CSMS_ACTIONS]).openapi({
    description:
      'The OCPP action exactly as the specification spells it: the 19 central system → charge point messages of OCPP 1.6J, the 7 of the Security Whitepaper, and OCPP 2.0.1 requests of device model, monitoring, charging profiles and display messages (GetBaseReport, GetVariables, SetVariableMonitoring, GetChargingProfiles, SetDisplayMessage, SetNetworkProfile…; 2.0.1 stations only)',
  }),
});

export const CommandQuery = z.object({
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .openapi({
      description:
        'RemoteStartTransaction only: send it even when the system believes the connector is busy (the charge point answers for itself). A query parameter, so the body stays the OCPP payload.',
    }),
});

/** Any JSON object here; the official schema of the action checks it in the handler (400 names the JSON path). */
export const OcppRequest = z.record(z.string(), z.unknown()).openapi('OcppRequest', {
  description:
    'The OCPP request payload of the action, sent verbatim after validation against the OCA 1.6 JSON schema `urn:{action}.req` (Security Whitepaper schemas included), or the OCA 2.0.1 schema for a 2.0.1-only action. On a 2.0.1 station a 1.6 request is sent in its 2.0.1 form (ADR 058). On failure: 400 OCPP_SCHEMA, `field` is the JSON Pointer of the first failing value, `issues` lists every one.',
});

export const CallErrorAnswer = ErrorSchema.extend({
  /** The charge point's CALLERROR as it sent it. */
  ocpp_error: z.object({ code: z.string(), description: z.string() }),
}).openapi('OcppCallError');
