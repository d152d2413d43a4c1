/**
 * Stripe's request encoding, both ways: `application/x-www-form-urlencoded` bodies and query strings
 * as the SDK writes them (qs with indexed arrays: `items[0][price]=…`, `expand[0]=…`, `metadata[k]=v`,
 * `created[gte]=…`), decoded to nested values, then coerced to the types the operation's schema asks
 * for (every form value arrives as a string). Validation errors become Stripe's messages.
 */
import type { OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema } from './openapi';

type Tree = { [key: string]: Value };
type Value = string | Value[] | Tree;

/** `a[b][0]=x&a[c][]=y` → `{ a: { b: { 0: 'x' }, c: ['y'] } }`; arrays become arrays in `coerce`. */
export function decodeForm(text: string): Tree {
  const root: Tree = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const first = rawKey.indexOf('[');
    const head = first === -1 ? rawKey : rawKey.slice(0, first);
    const rest = first === -1 ? [] : [...rawKey.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
    const keys = [head, ...rest];
    let node: Tree | Value[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, Value> & Value[];
      const slot = key === '' && Array.isArray(node) ? node.length : key;
      if (last) {
        container[slot as number] = value;
        return;
      }
      const nextIsPush = keys[i + 1] === '';
      let next = container[slot as number];
      if (next === undefined || typeof next === 'string') {
        next = nextIsPush ? [] : {};
        container[slot as number] = next;
      }
      node = next as Tree | Value[];
    });
  }
  return root;
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  return t === undefined ? [] : Array.isArray(t) ? t : [t as string];
}

function acceptsString(schema: JsonSchema, value: string): boolean {
  if (!typesOf(schema).includes('string')) return false;
  return !Array.isArray(schema.enum) || schema.enum.includes(value);
}

function isIndexed(value: Value): value is Tree {
  return typeof value === 'object' && !Array.isArray(value) && Object.keys(value).every((k) => /^\d+$/.test(k));
}

/** The value with strings turned into the numbers, booleans and arrays the schema expects. */
export function coerce(value: Value, schema: JsonSchema | undefined): unknown {
  if (!schema) return value;
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    if (typeof value === 'string') {
      if (branches.some((b) => acceptsString(b, value))) return value;
      for (const branch of branches) {
        const coerced = coerce(value, branch);
        if (coerced !== value) return coerced;
      }
      return value;
    }
    const wanted = Array.isArray(value) || isIndexed(value) ? ['array', 'object'] : ['object', 'array'];
    for (const type of wanted) {
      const branch = branches.find((b) => typesOf(b).includes(type));
      if (branch) return coerce(value, branch);
    }
    return value;
  }
  const types = typesOf(schema);
  if (typeof value === 'string') {
    if (types.includes('string')) return value;
    if (
      (types.includes('integer') && /^-?\d+$/.test(value)) ||
      (types.includes('number') && /^-?\d+(\.\d+)?$/.test(value))
    )
      return Number(value);
    if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  }
  if (types.includes('array')) {
    const items = Array.isArray(value)
      ? value
      : isIndexed(value)
        ? Object.keys(value)
            .sort((a, b) => Number(a) - Number(b))
            .map((k) => value[k] as Value)
        : undefined;
    if (items) return items.map((item) => coerce(item, schema.items as JsonSchema | undefined));
    return value;
  }
  if (Array.isArray(value)) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const extra =
    typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : undefined;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerce(v, properties[k] ?? extra)]));
}

/** `#/items/0/price` → `items[0][price]`, Stripe's way of naming a nested parameter. */
export function paramName(instanceLocation: string): string {
  const parts = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return parts.map((p, i) => (i === 0 ? p : `[${p}]`)).join('');
}

function at(root: unknown, instanceLocation: string): unknown {
  const parts = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return parts.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
}

function oneOf(values: unknown[]): string {
  const shown = values.filter((v) => v !== '' && v !== null).map(String);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

export interface ParamError {
  message: string;
  param: string;
  code?: string;
}

const depth = (e: OutputUnit) => e.instanceLocation.split('/').length;

/** The first problem Stripe would report, in its words: unknown, then missing, then invalid values. */
export function describeErrors(errors: OutputUnit[], input: unknown): ParamError {
  const unknown = errors.filter((e) => e.keyword === 'false').sort((a, b) => depth(a) - depth(b))[0];
  if (unknown) {
    const param = paramName(unknown.instanceLocation);
    return { message: `Received unknown parameter: ${param}`, param, code: 'parameter_unknown' };
  }
  const required = errors.find((e) => e.keyword === 'required');
  if (required) {
    const name = /"([^"]+)"/.exec(required.error)?.[1] ?? '';
    const parent = paramName(required.instanceLocation);
    const param = parent ? `${parent}[${name}]` : name;
    return { message: `Missing required param: ${param}.`, param, code: 'parameter_missing' };
  }
  const specific = errors
    .filter((e) => ['enum', 'type', 'maxLength', 'minimum', 'maximum', 'pattern', 'minLength'].includes(e.keyword))
    .filter((e) => !(e.keyword === 'enum' && e.error.includes('[""]')))
    .sort((a, b) => depth(b) - depth(a) || (a.keyword === 'enum' ? -1 : 1))[0];
  const error = specific ?? errors.at(-1);
  const param = paramName(error?.instanceLocation ?? '#');
  const value = at(input, error?.instanceLocation ?? '#');
  if (error?.keyword === 'enum') {
    const values = JSON.parse(/any of (\[.*\])/.exec(error.error)?.[1] ?? '[]') as unknown[];
    return { message: `Invalid ${param}: must be one of ${oneOf(values)}`, param };
  }
  if (error?.keyword === 'type') {
    const expected = /Expected "([^"]+)"/.exec(error.error)?.[1] ?? 'value';
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    return { message: `Invalid ${expected}: ${shown}`, param };
  }
  if (error?.keyword === 'maxLength') {
    return { message: `Invalid ${param}: must be at most ${/\d+/.exec(error.error)?.[0]} characters`, param };
  }
  return { message: `Invalid ${param}: ${error?.error ?? 'invalid value'}`, param };
}
