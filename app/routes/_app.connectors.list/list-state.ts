/** @module The connector list's state, read from and written to the URL (shared by loader and page). */
import { CONNECTOR_LIST_SORTS, POWER_TYPES } from '../../../domain/stations/statuses';

export const PAGE_SIZE = 25;
export { CONNECTOR_LIST_SORTS as SORT_KEYS, POWER_TYPES };

export interface ListState {
  q: string;
  status: string[];
  city: string[];
  power: string | null;
  operator: number | null;
  owner: number | null;
  group: number | null;
  sort: (typeof CONNECTOR_LIST_SORTS)[number];
  direction: 'asc' | 'desc';
  page: number;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

const id = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The API filters of a list state (only those given), shared by the loader and the export. */
export function apiFilters(state: ListState) {
  return {
    sort: state.sort,
    direction: state.direction,
    ...(state.q ? { keyword: state.q } : {}),
    ...(state.status.length ? { status: state.status } : {}),
    ...(state.city.length ? { city: state.city } : {}),
    ...(state.power ? { power_type: state.power as (typeof POWER_TYPES)[number] } : {}),
    ...(state.operator ? { operator_id: state.operator } : {}),
    ...(state.owner ? { owner_id: state.owner } : {}),
    ...(state.group ? { group_id: state.group } : {}),
  };
}

/** The URL is the list's state, so a filtered page can be linked and reloaded. */
export function readState(url: URL): ListState {
  const p = url.searchParams;
  const [sortKey, direction] = (p.get('sort') ?? 'evse_id asc').split(' ');
  const sort = (CONNECTOR_LIST_SORTS as readonly string[]).includes(sortKey ?? '')
    ? (sortKey as ListState['sort'])
    : 'evse_id';
  const power = p.get('power');
  return {
    q: p.get('q')?.slice(0, 100) ?? '',
    status: list(p.get('status')),
    city: list(p.get('city')),
    power: power && (POWER_TYPES as readonly string[]).includes(power) ? power : null,
    operator: id(p.get('operator')),
    owner: id(p.get('owner')),
    group: id(p.get('group')),
    sort,
    direction: direction === 'desc' ? 'desc' : 'asc',
    page: Math.max(0, Number.parseInt(p.get('page') ?? '0', 10) || 0),
  };
}
