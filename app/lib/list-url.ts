/**
 * @module A list page's state in the URL (keyword, filters, page), so the loader filters and a filtered page
 * can be linked: field readers that accept only what the page offers, and one writer that leaves defaults out.
 */

/** One URL parameter of a list: how it is read (anything unexpected reads as the default) and written. */
export interface ListField<T> {
  read(params: URLSearchParams, key: string): T;
  write(value: T, key: string, params: URLSearchParams): void;
}

type Fields = Record<string, ListField<unknown>>;
export type ListStateOf<F extends Fields> = { [K in keyof F]: F[K] extends ListField<infer T> ? T : never };

/** The search keyword, `q`, at most `max` characters. */
export function keyword(options: { trim?: boolean; max?: number } = {}): ListField<string> {
  const max = options.max ?? 100;
  return {
    read: (p, key) => {
      const value = p.get(key) ?? '';
      return (options.trim ? value.trim() : value).slice(0, max);
    },
    write: (value, key, p) => {
      if (value) p.set(key, value);
    },
  };
}

/** The zero-based page; anything else reads as the first page. */
export function pageNumber(max = Number.MAX_SAFE_INTEGER): ListField<number> {
  return {
    read: (p, key) => Math.max(0, Math.min(max, Number.parseInt(p.get(key) ?? '0', 10) || 0)),
    write: (value, key, p) => {
      if (value) p.set(key, String(value));
    },
  };
}

/** One of `allowed`, else no filter. */
export function oneOf<T extends string>(allowed: readonly T[]): ListField<T | null> {
  return {
    read: (p, key) => allowed.find((a) => a === p.get(key)) ?? null,
    write: (value, key, p) => {
      if (value) p.set(key, value);
    },
  };
}

/** A record id (a positive integer), else no filter. */
export function positiveId(): ListField<number | null> {
  return {
    read: (p, key) => {
      const n = Number.parseInt(p.get(key) ?? '', 10);
      return Number.isFinite(n) && n > 0 ? n : null;
    },
    write: (value, key, p) => {
      if (value) p.set(key, String(value));
    },
  };
}

/** A month as 'YYYY-MM', else no filter. */
export function yearMonth(): ListField<string | null> {
  return {
    read: (p, key) => {
      const value = p.get(key) ?? '';
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
    },
    write: (value, key, p) => {
      if (value) p.set(key, value);
    },
  };
}

/**
 * The reader and writer of a list's URL state, from its fields in URL order:
 * `listUrl({ q: keyword(), status: oneOf(STATUSES), page: pageNumber() })`.
 */
export function listUrl<F extends Fields>(fields: F) {
  const entries = Object.entries(fields);
  return {
    fields,
    read(params: URLSearchParams): ListStateOf<F> {
      return Object.fromEntries(entries.map(([key, field]) => [key, field.read(params, key)])) as ListStateOf<F>;
    },
    /** The URL search of a state (defaults left out, so the plain list has a plain URL). */
    write(state: ListStateOf<F>): URLSearchParams {
      const params = new URLSearchParams();
      for (const [key, field] of entries) field.write(state[key], key, params);
      return params;
    },
  };
}

/** The state after `changes`: a new filter, keyword or sort starts at the first page; only a page turn keeps it. */
export function nextListState<S extends { page: number }>(state: S, changes: Partial<S>): S {
  return { ...state, page: 0, ...changes };
}
