/** @module The station list's state in the URL, and the API filters it stands for. */
import { POWER_TYPES } from '../../../domain/stations/statuses';

export const PAGE_SIZE = 25;
export const STATION_SORTS = ['name', 'uid', 'city', 'last_seen', 'connectors'] as const;

export interface StationListState {
  q: string;
  status: string[];
  city: string[];
  power: string | null;
  operator: number | null;
  owner: number | null;
  group: number | null;
  online: 'online' | 'offline' | null;
  sort: (typeof STATION_SORTS)[number];
  direction: 'asc' | 'desc';
  page: number;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const id = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function readStationState(url: URL): StationListState {
  const p = url.searchParams;
  const [sortKey, direction] = (p.get('sort') ?? 'name asc').split(' ');
  const power = p.get('power');
  const online = p.get('online');
  return {
    q: p.get('q')?.slice(0, 100) ?? '',
    status: list(p.get('status')),
    city: list(p.get('city')),
    power: power && (POWER_TYPES as readonly string[]).includes(power) ? power : null,
    operator: id(p.get('operator')),
    owner: id(p.get('owner')),
    group: id(p.get('group')),
    online: online === 'online' || online === 'offline' ? online : null,
    sort: (STATION_SORTS as readonly string[]).includes(sortKey ?? '') ? (sortKey as StationListState['sort']) : 'name',
    direction: direction === 'desc' ? 'desc' : 'asc',
    page: Math.max(0, Number.parseInt(p.get('page') ?? '0', 10) || 0),
  };
}

export function stationSearch(s: StationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (s.q) params.set('q', s.q);
  if (s.status.length) params.set('status', s.status.join(','));
  if (s.city.length) params.set('city', s.city.join(','));
  if (s.power) params.set('power', s.power);
  if (s.operator) params.set('operator', String(s.operator));
  if (s.owner) params.set('owner', String(s.owner));
  if (s.group) params.set('group', String(s.group));
  if (s.online) params.set('online', s.online);
  if (s.sort !== 'name' || s.direction !== 'asc') params.set('sort', `${s.sort} ${s.direction}`);
  if (s.page) params.set('page', String(s.page));
  return params;
}

export function stationApiFilters(s: StationListState) {
  return {
    sort: s.sort,
    direction: s.direction,
    ...(s.q ? { keyword: s.q } : {}),
    ...(s.status.length ? { status: s.status } : {}),
    ...(s.city.length ? { city: s.city } : {}),
    ...(s.power ? { power_type: s.power as (typeof POWER_TYPES)[number] } : {}),
    ...(s.operator ? { operator_id: s.operator } : {}),
    ...(s.owner ? { owner_id: s.owner } : {}),
    ...(s.group ? { group_id: s.group } : {}),
    ...(s.online ? { online: s.online } : {}),
  };
}
