/** @module Which permission a path needs, as far as the navigation tells (for redirects, before any loader runs). */
import { NAVIGATION } from '../../domain/permissions/navigation';

const ITEMS = NAVIGATION.flatMap((section) => section.items).sort((a, b) => b.url.length - a.url.length);

/** The permission of the most specific navigation entry `path` is in, if any. */
export function permissionOf(path: string): string | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return ITEMS.find((item) => pathname === item.url || pathname.startsWith(`${item.url}/`))?.permission;
}

/** `path` when the user may open it (as far as the navigation tells), else their landing page. */
export function allowedOrLanding(path: string | null | undefined, me: { permissions: string[]; landing: string }) {
  if (!path) return me.landing;
  const needed = permissionOf(path);
  return needed && !me.permissions.includes(needed) ? me.landing : path;
}
