/**
 * @module Validates payloads against the official OCA OCPP 1.6 and 2.0.1 JSON schemas (as shipped
 * with ocpp-rpc, bundled at build time), for the version the connection negotiated (ADR 058). @cfworker/json-schema interprets schemas without generating code,
 * which workerd forbids. Values are never coerced: "5" is not an integer.
 */
import { type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import type { OcppVersion } from '@domain/ocpp/versions';
import schemas16 from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import schemas201 from 'ocpp-rpc/lib/schemas/ocpp2_0_1.json';
import { compileFastCheck, type FastCheck } from './fast-check';
import type { OcppErrorCode } from './frames';

/** Both files name their schemas `urn:{Action}.req|conf`; the key is prefixed with the version. */
const byId = new Map<string, Schema>([
  ...(schemas16 as Schema[]).map((s): [string, Schema] => [`ocpp1.6:${String(s.$id)}`, s]),
  ...(schemas201 as unknown as Schema[]).map((s): [string, Schema] => [`ocpp2.0.1:${String(s.$id)}`, s]),
]);
const validators = new Map<string, Validator>();
/** Compiled once per schema; null where the schema has no fast check (see fast-check.ts). */
const fastChecks = new Map<string, FastCheck | null>();

export type SchemaKind = 'req' | 'conf';

export function hasSchema(action: string, kind: SchemaKind, version: OcppVersion = 'ocpp1.6'): boolean {
  return byId.has(`${version}:urn:${action}.${kind}`);
}

export type ValidationOutcome = { ok: true } | { ok: false; code: OcppErrorCode; description: string };

export function validatePayload(
  action: string,
  kind: SchemaKind,
  payload: unknown,
  version: OcppVersion = 'ocpp1.6',
): ValidationOutcome {
  const id = `${version}:urn:${action}.${kind}`;
  let fast = fastChecks.get(id);
  if (fast === undefined) {
    const schema = byId.get(id);
    fast = schema ? compileFastCheck(schema) : null;
    fastChecks.set(id, fast);
  }
  // The fast check is trusted only to accept; a refusal is named by the full validator below.
  if (fast?.(payload)) return { ok: true };
  let validator = validators.get(id);
  if (!validator) {
    const schema = byId.get(id);
    if (!schema) return { ok: false, code: 'NotImplemented', description: `No schema for ${action}` };
    validator = new Validator(schema, '7', true);
    validators.set(id, validator);
  }
  const result = validator.validate(payload);
  if (result.valid) return { ok: true };
  const cause = result.errors[result.errors.length - 1];
  const code = version === 'ocpp2.0.1' ? errorCode201(cause) : errorCode16(cause);
  return { ok: false, code, description: describe(cause) };
}

/** The innermost error names the broken rule; the outer ones only say "property did not match". */
function errorCode16(cause: OutputUnit | undefined): OcppErrorCode {
  if (cause?.keyword === 'required') return 'OccurenceConstraintViolation';
  if (cause?.keyword === 'type') return 'TypeConstraintViolation';
  return 'FormationViolation';
}

/** Keywords whose failure means a value outside what the field allows (OCPP-J 2.0.1 section 4.3). */
const PROPERTY_RULES: ReadonlySet<string> = new Set([
  'enum',
  'const',
  'maxLength',
  'minLength',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'pattern',
  'format',
  'additionalProperties',
]);

/** 2.0.1 names its codes apart: OccurrenceConstraintViolation (spelled right), FormatViolation. */
function errorCode201(cause: OutputUnit | undefined): OcppErrorCode {
  const keyword = cause?.keyword ?? '';
  if (keyword === 'required' || keyword === 'minItems' || keyword === 'maxItems')
    return 'OccurrenceConstraintViolation';
  if (keyword === 'type') return 'TypeConstraintViolation';
  if (PROPERTY_RULES.has(keyword)) return 'PropertyConstraintViolation';
  return 'FormatViolation';
}

function describe(cause: OutputUnit | undefined): string {
  if (!cause) return 'Payload does not match the schema';
  return `${cause.instanceLocation.replace(/^#/, '') || '/'}: ${cause.error}`;
}
