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
    // Every OCPP timestamp is a date-time: the usual shape is read digit by digit, anything else
    // (and a leap second) goes to the library's own check, so the outcome is the library's.
    const check = schema.format === 'date-time' ? (s: string) => isPlainDateTime(s) || f(s) : f;
    checks.push((v) => typeof v !== 'string' || check(v));
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

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True only for an RFC 3339 date-time of the shape `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (T or
 * t, Z or z) whose fields are in range, second 59 at most: a subset of what @cfworker/json-schema's
 * `date-time` accepts, checked without regular expressions or splitting (its check was about 3.5 % of
 * the ocpp worker's isolate time under the benchmark, ADR 034 addendum). False means "not this shape", not "invalid".
 */
export function isPlainDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20) return false;
  const digits = (at: number, count: number): number => {
    let value = 0;
    for (let i = at; i < at + count; i++) {
      const c = s.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return -1;
      value = value * 10 + c;
    }
    return value;
  };
  if (s[4] !== '-' || s[7] !== '-' || (s[10] !== 'T' && s[10] !== 't') || s[13] !== ':' || s[16] !== ':') return false;
  const year = digits(0, 4);
  const month = digits(5, 2);
  const day = digits(8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] as number))) return false;
  const hour = digits(11, 2);
  const minute = digits(14, 2);
  const second = digits(17, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  let i = 19;
  if (s[i] === '.') {
    const start = ++i;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
  }
  if (i === n - 1) return s[i] === 'Z' || s[i] === 'z';
  if (i !== n - 6 || (s[i] !== '+' && s[i] !== '-') || s[i + 3] !== ':') return false;
  const offsetHour = digits(i + 1, 2);
  const offsetMinute = digits(i + 4, 2);
  return offsetHour >= 0 && offsetHour <= 23 && offsetMinute >= 0 && offsetMinute <= 59;
}
