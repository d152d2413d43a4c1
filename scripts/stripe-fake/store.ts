/**
 * The server's memory: every object by id, each in the namespace of the account it was made under
 * (the platform's, `''`, or a connected account's from the `Stripe-Account` header), plus Stripe's
 * list envelope, cursor paging and `expand`. New objects start from a skeleton of the document's
 * component schema (every required field, nullable ones null) so they always have Stripe's shape.
 */
import { randomBytes } from 'node:crypto';
import type { JsonSchema, StripeDocument } from './openapi';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  return `${prefix}_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

let frozen: number | undefined;

/** Unix seconds: the wall clock, or a test clock's time while {@link atTime} runs. */
export const now = () => frozen ?? Math.floor(Date.now() / 1000);

/**
 * Runs `run` (synchronous) with {@link now} answering `time`: a request about an object on a test
 * clock, or a clock advancing, sees the clock's frozen time. `undefined` keeps the current time.
 */
export function atTime<T>(time: number | undefined, run: () => T): T {
  const before = frozen;
  frozen = time ?? before;
  try {
    return run();
  } finally {
    frozen = before;
  }
}

interface Entry {
  account: string;
  seq: number;
  value: StripeObject;
}

export class Store {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;
  /** What Stripe knows but does not show, by object id (a payment method's outcome, an invoice's pending charge). */
  readonly hidden = new Map<string, Record<string, unknown>>();

  constructor(readonly doc: StripeDocument) {}

  /** A value of the component schema with every required field: nullable → null, enums → first value. */
  skeleton(component: string): Record<string, unknown> {
    return this.skeletonOf({ $ref: `#/components/schemas/${component}` } as JsonSchema, 0) as Record<string, unknown>;
  }

  private skeletonOf(schema: JsonSchema, depth: number): unknown {
    if (typeof schema.$ref === 'string') {
      const target = this.doc.components[schema.$ref.split('/').at(-1) ?? ''];
      return target ? this.skeletonOf(target, depth + 1) : null;
    }
    if (schema.nullable === true) return null;
    if (Array.isArray(schema.anyOf)) return this.skeletonOf(schema.anyOf[0] as JsonSchema, depth);
    if (Array.isArray(schema.enum)) return schema.enum[0];
    switch (schema.type) {
      case 'string':
        return '';
      case 'integer':
      case 'number':
        return 0;
      case 'boolean':
        return false;
      case 'array':
        return [];
      default: {
        if (depth > 12) return {};
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = (schema.required ?? []) as string[];
        const out: Record<string, unknown> = {};
        for (const name of required) out[name] = properties[name] ? this.skeletonOf(properties[name], depth + 1) : null;
        if (out.object === 'list') out.data = [];
        return out;
      }
    }
  }

  /** Drops the null fields the component does not allow to be null (Stripe leaves them out). */
  prune<T extends Record<string, unknown>>(component: string, value: T): T {
    const properties = (this.doc.components[component]?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, field] of Object.entries(value)) {
      if (field === null && properties[key] && properties[key].nullable !== true) delete value[key];
    }
    return value;
  }

  /** Stores a new object: skeleton of `component` ← `fields`, id with `prefix`. */
  create(account: string, component: string, prefix: string, fields: Record<string, unknown>): StripeObject {
    const value = { object: component, ...this.skeleton(component), id: newId(prefix), ...fields } as StripeObject;
    if ('livemode' in value || component !== 'account') value.livemode = false;
    if ('created' in value && !fields.created) value.created = now();
    this.prune(component, value);
    this.put(account, value);
    return value;
  }

  put(account: string, value: StripeObject): void {
    const existing = this.entries.get(value.id);
    this.entries.set(value.id, { account, seq: existing?.seq ?? ++this.seq, value });
  }

  get<T extends StripeObject = StripeObject>(account: string, object: string, id: string): T | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.account !== account || entry.value.object !== object) return undefined;
    return entry.value as T;
  }

  /** The object by id in any namespace (webhook and dev-page lookups), with its account. */
  find(id: string): { account: string; value: StripeObject } | undefined {
    const entry = this.entries.get(id);
    return entry && { account: entry.account, value: entry.value };
  }

  remove(id: string): void {
    this.entries.delete(id);
  }

  /** Everything the store holds, as plain data (for the state file of `npm start`). */
  snapshot(): { seq: number; entries: Entry[]; hidden: [string, Record<string, unknown>][] } {
    return { seq: this.seq, entries: [...this.entries.values()], hidden: [...this.hidden] };
  }

  /** Puts back what {@link snapshot} gave. */
  restore(data: ReturnType<Store['snapshot']>): void {
    this.seq = data.seq;
    for (const entry of data.entries) this.entries.set(entry.value.id, entry);
    for (const [id, value] of data.hidden) this.hidden.set(id, value);
  }

  /** Every object of a kind in an account, newest first (Stripe's list order). */
  all<T extends StripeObject = StripeObject>(account: string, object: string, filter?: (o: T) => boolean): T[] {
    const found: Entry[] = [];
    for (const entry of this.entries.values()) {
      if (entry.account === account && entry.value.object === object && (!filter || filter(entry.value as T)))
        found.push(entry);
    }
    return found.sort((a, b) => b.seq - a.seq).map((e) => e.value as T);
  }
}

export interface ListParams {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

/** Stripe's list envelope with cursor paging over items already in list order. */
export function listOf<T extends { id: string }>(url: string, items: T[], params: ListParams) {
  const limit = Math.min(Math.max(params.limit ?? 10, 1), 100);
  let slice = items;
  if (params.starting_after) {
    const i = items.findIndex((o) => o.id === params.starting_after);
    slice = i === -1 ? [] : items.slice(i + 1);
  } else if (params.ending_before) {
    const i = items.findIndex((o) => o.id === params.ending_before);
    slice = i === -1 ? [] : items.slice(Math.max(0, i - limit), i);
    return { object: 'list', data: slice, has_more: i - limit > 0, url };
  }
  return { object: 'list', data: slice.slice(0, limit), has_more: slice.length > limit, url };
}

/** A copy of `value` with the `expand` paths (`latest_invoice`, `data.default_price`) replaced by objects. */
export function expand(store: Store, account: string, value: unknown, paths: string[] | undefined): unknown {
  const copy = structuredClone(value);
  for (const path of paths ?? []) expandPath(store, account, copy, path.split('.'));
  return copy;
}

function expandPath(store: Store, account: string, node: unknown, keys: string[]): void {
  if (node === null || typeof node !== 'object' || keys.length === 0) return;
  const [key, ...rest] = keys as [string, ...string[]];
  if (Array.isArray(node)) {
    for (const item of node) expandPath(store, account, item, keys);
    return;
  }
  const record = node as Record<string, unknown>;
  const current = record[key];
  if (typeof current === 'string') {
    const found = store.find(current);
    if (found && (found.account === account || found.account === '')) record[key] = structuredClone(found.value);
  }
  expandPath(store, account, record[key], rest);
}
