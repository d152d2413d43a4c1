/** @module Page titles in the page's language, read from the catalog the root loader sent. */
import type { MetaDescriptor } from '@remix-run/cloudflare';

interface MatchLike {
  id: string;
  data: unknown;
}

function lookup(catalog: unknown, key: string): string | null {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/** `[{ title: 'Log in · Back office' }]` from an i18n key, for a route's `meta` export. */
export function titleMeta(matches: readonly MatchLike[], key: string): MetaDescriptor[] {
  const catalog = (matches.find((m) => m.id === 'root')?.data as { translation?: unknown } | undefined)?.translation;
  const app = lookup(catalog, 'app.name') ?? 'Back office';
  const page = lookup(catalog, key);
  return [{ title: page ? `${page} · ${app}` : app }];
}
