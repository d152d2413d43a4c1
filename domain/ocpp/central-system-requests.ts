/**
 * @module The central system → charge point requests of OCPP 1.6J and of its Security Whitepaper, and
 * their check against the official OCA JSON schemas (`urn:{Action}.req`, as shipped with ocpp-rpc; the
 * ocpp worker checks the same schemas again before sending). Interpreted, never compiled: workerd
 * forbids code generation. Values are never coerced: "5" is not an integer.
 */
import { type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';

/** OCPP 1.6J, section 6 (Core, Firmware Management, Local Auth List, Reservation, Smart Charging, Remote Trigger). */
export const OCPP16_CENTRAL_SYSTEM_ACTIONS = [
  'CancelReservation',
  'ChangeAvailability',
  'ChangeConfiguration',
  'ClearCache',
  'ClearChargingProfile',
  'DataTransfer',
  'GetCompositeSchedule',
  'GetConfiguration',
  'GetDiagnostics',
  'GetLocalListVersion',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'TriggerMessage',
  'UnlockConnector',
  'UpdateFirmware',
] as const;

/** The OCPP 1.6 Security Whitepaper's central system → charge point messages. */
export const SECURITY_CENTRAL_SYSTEM_ACTIONS = [
  'CertificateSigned',
  'DeleteCertificate',
  'ExtendedTriggerMessage',
  'GetInstalledCertificateIds',
  'GetLog',
  'InstallCertificate',
  'SignedUpdateFirmware',
] as const;

export const CENTRAL_SYSTEM_ACTIONS = [...OCPP16_CENTRAL_SYSTEM_ACTIONS, ...SECURITY_CENTRAL_SYSTEM_ACTIONS] as const;
export type CentralSystemAction = (typeof CENTRAL_SYSTEM_ACTIONS)[number];

export interface RequestIssue {
  /** JSON Pointer into the payload, e.g. `/chargingProfile/chargingSchedule/chargingSchedulePeriod/0/limit`; `/` for the payload itself. */
  field: string;
  message: string;
  /** Where in `urn:{Action}.req` the broken rule is, e.g. `#/properties/connectorId/type`. */
  schemaPath: string;
}

export type RequestCheck = { ok: true } | { ok: false; issues: RequestIssue[] };

const byId = new Map<string, Schema>((schemas as Schema[]).map((s) => [String(s.$id), s]));
const validators = new Map<string, Validator>();

/** Checks `payload` against the official request schema of `action`; every broken rule is named. */
export function checkCentralSystemRequest(action: CentralSystemAction, payload: unknown): RequestCheck {
  return checkRequest(byId, action, `urn:${action}.req`, payload);
}

/** Checks `payload` against the schema `id` of `schemas` (its validator cached under `cacheKey`). */
export function checkRequest(
  schemas: ReadonlyMap<string, Schema>,
  cacheKey: string,
  id: string,
  payload: unknown,
): RequestCheck {
  let validator = validators.get(cacheKey);
  if (!validator) {
    const schema = schemas.get(id);
    // Every listed action has a schema in the bundled file (a unit test walks them all).
    if (!schema) throw new Error(`No OCA schema ${id}`);
    validator = new Validator(schema, '7', false);
    validators.set(cacheKey, validator);
  }
  const result = validator.validate(payload);
  if (result.valid) return { ok: true };
  const issues = result.errors.filter(isLeaf).map(issueOf);
  return {
    ok: false,
    issues: issues.length > 0 ? issues : [{ field: '/', message: 'Does not match the schema', schemaPath: '#' }],
  };
}

/** `properties`, `items` and `additionalProperties` only say that something deeper failed; that deeper error is kept. */
const CONTAINERS: ReadonlySet<string> = new Set(['properties', 'items', 'additionalProperties']);
const isLeaf = (unit: OutputUnit) => !CONTAINERS.has(unit.keyword);

function issueOf(unit: OutputUnit): RequestIssue {
  const at = unit.instanceLocation.replace(/^#/, '');
  if (unit.keyword === 'required') {
    const missing = /"([^"]+)"/.exec(unit.error)?.[1];
    const field = missing ? `${at}/${missing}` : at || '/';
    return { field, message: 'Required by the OCPP schema', schemaPath: unit.keywordLocation };
  }
  if (unit.keyword === 'false') {
    return { field: at || '/', message: 'Not a field of this OCPP request', schemaPath: unit.keywordLocation };
  }
  return { field: at || '/', message: unit.error, schemaPath: unit.keywordLocation };
}
