/**
 * @module White-label separators on the server (spec 000 §6, ADR 049): `domain/format` asks one source
 * whether the current answer swaps decimal and thousand separators. Here that source is a per-request
 * store: the API sets it from the caller's selected company, and the web worker opens it around a whole
 * Remix request, so the page the loaders' API calls belong to renders with the same separators.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setSeparatorSource } from '@domain/format/format';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const requestStyle = new AsyncLocalStorage<{ swapped: boolean }>();
setSeparatorSource(() => requestStyle.getStore()?.swapped ?? false);

/** Runs `fn` with a number style store: the one already open (a Remix request calling the API), or a new one. */
export function withNumberStyle<T>(fn: () => T): T {
  return requestStyle.getStore() ? fn() : requestStyle.run({ swapped: false }, fn);
}

/** After the session is loaded: the selected company's white-label flag decides the separators. */
export const companyNumberStyle: MiddlewareHandler<AppEnv> = (c, next) =>
  withNumberStyle(() => {
    const store = requestStyle.getStore();
    if (store) store.swapped = c.get('auth')?.company.whiteLabel ?? false;
    return next();
  });
