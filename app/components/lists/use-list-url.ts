/** @module The URL state of a list page in the browser: filters change the URL (the loader filters), typing searches after a pause. */
import { useSearchParams } from '@remix-run/react';
import { useCallback } from 'react';
import { nextListState } from '../../lib/list-url';
import { useDebouncedSearch } from './list-controls';

export interface ListUrl<S extends { q: string; page: number }> {
  state: S;
  /** Writes the state after `changes` to the URL (a change other than the page starts at the first page). */
  update: (changes: Partial<S>) => void;
  /** The search field's text, written to the URL as `q` after a pause. */
  query: string;
  setQuery: (q: string) => void;
}

/**
 * `state` is what the loader read from the URL; `toSearch` writes a state back (a module-level function, so the
 * callbacks stay stable). The URL is replaced, not pushed, and the scroll position kept.
 */
export function useListUrl<S extends { q: string; page: number }>(
  state: S,
  toSearch: (state: S) => URLSearchParams,
): ListUrl<S> {
  const [, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<S>) =>
      setParams(toSearch(nextListState(state, changes)), { preventScrollReset: true, replace: true }),
    [state, setParams, toSearch],
  );
  const [query, setQuery] = useDebouncedSearch(
    state.q,
    useCallback((q: string) => update({ q } as Partial<S>), [update]),
  );
  return { state, update, query, setQuery };
}
