/** What a resource handler receives and how it fails: Stripe's error shape, its "No such …" wording. */
import { type ListParams, listOf, type Store, type StripeObject } from './store';
import type { Webhooks } from './webhooks';

export type Input = Record<string, unknown> & ListParams & { expand?: string[]; metadata?: Record<string, string> };

export interface Ctx {
  store: Store;
  hooks: Webhooks;
  /** `''` for the platform, else the connected account of the `Stripe-Account` header. */
  account: string;
  params: Record<string, string>;
  input: Input;
  /** The server's own origin, for the dev pages' URLs. */
  origin: string;
  path: string;
  /** Events of this request, sent once it has succeeded, in this order. */
  outbox: { type: string; object: StripeObject; previous?: Record<string, unknown> }[];
}

export type Handler = (ctx: Ctx) => unknown;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.code ? { code: this.code } : {}),
      },
    };
  }
}

/** The event is sent after the request succeeds; the snapshot is taken now. */
export function emit(ctx: Ctx, type: string, object: StripeObject, previous?: Record<string, unknown>): void {
  ctx.outbox.push({ type, object: structuredClone(object), previous });
}

/** The object or Stripe's 404: `No such customer: 'cus_…'`. */
export function mustGet<T extends StripeObject = StripeObject>(ctx: Ctx, object: string, id: string, param = 'id'): T {
  const found = ctx.store.get<T>(ctx.account, object, id);
  if (!found)
    throw new StripeError(
      404,
      `No such ${object.replace(/^.*\./, '').replace(/_/g, ' ')}: '${id}'`,
      param,
      'resource_missing',
    );
  return found;
}

/** Copies the given fields from the input onto the object; `metadata` merges (an empty value removes a key). */
export function assign(
  target: Record<string, unknown>,
  input: Input,
  fields: string[],
  /** Hashes Stripe merges on update: sub-fields not sent are kept, '' unsets one (`business_profile[url]=`). */
  hashes: string[] = [],
): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in input)) continue;
    previous[field] = structuredClone(target[field] ?? null);
    const value = input[field] === '' ? null : input[field];
    if (hashes.includes(field) && value !== null && typeof value === 'object') {
      const sent = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === '' ? null : v]);
      target[field] = { ...((target[field] as object | null) ?? {}), ...Object.fromEntries(sent) };
    } else if (field === 'metadata') {
      const merged = { ...((target.metadata as Record<string, string> | null) ?? {}) };
      for (const [k, v] of Object.entries((value as Record<string, string> | null) ?? {})) {
        if (v === '') delete merged[k];
        else merged[k] = v;
      }
      target.metadata = value === null ? {} : merged;
    } else {
      target[field] = value;
    }
  }
  return previous;
}

/** A list endpoint's answer: `items` filtered by the caller, paged by `limit` / `starting_after`. */
export function list(ctx: Ctx, items: { id: string }[]) {
  return listOf(ctx.path, items, ctx.input);
}

/** `created[gte]=…` style filters, or an exact value. */
export function inRange(value: number, filter: unknown): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'number') return value === filter;
  const f = filter as { gt?: number; gte?: number; lt?: number; lte?: number };
  return (
    (f.gt === undefined || value > f.gt) &&
    (f.gte === undefined || value >= f.gte) &&
    (f.lt === undefined || value < f.lt) &&
    (f.lte === undefined || value <= f.lte)
  );
}

export function deleted(object: string, id: string) {
  return { id, object, deleted: true };
}
