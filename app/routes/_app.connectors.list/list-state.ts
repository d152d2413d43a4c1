/** @module The connector list's state, read from and written to the URL (shared by loader and page). */
import { CONNECTOR_LIST_SORTS, POWER_TYPES } from '../../../domain/stations/statuses';

export const PAGE_SIZE = 25;
export { CONNECTOR_LIST_SORTS as SORT_KEYS, POWER_TYPES };

export interface ListState {
  q: string;
  status: string[];
  city: string[];
  power: string | null;
  sort: (typeof CONNECTOR_LIST_SORTS)[number];
  direction: 'asc' | 'desc';
  page: number;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

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
    sort,
    direction: direction === 'desc' ? 'desc' : 'asc',
    page: Math.max(0, Number.parseInt(p.get('page') ?? '0', 10) || 0),
  };
}
