/**
 * @module Validates payloads against the official OCA OCPP 1.6 JSON schemas (as shipped with
 * ocpp-rpc, bundled at build time). @cfworker/json-schema interprets schemas without generating code,
 * which workerd forbids. Values are never coerced: "5" is not an integer.
 */
import { type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import { compileFastCheck, type FastCheck } from './fast-check';
import type { OcppErrorCode } from './frames';

const byId = new Map<string, Schema>((schemas as Schema[]).map((s) => [String(s.$id), s]));
const validators = new Map<string, Validator>();
/** Compiled once per schema; null where the schema has no fast check (see fast-check.ts). */
const fastChecks = new Map<string, FastCheck | null>();

export type SchemaKind = 'req' | 'conf';

export function hasSchema(action: string, kind: SchemaKind): boolean {
  return byId.has(`urn:${action}.${kind}`);
}

export type ValidationOutcome = { ok: true } | { ok: false; code: OcppErrorCode; description: string };

export function validatePayload(action: string, kind: SchemaKind, payload: unknown): ValidationOutcome {
  const id = `urn:${action}.${kind}`;
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
  return { ok: false, code: errorCodeOf(cause), description: describe(cause) };
}

/** The innermost error names the broken rule; the outer ones only say "property did not match". */
function errorCodeOf(cause: OutputUnit | undefined): OcppErrorCode {
  if (cause?.keyword === 'required') return 'OccurenceConstraintViolation';
  if (cause?.keyword === 'type') return 'TypeConstraintViolation';
  return 'FormationViolation';
}

function describe(cause: OutputUnit | undefined): string {
  if (!cause) return 'Payload does not match the schema';
  return `${cause.instanceLocation.replace(/^#/, '') || '/'}: ${cause.error}`;
}
