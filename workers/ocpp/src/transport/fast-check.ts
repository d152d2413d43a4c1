/**
 * @module A fast yes/no check of a payload against one OCA 1.6 schema, compiled once into closures
 * (no code generation, which workerd forbids). It covers the keywords those schemas use (type,
 * properties, required, additionalProperties: false, enum, maxLength, format, items, minItems,
 * multipleOf) and gives up on anything else ($ref): such schemas have no fast check. It is only
 * ever trusted to say "valid": when it says no, the full validator (@cfworker/json-schema) runs
 * and names the error, so error codes and texts stay exactly as before. Measured with
 * `npx tsx scripts/measure-ocpp-message.ts`: MeterValues.req went from about 200 µs to a few µs.
 */
import { format, type Schema, ucs2length } from '@cfworker/json-schema';

export type FastCheck = (value: unknown) => boolean;

const KNOWN = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'enum',
  'maxLength',
  'format',
  'items',
  'minItems',
  'multipleOf',
]);

/** The check for `schema`, or null when it uses a keyword this compiler does not handle. */
export function compileFastCheck(schema: Schema): FastCheck | null {
  try {
    return compile(schema);
  } catch {
    return null;
  }
}

function compile(schema: Schema): FastCheck {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`unsupported keyword ${key}`);
  const checks: FastCheck[] = [];
  const type = schema.type;
  if (type !== undefined) {
    if (typeof type !== 'string') throw new Error('type lists are not handled');
    checks.push(typeCheck(type));
  }
  if (schema.enum !== undefined) {
    const allowed = schema.enum as unknown[];
    if (!allowed.every((v) => typeof v === 'string' || typeof v === 'number')) throw new Error('enum');
    const set = new Set(allowed);
    checks.push((v) => set.has(v as string));
  }
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength as number;
    checks.push((v) => typeof v !== 'string' || (v.length <= max ? true : ucs2length(v) <= max));
  }
  if (schema.format !== undefined) {
    const f = format[schema.format as keyof typeof format];
    if (!f) throw new Error(`format ${String(schema.format)}`);
    checks.push((v) => typeof v !== 'string' || f(v));
  }
  if (schema.multipleOf !== undefined) {
    const m = schema.multipleOf as number;
    // Decimal multiples (0.1) are left to the full validator, which handles rounding its own way.
    if (!Number.isInteger(m)) throw new Error('fractional multipleOf');
    checks.push((v) => typeof v !== 'number' || v % m === 0);
  }
  if (schema.minItems !== undefined) {
    const min = schema.minItems as number;
    checks.push((v) => !Array.isArray(v) || v.length >= min);
  }
  if (schema.items !== undefined) {
    if (Array.isArray(schema.items)) throw new Error('tuple items');
    const item = compile(schema.items as Schema);
    checks.push((v) => !Array.isArray(v) || v.every(item));
  }
  if (schema.properties !== undefined || schema.required !== undefined || schema.additionalProperties !== undefined) {
    const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(
      ([k, s]) => [k, compile(s)] as const,
    );
    const byName = new Map(props);
    const required = (schema.required ?? []) as string[];
    const closed = schema.additionalProperties === false;
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      throw new Error('additionalProperties schema');
    }
    checks.push((v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return true; // `type` decides
      const o = v as Record<string, unknown>;
      for (const r of required) if (!(r in o) || o[r] === undefined) return false;
      for (const key in o) {
        const check = byName.get(key);
        if (check) {
          if (!check(o[key])) return false;
        } else if (closed) return false;
      }
      return true;
    });
  }
  return (v) => {
    for (const c of checks) if (!c(v)) return false;
    return true;
  };
}

function typeCheck(type: string): FastCheck {
  switch (type) {
    case 'object':
      return (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array':
      return Array.isArray;
    case 'string':
      return (v) => typeof v === 'string';
    case 'integer':
      return (v) => typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    default:
      throw new Error(`type ${type}`);
  }
}
