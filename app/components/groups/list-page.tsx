/** @module The search + pagination state of the groups area's simple lists, kept in the URL (`q`, `page`). */
import { useSearchParams } from '@remix-run/react';
import { TextField } from '@shopify/polaris';
import { useCallback } from 'react';
import { useDebouncedSearch } from '../lists/list-controls';

export const PAGE_SIZE = 25;

/** `q` and the 0-based `page` of a list URL. */
export function listState(url: URL) {
  const page = Number(url.searchParams.get('page') ?? '0');
  return {
    q: (url.searchParams.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 0 && page < 100_000 ? page : 0,
  };
}

/** The query string for the list API: filters only when given, page from 0 (spec 2 section 5). */
export function listQuery(state: { q: string; page: number }, size = PAGE_SIZE) {
  return {
    ...(state.q ? { keyword: state.q } : {}),
    page: String(state.page),
    items_per_page: String(size),
  };
}

/** A search field writing `q` to the URL after a pause, and a page changer. */
export function useListUrl(state: { q: string; page: number }) {
  const [, setParams] = useSearchParams();
  const update = useCallback(
    (next: { q: string; page: number }) => {
      const params = new URLSearchParams();
      if (next.q) params.set('q', next.q);
      if (next.page) params.set('page', String(next.page));
      setParams(params, { preventScrollReset: true, replace: true });
    },
    [setParams],
  );
  const [query, setQuery] = useDebouncedSearch(
    state.q,
    useCallback((q: string) => update({ q, page: 0 }), [update]),
  );
  const goTo = useCallback((page: number) => update({ q: state.q, page }), [update, state.q]);
  return { query, setQuery, goTo };
}

export function SearchField(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      labelHidden
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      clearButton
      onClearButtonClick={() => props.onChange('')}
      autoComplete="off"
    />
  );
}
