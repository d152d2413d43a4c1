/** @module The connector list's state, read from and written to the URL (shared by loader and page). */

export const PAGE_SIZE = 25;
export const SORT_KEYS = ['evse_id', 'station', 'city', 'status', 'max_power', 'status_changed_at'] as const;
export const POWER_TYPES = ['AC_1_PHASE', 'AC_3_PHASE', 'DC'] as const;

export interface ListState {
  q: string;
  status: string[];
  city: string[];
  power: string | null;
  sort: (typeof SORT_KEYS)[number];
  direction: 'asc' | 'desc';
  page: number;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/** The URL is the list's state, so a filtered page can be linked and reloaded. */
export function readState(url: URL): ListState {
  const p = url.searchParams;
  const [sortKey, direction] = (p.get('sort') ?? 'evse_id asc').split(' ');
  const sort = (SORT_KEYS as readonly string[]).includes(sortKey ?? '') ? (sortKey as ListState['sort']) : 'evse_id';
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
