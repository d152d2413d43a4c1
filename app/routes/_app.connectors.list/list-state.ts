/** @module The connector list's state, read from and written to the URL (shared by loader and page). */
import { CONNECTOR_LIST_SORTS, POWER_TYPES } from '@domain/stations/statuses';
import {
  type NetworkFilters,
  networkApiFilters,
  readNetworkFilters,
  readPage,
  writeNetworkFilters,
} from '../../lib/network-filters';

export const PAGE_SIZE = 25;
export { CONNECTOR_LIST_SORTS as SORT_KEYS, POWER_TYPES };

export interface ListState extends NetworkFilters {
  sort: (typeof CONNECTOR_LIST_SORTS)[number];
  direction: 'asc' | 'desc';
  page: number;
  /** Connector group (tag) filter, `tag` in the URL (the API's `tag_id`). Kept here, not in the shared network filters. */
  tag: number | null;
}

/** The API filters of a list state (only those given), shared by the loader and the export. */
export function apiFilters(state: ListState) {
  return {
    sort: state.sort,
    direction: state.direction,
    ...networkApiFilters(state),
    ...(state.tag ? { tag_id: state.tag } : {}),
  };
}

/** The API filter of "every row the list matches" (no sort, no page): what a bulk change over all pages covers. */
export function bulkFilter(state: ListState) {
  const { sort: _sort, direction: _direction, ...filter } = apiFilters(state);
  return filter;
}

const positiveId = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The URL is the list's state, so a filtered page can be linked and reloaded. */
export function readState(url: URL): ListState {
  const p = url.searchParams;
  const [sortKey, direction] = (p.get('sort') ?? 'evse_id asc').split(' ');
  const sort = (CONNECTOR_LIST_SORTS as readonly string[]).includes(sortKey ?? '')
    ? (sortKey as ListState['sort'])
    : 'evse_id';
  return {
    ...readNetworkFilters(p),
    sort,
    direction: direction === 'desc' ? 'desc' : 'asc',
    page: readPage(p),
    tag: positiveId(p.get('tag')),
  };
}

/** The URL search of a list state (defaults left out). */
export function listSearch(s: ListState): URLSearchParams {
  const params = writeNetworkFilters(s, new URLSearchParams());
  if (s.sort !== 'evse_id' || s.direction !== 'asc') params.set('sort', `${s.sort} ${s.direction}`);
  if (s.tag) params.set('tag', String(s.tag));
  if (s.page) params.set('page', String(s.page));
  return params;
}
