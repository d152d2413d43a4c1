/**
 * @module Cross-site request forgery guard for cookie-authenticated writes: a browser names where a
 * request comes from in `Origin` (or, failing that, `Sec-Fetch-Site`); a write from another site is
 * refused. A request carrying neither header is no browser's cross-site form (a server, the in-process
 * API client of the Remix loaders, a charge point) and passes.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none` is a request the user started (typed or bookmarked URL); `same-origin` is ours. */
const SAME_SITE_FETCH = new Set(['same-origin', 'none']);

/** True when a browser sent this write from another origin: the caller answers 403. */
export function isCrossSiteWrite(method: string, url: string, headers: Headers): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get('origin');
  // `Origin: null` (a sandboxed frame, a data: page, some redirects) is never our own origin.
  if (origin !== null) return origin !== new URL(url).origin;
  const site = headers.get('sec-fetch-site');
  if (site !== null) return !SAME_SITE_FETCH.has(site.toLowerCase());
  return false;
}
