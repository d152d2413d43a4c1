/** @module The station list's state in the URL, and the API filters it stands for. */
import {
  type NetworkFilters,
  networkApiFilters,
  readNetworkFilters,
  readPage,
  writeNetworkFilters,
} from '../../lib/network-filters';

export const PAGE_SIZE = 25;
export const STATION_SORTS = ['name', 'uid', 'city', 'last_seen', 'connectors'] as const;

export interface StationListState extends NetworkFilters {
  online: 'online' | 'offline' | null;
  sort: (typeof STATION_SORTS)[number];
  direction: 'asc' | 'desc';
  page: number;
}

export function readStationState(url: URL): StationListState {
  const p = url.searchParams;
  const [sortKey, direction] = (p.get('sort') ?? 'name asc').split(' ');
  const online = p.get('online');
  return {
    ...readNetworkFilters(p),
    online: online === 'online' || online === 'offline' ? online : null,
    sort: (STATION_SORTS as readonly string[]).includes(sortKey ?? '') ? (sortKey as StationListState['sort']) : 'name',
    direction: direction === 'desc' ? 'desc' : 'asc',
    page: readPage(p),
  };
}

export function stationSearch(s: StationListState): URLSearchParams {
  const params = writeNetworkFilters(s, new URLSearchParams());
  if (s.online) params.set('online', s.online);
  if (s.sort !== 'name' || s.direction !== 'asc') params.set('sort', `${s.sort} ${s.direction}`);
  if (s.page) params.set('page', String(s.page));
  return params;
}

export function stationApiFilters(s: StationListState) {
  return {
    sort: s.sort,
    direction: s.direction,
    ...networkApiFilters(s),
    ...(s.online ? { online: s.online } : {}),
  };
}
