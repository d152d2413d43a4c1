/**
 * @module One GET /api/me per request: the root, the layout and the page loaders of one request
 * share the load context, so they share the answer. Any mutation through the API client drops it.
 */
import type { AppLoadContext } from '@remix-run/cloudflare';

const cache = new WeakMap<AppLoadContext, Promise<unknown>>();

export function rememberMe<T>(context: AppLoadContext, load: () => Promise<T>): Promise<T> {
  const known = cache.get(context);
  if (known) return known as Promise<T>;
  const pending = load();
  cache.set(context, pending);
  pending.catch(() => cache.delete(context));
  return pending;
}

export function forgetMe(context: AppLoadContext): void {
  cache.delete(context);
}
