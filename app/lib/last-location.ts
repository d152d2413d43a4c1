/**
 * @module The in-app location the user came from, so a 403 can tell whether "back" leads
 * somewhere useful. Updated by a root-level effect; a page's own effects run before it, so while
 * a page's effects run, `lastLocation()` is still the page before.
 */
import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';

let last: string | null = null;

export function useRememberLocation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    last = `${pathname}${search}`;
  }, [pathname, search]);
}

export function lastLocation(): string | null {
  return last;
}
