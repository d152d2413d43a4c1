/** @module Page titles in the page's language, read from the catalog the root loader sent. */
import { displayedTitle } from '@domain/company-settings/branding';
import type { MetaDescriptor } from '@remix-run/cloudflare';

interface MatchLike {
  id: string;
  data: unknown;
}

type Branded = { company?: { branding?: { white_label: boolean; title: string | null } } };

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
  const product = lookup(catalog, 'app.name') ?? 'Back office';
  // A white-label company's title replaces the product name (spec 000 §6, ADR 049).
  const me = (matches.find((m) => m.id === 'routes/_app')?.data as { me?: Branded } | undefined)?.me;
  const branding = me?.company?.branding;
  const app = branding ? displayedTitle(product, { whiteLabel: branding.white_label, title: branding.title }) : product;
  const page = lookup(catalog, key);
  return [{ title: page ? `${page} · ${app}` : app }];
}
