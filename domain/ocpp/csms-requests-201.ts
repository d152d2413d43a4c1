/**
 * @module The OCPP 2.0.1 CSMS → charging station requests the command API sends as they are (issue 23
 * blocks B, K, N, O; ADR 058 addendum), beside the 1.6 ones of central-system-requests.ts, checked
 * against the official OCA 2.0.1 schemas the same way. Requests 1.6 also has (ClearCache, GetLog,
 * SetChargingProfile…) are listed there: on a 2.0.1 station the object sends their 2.0.1 form.
 * SetNetworkProfile (B09) goes as it is too; its secrets are never kept (network-profile.ts).
 */
import type { Schema } from '@cfworker/json-schema';
import schemas from 'ocpp-rpc/lib/schemas/ocpp2_0_1.json';
import { checkRequest, type RequestCheck } from './central-system-requests';

export const OCPP201_CSMS_ACTIONS = [
  // B Provisioning
  'GetBaseReport',
  'GetReport',
  'GetVariables',
  'SetVariables',
  'SetNetworkProfile',
  // K Smart charging
  'GetChargingProfiles',
  // N Diagnostics
  'SetMonitoringBase',
  'SetMonitoringLevel',
  'SetVariableMonitoring',
  'ClearVariableMonitoring',
  'GetMonitoringReport',
  // O Display messages
  'SetDisplayMessage',
  'GetDisplayMessages',
  'ClearDisplayMessage',
] as const;
export type Csms201Action = (typeof OCPP201_CSMS_ACTIONS)[number];

const ACTIONS: ReadonlySet<string> = new Set(OCPP201_CSMS_ACTIONS);
export const isCsms201Action = (action: string): action is Csms201Action => ACTIONS.has(action);

const byId = new Map<string, Schema>((schemas as unknown as Schema[]).map((s) => [String(s.$id), s]));

/** Checks `payload` against the official 2.0.1 request schema of `action`; every broken rule is named. */
export function checkCsms201Request(action: Csms201Action, payload: unknown): RequestCheck {
  return checkRequest(byId, `2.0.1:${action}`, `urn:${action}.req`, payload);
}
